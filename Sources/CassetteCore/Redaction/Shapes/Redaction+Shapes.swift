import Foundation

extension Redaction {
    /// A value a shape found in a message, with what found it and, in a URL or form, how it was written there.
    struct ShapedValue {
        let origin: SecretOrigin
        let value: String
        /// The value percent-encoded as it stood in a query or form, when that differs.
        var encoded: String?
    }

    /// The values of the rules' shapes in a message: in its URL, every header's value (and, for
    /// ``SecretShape/highEntropy``, the value of every header, query item, form field or JSON key whose name is
    /// credential-like; see ``AuthLikeName``) and its body, whatever its type.
    func shapedValues(url: String, headers: [String: String], body: Body?) -> [ShapedValue] {
        guard !matching.shapes.isEmpty || matching.findsHighEntropy else { return [] }
        var found: [ShapedValue] = []
        func scan(_ text: String) {
            for (shape, value) in matching.shapes.values(in: text) {
                found.append(Self.decoded(ShapedValue(origin: .shape(shape.name), value: value), plusIsSpace: false))
            }
        }
        scan(url)
        for (name, value) in headers {
            scan(value)
            // A URL in a header (`Location`) may spell a token with the strictest percent-encoding.
            if let query = Self.query(of: value), query.utf8.contains(UInt8(ascii: "%")) {
                found += encodedValues(in: query, plusIsSpace: false)
            }
            // A header a rule names holds its placeholder by now.
            if matching.findsHighEntropy, !matching.headerNames.contains(name), let place = AuthLikeName.place(name),
               let credential = AuthLikeName.credential(in: value, at: place) {
                found.append(ShapedValue(origin: .highEntropy(under: name.lowercased()), value: String(credential)))
            }
        }
        if let query = Self.query(of: url) {
            found += encodedValues(in: query, plusIsSpace: false)
            if matching.findsHighEntropy, Self.mayNameCredential(query) {
                found += highEntropyFields(FormFields(query, plusIsSpace: false))
            }
        }
        if let body {
            let isJSON = body.looksLikeJSON
            for (shape, value) in matching.shapes.values(in: body.data) {
                let shaped = ShapedValue(origin: .shape(shape.name), value: value)
                found.append(isJSON ? ShapedValue(origin: shaped.origin, value: Self.unescaped(value)) : Self.decoded(shaped, plusIsSpace: true))
            }
            // A JSON writer may spell any character `\uXXXX`: strings written with such escapes are read decoded.
            if !matching.shapes.isEmpty, isJSON || EventStream.looksLikeEvents(body.data), SecretSet.holdsUnicodeEscape(body.data) {
                for string in JSONStringScanner.escapedStrings(in: body.data) {
                    for (shape, value) in matching.shapes.values(in: string) {
                        found.append(ShapedValue(origin: .shape(shape.name), value: value))
                    }
                }
            }
            if !isJSON, body.data.contains(UInt8(ascii: "%")), let text = String(data: body.data, encoding: .utf8) {
                found += encodedValues(in: text[...], plusIsSpace: true)
            }
            if matching.findsHighEntropy { found += highEntropyValues(in: body) }
        }
        return found
    }

    /// The values of a shape in the percent-encoded values of a query or form (`ghp%5F…`, as the strictest writers
    /// encode `_`), each with how it was written when it is the field's whole value.
    private func encodedValues(in text: Substring, plusIsSpace: Bool) -> [ShapedValue] {
        guard !matching.shapes.isEmpty, Self.escapesTokenCharacters(text) else { return [] }
        var found: [ShapedValue] = []
        for field in FormFields(text, plusIsSpace: plusIsSpace).fields where field.encodedValue.utf8.contains(UInt8(ascii: "%")) {
            let value = field.value
            for (shape, hit) in matching.shapes.values(in: value) {
                found.append(ShapedValue(origin: .shape(shape.name), value: hit,
                                         encoded: hit == value ? String(field.encodedValue) : nil))
            }
        }
        return found
    }

    /// The query of a URL (what stands between `?` and `#`), found without parsing the rest.
    private static func query(of url: String) -> Substring? {
        let bytes = url.utf8
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let start = bytes.index(after: mark)
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        return url[start..<end]
    }

    /// Whether `text` percent-encodes a character a token is written with (`_`, `-`, `.`, `=`, a letter or a digit),
    /// as only the strictest encoders do: otherwise a token stands in it as it is, and the plain scan finds it.
    private static func escapesTokenCharacters(_ text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            for index in 0..<(bytes.count - 2) where bytes[index] == UInt8(ascii: "%") {
                guard let high = FormFields.hexValue(bytes[index + 1]), let low = FormFields.hexValue(bytes[index + 2]) else { continue }
                let byte = high << 4 | low
                if byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "=") {
                    return true
                }
            }
            return false
        }
    }

    /// Whether a query or form may hold a credential-like name: one that holds none is not parsed for one.
    private static func mayNameCredential(_ text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { AuthLikeName.anyName.mayOccur(in: UnsafeRawBufferPointer($0)) }
    }

    /// A value as the code knows it when a form or URL spelled it with percent-encoding: a PEM block's line breaks are
    /// `%0A` there (and its spaces `+` in a form), known by the text that spelled them.
    private static func decoded(_ shaped: ShapedValue, plusIsSpace: Bool) -> ShapedValue {
        let value = shaped.value
        guard value.utf8.contains(UInt8(ascii: "%")), value.contains("%0A") || value.contains("%0a") || value.contains("%0D")
            || value.contains("%0d") else { return shaped }
        return ShapedValue(origin: shaped.origin, value: FormFields.decode(value[...], plusIsSpace: plusIsSpace), encoded: value)
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
    private func highEntropyValues(in body: Body) -> [ShapedValue] {
        guard body.data.withUnsafeBytes(AuthLikeName.anyName.mayOccur) else { return [] }
        if body.looksLikeJSON || EventStream.looksLikeEvents(body.data) {
            let members = JSONStringScanner.stringMembers(in: body.data) { AuthLikeName.place(bytes: $0) != nil }
            return members.compactMap { name, value in
                guard let place = AuthLikeName.place(name), AuthLikeName.credential(in: value, at: place) == value[...] else {
                    return nil
                }
                return ShapedValue(origin: .highEntropy(under: name), value: value)
            }
        }
        guard body.data.contains(UInt8(ascii: "=")), let text = String(data: body.data, encoding: .utf8) else { return [] }
        return highEntropyFields(FormFields(text[...], plusIsSpace: true))
    }

    /// The long, varied values of the fields with credential-like names.
    private func highEntropyFields(_ fields: FormFields) -> [ShapedValue] {
        fields.fields.compactMap { field in
            // `?key=` is how several APIs take an API key (Google's); a random-looking one is taken as such.
            guard let place = AuthLikeName.place(field.name) ?? (SecretName.normalized(field.name) == "key" ? .credential : nil) else {
                return nil
            }
            let value = field.value
            guard AuthLikeName.credential(in: value, at: place) == value[...] else { return nil }
            return ShapedValue(origin: .highEntropy(under: field.name), value: value, encoded: String(field.encodedValue))
        }
    }
}
