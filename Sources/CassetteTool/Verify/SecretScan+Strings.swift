import CassetteCore

extension SecretScan.Pass {
    /// `string`: what a string may hold besides itself. JSON (walked, its paths after ` <json>`); a URL's
    /// user-information password; a URL's query items; and for a text body also multipart fields and, unless it
    /// holds a `?`, form fields.
    mutating func string(_ text: String, path: String, side: SecretScan.Side, isTextBody: Bool = false) {
        enter(path)
        let stripped = PythonText.strip(text[...])
        if let first = stripped.utf8.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "["), stripped.utf8.count > 1,
           let parsed = PythonJSONParser.parse(stripped) {
            switch parsed {
            case .object, .array:
                innerJSONDepth += 1
                walk(parsed, path: path + " <json>", side: side)
                innerJSONDepth -= 1
            default:
                break
            }
        }
        if let userInformation = ScanPatterns.userInformation(text),
           let (_, password) = PythonText.splitOnce(userInformation, on: UInt8(ascii: ":")) {
            value(PythonText.unquote(password), path: "\(path) (user information)", name: "password", side: side)
        }
        if let (_, query) = PythonText.splitOnce(text[...], on: UInt8(ascii: "?")), PythonText.contains(text, "://") {
            fields(PythonText.before(query, UInt8(ascii: "#")), path: path, side: side, plusIsSpace: false)
        }
        if isTextBody {
            for field in ScanPatterns.multipartFields(text) where scan.parameterNames.contains(field.name) {
                value(field.content, path: "\(path) (multipart field \(field.name))", name: field.name, side: side)
            }
            if !PythonText.has(text, UInt8(ascii: "?")), PythonText.has(text, UInt8(ascii: "=")) {
                fields(text[...], path: path, side: side, plusIsSpace: true)
            }
        }
    }

    /// `fields`: `name=value` pairs split at `&`, percent-decoded (with `+` as a space in a form body). A named
    /// one is a value; one whose value holds a `?` is also a URL whose query is looked into, four levels at most.
    mutating func fields(_ text: Substring, path: String, side: SecretScan.Side, plusIsSpace: Bool, depth: Int = 0) {
        for field in PythonText.split(text, on: UInt8(ascii: "&")) {
            guard let (rawName, rawValue) = PythonText.splitOnce(field, on: UInt8(ascii: "=")) else { continue }
            let name = plusIsSpace ? PythonText.unquotePlus(rawName) : PythonText.unquote(rawName)
            let fieldValue = plusIsSpace ? PythonText.unquotePlus(rawValue) : PythonText.unquote(rawValue)
            let here = "\(path) ?\(name)"
            if scan.parameterNames.contains(name) {
                value(fieldValue, path: here, name: name, side: side)
            }
            if depth < 4, let (_, query) = PythonText.splitOnce(fieldValue[...], on: UInt8(ascii: "?")) {
                fields(PythonText.before(query, UInt8(ascii: "#")), path: here, side: side, plusIsSpace: false, depth: depth + 1)
            }
        }
    }
}
