import Caching
import Foundation

extension Redaction {
    /// The values of the rules' shapes in a message: in its URL, every header's name and value and its body,
    /// whatever its type, as written, percent-encoded and JSON-escaped; for ``SecretShape/highEntropy``, the value of
    /// every header, query item, form field or JSON key whose name is credential-like (see ``AuthLikeName``). Read
    /// in every round of ``settlingShapes(_:in:add:replace:)``: a name may say so only once a shape in it is replaced.
    func shapedValues(url: String, headers: [String: String], body: Body?) -> [Found] {
        guard !matching.shapes.isEmpty || matching.findsHighEntropy else { return [] }
        var found: [Found] = []
        func add(_ values: [(shape: SecretShape, value: String)]) {
            for (shape, value) in values {
                found.append(Self.decoded(Found(origin: .shape(shape.name), value: value), plusIsSpace: false))
            }
        }
        add(matching.shapes.values(in: url))
        for (name, value) in headers.inKeyOrder {
            add(matching.shapes.values(in: value))
            // A header name's words are joined by `-`, which a token's start does not follow (`X-AKIA…`).
            add(matching.shapes.values(inName: name, separators: Self.headerNameSeparators))
            // A header may spell a token with percent-encoding: a URL's (`Location`), a cookie's value; a name too.
            for text in [value, name] where text.containsByte(UInt8(ascii: "%")) {
                found += encodedValues(in: Array(text.utf8), plusIsSpace: false)
            }
            // A header a rule names holds its placeholder by now. (The name's place first: most names have none, and
            // telling costs less than the rules' lookup.)
            if matching.findsHighEntropy, let place = AuthLikeName.place(name), !matching.headerNames.contains(name),
               let credential = AuthLikeName.credential(in: value, at: place) {
                found.append(Found(origin: .highEntropy(under: name.lowercased()), value: String(credential)))
            }
            // A `Location` is a URL: its query items are read as the message's URL's are.
            if name.equalsIgnoringASCIICase("Location") { found += highEntropyQueryFields(of: value) }
        }
        // Percent-encoding anywhere in the URL: its path too may spell a token so.
        if url.containsByte(UInt8(ascii: "%")) { found += encodedValues(in: Array(url.utf8), plusIsSpace: false) }
        found += highEntropyQueryFields(of: url)
        if let body {
            let isJSON = body.looksLikeJSON
            for (shape, value) in matching.shapes.values(in: body.data) {
                let shaped = Found(origin: .shape(shape.name), value: value)
                found.append(isJSON ? Found(origin: shaped.origin, value: Self.unescaped(value)) : Self.decoded(shaped, plusIsSpace: true))
            }
            // A JSON writer may spell any character `\uXXXX`: strings written with such escapes are read decoded,
            // wherever JSON stands (a JSON body, an event, a multipart part, a script in a page).
            if !matching.shapes.isEmpty, SecretSet.holdsEscape(body.data) {
                for string in JSONStringScanner.escapedStrings(in: body.data) {
                    for (shape, value) in matching.shapes.values(in: string) {
                        // Known as the code knows it: a level may still spell a PEM block's line breaks `\n`.
                        found.append(Found(origin: .shape(shape.name), value: Self.unescaped(value)))
                    }
                }
            }
            if body.data.containsByte(UInt8(ascii: "%")) {
                found += encodedValues(in: [UInt8](body.data), plusIsSpace: !isJSON)
            }
            if matching.findsHighEntropy { found += highEntropyValues(in: body) }
        }
        return found
    }

    /// What joins the words of a header's name (see ``ShapeScan/values(inName:separators:)``), made once: a set
    /// literal in the loop over headers built one for every header of every replayed request.
    private static let headerNameSeparators: Set<UInt8> = [UInt8(ascii: "-")]

    /// What `replace` makes of `message` once it shows no value of a shape left to find: `message` as the rules left
    /// it is replaced, then read for shapes, and replaced again while a round finds a value new to `add` (which says
    /// whether it was). A value may stand alone only once what ran on into it is replaced: a secret the rules found,
    /// or a value of a shape found inside a longer run (two keys written together). The usual case is one
    /// replacement and one reading; four rounds at most.
    func settlingShapes<Message>(_ message: Message, in scan: (Message) -> [Found],
                                 add: (Found) -> Bool, replace: (Message) -> Message) -> Message {
        var result = replace(message)
        for _ in 0..<4 {
            var added = false
            for value in scan(result) where add(value) { added = true }
            guard added else { break }
            result = replace(message)
        }
        return result
    }

    /// The values of a shape in percent-encoded text (a query and fragment, a form, any body), however its
    /// characters are encoded (`ghp%5F…` as the strictest writers encode `_`, `%67hp_…`, a name or a value), each
    /// with the spelling that stood in the text: the text decoded once, each byte remembering where it was spelled.
    private func encodedValues(in bytes: [UInt8], plusIsSpace: Bool) -> [Found] {
        guard !matching.shapes.isEmpty, Self.escapesTokenCharacters(bytes),
              let decoded = bytes.withUnsafeBytes({ JSONStringScanner.percentDecoded($0, plusIsSpace: plusIsSpace) }) else { return [] }
        let hits = decoded.decoded.withUnsafeBytes { matching.shapes.hits(in: $0) }
        // A value the plain scan finds where it stands is its to report (in a JSON body, known unescaped).
        let plain = Set(bytes.withUnsafeBytes { matching.shapes.hits(in: $0) }.map(\.range))
        return hits.compactMap { hit in
            let raw = decoded.rawRange(of: hit.range)
            guard !plain.contains(raw) else { return nil }
            return Found(origin: .shape(hit.shape.name), value: String(decoding: decoded.decoded[hit.range], as: UTF8.self),
                               encoded: String(decoding: bytes[raw], as: UTF8.self))
        }
    }

    /// Whether `bytes` percent-encode a character a token is written with (`_`, `-`, `.`, `=`, a letter or a digit),
    /// as only the strictest encoders do, or a letter or digit follows an escape (`%20ghp_…`, where the plain scan
    /// sees the escape's last digit run on into the token): otherwise a token stands in it as it is, and the plain
    /// scan finds it.
    private static func escapesTokenCharacters(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2) where bytes[index] == UInt8(ascii: "%") {
            guard let high = JSONStringEscapes.hexDigit(bytes[index + 1]), let low = JSONStringEscapes.hexDigit(bytes[index + 2]) else { continue }
            if index + 3 < bytes.count, bytes[index + 3].isASCIIAlphanumeric { return true }
            let byte = high << 4 | low
            if byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "=") {
                return true
            }
        }
        return false
    }

    /// A value as the code knows it when a form or URL spelled it with percent-encoding: a PEM block's line breaks are
    /// `%0A` there (and its spaces `+` in a form), known by the text that spelled them.
    private static func decoded(_ shaped: Found, plusIsSpace: Bool) -> Found {
        let value = shaped.value
        guard value.utf8.contains(UInt8(ascii: "%")), value.contains("%0A") || value.contains("%0a") || value.contains("%0D")
            || value.contains("%0d") else { return shaped }
        return Found(origin: shaped.origin, value: FormFields.decode(value[...], plusIsSpace: plusIsSpace), encoded: value)
    }

    /// A value as the code knows it when a JSON string (or one inside another) spelled it with escapes: a PEM
    /// block's line breaks are `\n` there, and one writer's `\/` is another's `/`. Known as the code knows it, the
    /// value is found in every spelling (see ``WireForm``), and replay writes each back.
    private static func unescaped(_ value: String) -> String {
        var value = value
        for _ in 0..<JSONValue.nestedJSONDepth where value.utf8.contains(UInt8(ascii: "\\")) {
            guard case .string(let decoded)? = JSONValue(parsing: Data(("\"" + value + "\"").utf8)) else { break }
            value = decoded
        }
        return value
    }

    /// The long, varied values under credential-like names in a JSON (or event stream) or form body. JSON is read
    /// for its string members in one pass, not parsed: the scan runs on every replayed request's body.
    private func highEntropyValues(in body: Body) -> [Found] {
        guard body.data.withUnsafeBytes(AuthLikeName.anyName.mayOccur) else { return [] }
        if body.looksLikeJSON || EventStream.looksLikeEvents(body.data) {
            // Only names that say a credential are read (a JSON key `key` alone says none), each as a field's.
            let members = JSONStringScanner.stringMembers(in: body.data) { AuthLikeName.place(bytes: $0) != nil }
            return members.compactMap { name, value, _ in highEntropy(under: name, value: value).map { Found(origin: $0, value: value) } }
        }
        guard body.data.containsByte(UInt8(ascii: "=")), let text = String(data: body.data, encoding: .utf8) else { return [] }
        return highEntropyFields(FormFields(text[...], plusIsSpace: true).fields)
    }

    /// The long, varied values of the query items and fragment items with credential-like names of `url`, and of the
    /// URLs its query values hold (`/redirect?to=%2Fcb%3Fcode%3D…`), ``FormFields/nestedQueryDepth`` levels deep.
    private func highEntropyQueryFields(of url: String) -> [Found] {
        guard matching.findsHighEntropy, let mark = url.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else {
            return []
        }
        var query = url[url.utf8.index(after: mark)...]
        // A query that holds no credential-like name is not parsed for one.
        guard query.withUTF8({ AuthLikeName.anyName.mayOccur(in: UnsafeRawBufferPointer($0)) }) else { return [] }
        let fields = FormFields(query, plusIsSpace: false)
        return highEntropyFields(fields.fields) + highEntropyFields(fields.nestedQueryFields())
    }

    /// The long, varied values of the fields with credential-like names.
    private func highEntropyFields(_ fields: [FormFields.Field]) -> [Found] {
        fields.compactMap { field in
            highEntropy(under: field.name, value: field.value).map { Found(origin: $0, value: field.value, encoded: String(field.encodedValue)) }
        }
    }

    /// Whether the value of a field (a query or fragment item, a form field, a JSON member) under `name` is a secret by
    /// ``SecretShape/highEntropy``: a credential-like name whose value looks generated. `?key=` is how several APIs
    /// take an API key (Google's), `code=` is OAuth 2's authorization code (in the redirect to the app, and in its
    /// token request), `sig=` an Azure SAS signature: a random-looking one is taken as such.
    private func highEntropy(under name: String, value: String) -> SecretOrigin? {
        guard matching.findsHighEntropy,
              let place = AuthLikeName.place(name) ?? (["key", "code", "sig"].contains(SecretName.normalized(name)) ? .credential : nil) else {
            return nil
        }
        return AuthLikeName.credential(in: value, at: place) == value[...] ? .highEntropy(under: name) : nil
    }
}
