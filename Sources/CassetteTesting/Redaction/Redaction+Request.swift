import Foundation

extension Redaction {
    /// The request as a cassette stores it, and the secrets it carried.
    ///
    /// Rules find secrets in headers, query items, form fields and JSON values; with the rules' literal secrets
    /// and the values the cassette `learned` from earlier responses, each is then replaced wherever it appears in
    /// the request. Matching and error messages see only the stored request.
    func redact(_ request: RecordedRequest, learned: [InteractionSecret] = []) -> (stored: RecordedRequest, secrets: SecretSet) {
        var secrets = SecretSet(stem: placeholder)
        // Literal secrets first: where one is also found by a rule, its caller's placeholder names it.
        for literal in self.secrets { secrets.add(literal: literal) }
        var stored = request
        if !request.headers.isEmpty {
            stored.headers = redact(headers: request.headers) { name, value in
                secrets.add(requestValue: value, name: name)?.placeholder
            }
        }
        if !matching.parameterNames.isEmpty {
            stored.url = redact(queryOf: request.url, into: &secrets)
        }
        if let body = request.body {
            stored.body = redact(requestBody: body, contentType: request.headers.value(caseInsensitiveKey: "Content-Type"),
                                 into: &secrets)
        }
        for secret in learned { secrets.add(learned: secret) }
        guard !secrets.isEmpty else { return (stored, secrets) }
        return (secrets.replacingSecrets(in: stored), secrets)
    }

    /// `headers` with the values of every header a rule names replaced by what `placeholder` gives for them
    /// (`nil` keeps the value).
    func redact(headers: [String: String], placeholder: (_ name: String, _ value: String) -> String?) -> [String: String] {
        var result = headers
        for (name, value) in headers where matching.headerNames.contains(SecretName.normalized(name)) {
            var extra: [(name: String, value: String)] = []
            let found = HeaderValueSecrets.find(in: value, header: name.lowercased(), extraSecrets: &extra)
            var redacted = ""
            var cursor = value.startIndex
            for secret in found {
                guard let replacement = placeholder(secret.name, secret.value) else { continue }
                redacted += value[cursor..<secret.range.lowerBound]
                redacted += replacement
                cursor = secret.range.upperBound
            }
            redacted += value[cursor...]
            for secret in extra { _ = placeholder(secret.name, secret.value) }
            result[name] = redacted
        }
        return result
    }

    /// `url` with the values of the query items a rule names replaced by their percent-encoded placeholders.
    private func redact(queryOf url: String, into secrets: inout SecretSet) -> String {
        guard url.utf8.contains(UInt8(ascii: "?")), let query = URLParts(url).query else { return url }
        let fields = FormFields(query, plusIsSpace: false)
        return replacing(fields, in: url, into: &secrets)
    }

    /// `text` with the values of the fields a rule names replaced by their percent-encoded placeholders.
    private func replacing(_ fields: FormFields, in text: String, into secrets: inout SecretSet) -> String {
        var result = ""
        var cursor = text.startIndex
        for field in fields.fields where matching.parameterNames.contains(SecretName.normalized(field.name)) {
            guard let secret = secrets.add(requestValue: field.value, encoded: String(field.encodedValue), name: field.name) else {
                continue
            }
            result += text[cursor..<field.valueRange.lowerBound]
            result += secret.encodedPlaceholder
            cursor = field.valueRange.upperBound
        }
        guard cursor != text.startIndex else { return text }
        result += text[cursor...]
        return result
    }

    /// A request body with the form fields or JSON values a rule names replaced.
    private func redact(requestBody body: Body, contentType: String?, into secrets: inout SecretSet) -> Body {
        let type = ContentType(contentType)
        if type?.isForm == true, let text = String(data: body.data, encoding: .utf8) {
            let redacted = replacing(FormFields(text[...], plusIsSpace: true), in: text, into: &secrets)
            return redacted == text ? body : Body(Data(redacted.utf8))
        }
        if let boundary = type?.multipartBoundary, let multipart = MultipartBody(body.data, boundary: boundary) {
            return redact(multipart, of: body, into: &secrets)
        }
        return redact(jsonBody: body) { name, value in secrets.add(requestValue: value, name: name) }
    }

    /// A multipart body with the text fields a rule names replaced by their placeholders.
    private func redact(_ multipart: MultipartBody, of body: Body, into secrets: inout SecretSet) -> Body {
        var result = Data()
        var cursor = 0
        let data = body.data
        for part in multipart.parts where !part.isFile {
            guard let name = part.fieldName, matching.parameterNames.contains(SecretName.normalized(name)),
                  let value = String(data: data[(data.startIndex + part.content.lowerBound)..<(data.startIndex + part.content.upperBound)], encoding: .utf8),
                  let secret = secrets.add(requestValue: value, name: name) else {
                continue
            }
            result.append(data[(data.startIndex + cursor)..<(data.startIndex + part.content.lowerBound)])
            result.append(Data(secret.placeholder.utf8))
            cursor = part.content.upperBound
        }
        guard cursor > 0 else { return body }
        result.append(data[(data.startIndex + cursor)...])
        return Body(result)
    }

    /// A JSON body with each string value at a rule's key path replaced, as a JSON string, by the placeholder
    /// `secret` gives it (`nil` keeps the value). Bodies that are not JSON come back unchanged, as do their bytes:
    /// values are replaced in place, so keys keep their order.
    func redact(jsonBody body: Body, secret: (_ key: String, _ value: String) -> InteractionSecret?) -> Body {
        guard !matching.keyPaths.isEmpty, body.looksLikeJSON, matching.mayHoldKeys(body.data),
              let json = body.knownJSON ?? body.parsedJSON ?? JSONValue(parsing: body.data) else {
            return body
        }
        var pairs: [(find: String, replace: String)] = []
        for (key, value) in json.strings(at: matching.keyPaths) {
            guard let secret = secret(key, value) else { continue }
            for (find, replace) in secret.jsonStringReplacements where !pairs.contains(where: { $0.find == find }) {
                pairs.append((find, replace))
            }
        }
        guard !pairs.isEmpty else { return body.parsedJSON == nil ? Body(body.data, parsedJSON: json) : body }
        let data = body.data.replacing(pairs.sorted { $0.find.utf8.count > $1.find.utf8.count })
        return data == body.data ? body : Body(data)
    }
}

extension InteractionSecret {
    /// The secret as a whole JSON string (`"value"`, escaped as JSON writers do) with the JSON string of its placeholder.
    var jsonStringReplacements: [(find: String, replace: String)] {
        let escaped = Self.jsonEscaped(value)
        var pairs = [(find: "\"\(escaped)\"", replace: "\"\(escaped == value ? placeholder : jsonPlaceholder)\"")]
        let slashEscaped = escaped.replacingOccurrences(of: "/", with: "\\/")
        if slashEscaped != escaped { pairs.append(("\"\(slashEscaped)\"", "\"\(jsonPlaceholder)\"")) }
        return pairs
    }
}
