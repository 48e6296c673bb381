import CassetteCore

extension SecretScan.Pass {
    /// `HeaderValueSecrets.cookieAttributes`: the parts of a `Set-Cookie` that are not cookies.
    private static let cookieAttributes: Set<[UInt8]> = Set([
        "expires", "max-age", "domain", "path", "secure", "httponly", "samesite", "priority", "partitioned", "version",
        "comment", "commenturl", "discard", "port",
    ].map { Array($0.utf8) })

    /// `headers`, for a message's `headers`: the headers the rules name, and `Location` as a URL.
    mutating func headers(_ members: [String: JSONValue], path: String, side: SecretScan.Side) {
        for member in PythonJSON.sortedMembers(members) {
            guard case .string(let text) = member.value else { continue }
            let here = PythonJSON.keyPath(path, member.key)
            if scan.headerNames.contains(member.key) {
                header(member.key, text, path: here, side: side)
            } else if PythonText.same(PythonText.lower(member.key), "location") {
                string(text, path: here, side: side)
            }
        }
    }

    /// `header`: a secret header's value as the harness redacts it. Each cookie of `Cookie` (split at `;`) and
    /// `Set-Cookie` (split at `;` and `,`, attributes left out) is one value, surrounding quotes dropped;
    /// `Authorization` and `Proxy-Authorization` keep their scheme (what follows the first space is the value).
    mutating func header(_ name: String, _ text: String, path: String, side: SecretScan.Side) {
        enter(path)
        let lowered = PythonText.lower(name)
        if PythonText.same(lowered, "cookie") || PythonText.same(lowered, "set-cookie") {
            let separators: [UInt8] = PythonText.same(lowered, "cookie") ? [UInt8(ascii: ";")] : [UInt8(ascii: ";"), UInt8(ascii: ",")]
            let segments = text.utf8.split(omittingEmptySubsequences: false, whereSeparator: separators.contains)
            for segment in segments {
                guard let (rawCookie, rawValue) = PythonText.splitOnce(Substring(segment), on: UInt8(ascii: "=")) else { continue }
                let cookie = PythonText.strip(rawCookie)
                var cookieValue = PythonText.strip(rawValue)
                let scalars = cookieValue.unicodeScalars
                if scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" {
                    cookieValue = Substring(scalars.dropFirst().dropLast())
                }
                if !cookie.isEmpty, !Self.cookieAttributes.contains(Array(PythonText.lower(cookie).utf8)) {
                    value(cookieValue, path: "\(path) (cookie \(cookie))", name: name, side: side)
                }
            }
        } else if PythonText.same(lowered, "authorization") || PythonText.same(lowered, "proxy-authorization"),
                  let (_, credentials) = PythonText.splitOnce(text[...], on: UInt8(ascii: " ")) {
            value(PythonText.strip(credentials), path: path, name: name, side: side)
        } else {
            value(text, path: path, name: name, side: side)
        }
    }
}
