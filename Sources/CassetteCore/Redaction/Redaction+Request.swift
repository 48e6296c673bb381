import Foundation

extension Redaction {
    /// The request as a cassette stores it, and the secrets it carried.
    ///
    /// Rules find secrets in headers, query items, form fields and JSON values, and shapes anywhere (see
    /// ``SecretShape``); with the rules' literal secrets and the values the cassette `learned` from earlier
    /// responses, each is then replaced wherever it appears in the request, and so are `credentialPasswords`: the
    /// passwords a challenge's credential sent for it. Matching and error messages see only the stored request.
    func redact(_ request: RecordedRequest, learned: [InteractionSecret] = [],
                credentialPasswords: [String] = []) -> (stored: RecordedRequest, secrets: SecretSet) {
        var secrets = SecretSet(stem: placeholder)
        // Literal secrets first: where one is also found by a rule, its caller's placeholder names it.
        for literal in self.secrets { secrets.add(literal: literal) }
        // Then values learned from earlier answers: sent back where a rule looks (a bearer token, `refresh_token=`),
        // one keeps its learned placeholder, which is what replay serves the code and the code sends back.
        for secret in learned { secrets.add(learned: secret) }
        let contentType = ContentType(request.header("Content-Type"))
        // A multipart boundary is no secret, but it changes with every request and servers echo it: restored
        // like a secret, an echo replays as live.
        if let boundary = contentType?.multipartBoundary, boundary.count >= Self.minimumVolatileLength {
            secrets.add(literal: Secret(value: boundary, placeholder: Self.boundaryPlaceholder), origin: .boundary)
        }
        var stored = request
        if !request.headers.isEmpty {
            stored.headers = redact(headers: request.headers) { origin, value in
                secrets.add(requestValue: value, origin: origin)?.placeholder
            }
        }
        // A header may hold a URL (`Referer`, `X-Callback-URL`): its query items a rule names are secrets.
        for value in request.headers.values where value.containsByte(UInt8(ascii: "?")) {
            addLinkParameters(of: Data(value.utf8), to: &secrets)
        }
        // The passwords of the URL and of URLs it holds (`/redirect-to?url=https%3A%2F%2Fu%3Apw%40host`), and the
        // Basic credential URLSession sends for them, which servers echo: replaced below, restored on replay.
        for credential in UserInfoPasswords.find(in: request.url) {
            secrets.add(requestValue: credential.password, encoded: credential.writtenPassword, origin: .urlPassword)
            secrets.add(requestValue: credential.basic, origin: .urlPassword)
        }
        if !matching.parameterNames.isEmpty {
            stored.url = redact(queryOf: stored.url, into: &secrets)
        }
        if let body = request.body {
            stored.body = redact(requestBody: body, contentType: contentType, into: &secrets)
        }
        // The password of a challenge's credential (see ``CredentialPlaceholders``): a secret of the whole interaction,
        // replaced wherever it stands, the URL's path too.
        for password in credentialPasswords {
            secrets.add(requestValue: password, origin: .credentialPassword(in: "authorization"))
        }
        // Values of a secret's shape, where no rule named them (what the rules replaced is no longer there to find).
        // A value learned from an answer keeps its placeholder: replay sends that placeholder back.
        let shaped = shapedValues(url: stored.url, headers: stored.headers, body: stored.body)
        let redacted = settlingShapes(stored, found: shaped, in: { shapedValues(url: $0.url, headers: $0.headers, body: $0.body) },
                                      add: { value in
            let isNew = secrets.secret(for: value.value) == nil
            secrets.add(requestValue: value.value, encoded: value.encoded, origin: value.origin)
            return isNew
        }, replace: { secrets.isEmpty ? $0 : secrets.replacingSecrets(in: $0) })
        return (redacted, secrets)
    }

    /// `headers` with the values of every header a rule names replaced by what `placeholder` gives for them
    /// (`nil` keeps the value).
    func redact(headers: [String: String], placeholder: (_ origin: SecretOrigin, _ value: String) -> String?) -> [String: String] {
        var result = headers
        for (name, value) in headers where matching.headerNames.contains(name) {
            var extra: [(origin: SecretOrigin, value: String)] = []
            let found = HeaderValueSecrets.find(in: value, header: name.lowercased(), extraSecrets: &extra)
            var redacted = ""
            var cursor = value.startIndex
            for secret in found {
                guard let replacement = placeholder(secret.origin, secret.value) else { continue }
                redacted += value[cursor..<secret.range.lowerBound]
                redacted += replacement
                cursor = secret.range.upperBound
            }
            redacted += value[cursor...]
            for secret in extra { _ = placeholder(secret.origin, secret.value) }
            result[name] = redacted
        }
        return result
    }

    /// A value that changes with every request (a multipart boundary) is restored like a secret from this length.
    static let minimumVolatileLength = 8

    /// What a multipart boundary becomes in a cassette.
    static let boundaryPlaceholder = "<BOUNDARY>"

    /// `url` with the values of the query items a rule names replaced by their percent-encoded placeholders. Items
    /// of a URL held in a query value (`?redirect=%2Fnext%3Ftoken%3D...`, see ``FormFields/nestedQueryFields(named:)``)
    /// are secrets too, replaced where they appear; so are the fragment's `name=value` items (OAuth 2's implicit
    /// flow answers `#access_token=…`).
    private func redact(queryOf url: String, into secrets: inout SecretSet) -> String {
        redactingParameters(of: url, readsQuery: { FormFields.queryMayHoldFields(named: matching.parameterNames, in: $0) }) {
            redact($0, in: $1, into: &secrets)
        }
    }

    /// `url` with `redact` applied to the fields of its query (when `readsQuery` says it may hold one a rule names)
    /// and of its fragment, each given with the text its fields index: a fragment's `name=value` items are query
    /// items to the rules (OAuth 2's implicit flow answers `#access_token=…`).
    func redactingParameters(of url: String, readsQuery: (String) -> Bool,
                             _ redact: (_ fields: FormFields, _ text: String) -> String) -> String {
        let (beforeFragment, fragment) = URLParts.splittingFragment(url)
        var result = fragment == nil ? url : String(beforeFragment)
        if readsQuery(result), let query = URLParts(result).query {
            result = redact(FormFields(query, plusIsSpace: false), result)
        }
        guard let fragment else { return result }
        let text = String(fragment)
        return result + "#" + redact(FormFields(text[...], plusIsSpace: false), text)
    }

    /// `text` with the values of the `fields` a rule names (from `text`'s query, or its fragment) replaced by their
    /// percent-encoded placeholders, and those of URLs held in their values found.
    private func redact(_ fields: FormFields, in url: String, into secrets: inout SecretSet) -> String {
        for inner in fields.nestedQueryFields(named: matching.parameterNames) {
            secrets.add(requestValue: inner.value, encoded: String(inner.encodedValue), origin: .queryItem(inner.name))
        }
        return replacing(fields, in: url) { field in
            let secret = secrets.add(requestValue: field.value, encoded: String(field.encodedValue), origin: .queryItem(field.name))
            // In a query a `+` is a plus to URL rules and a space to most servers: both values are secrets.
            if secret != nil, field.encodedValue.utf8.contains(UInt8(ascii: "+")) {
                secrets.add(requestValue: FormFields.decode(field.encodedValue, plusIsSpace: true), origin: .queryItem(field.name))
            }
            return secret
        }
    }

    /// `text` with the values of the fields a rule names replaced by the percent-encoded placeholders of the
    /// secrets `secret` gives them (`nil` keeps a value).
    func replacing(_ fields: FormFields, in text: String, secret: (FormFields.Field) -> InteractionSecret?) -> String {
        var result = ""
        var cursor = text.startIndex
        for field in fields.fields where matching.parameterNames.contains(field.name) {
            guard let secret = secret(field) else { continue }
            result += text[cursor..<field.valueRange.lowerBound]
            result += secret.placeholderInURL(for: String(field.encodedValue))
            cursor = field.valueRange.upperBound
        }
        guard cursor != text.startIndex else { return text }
        result += text[cursor...]
        return result
    }

    /// A request body with the form fields or JSON values a rule names replaced.
    ///
    /// A body is read as JSON when it looks like JSON, and otherwise as form fields whatever its `Content-Type`
    /// says: URLSession sends an `httpBody` without one as `application/x-www-form-urlencoded`, and a field a rule
    /// names is a secret in any text body.
    private func redact(requestBody body: Body, contentType type: ContentType?, into secrets: inout SecretSet) -> Body {
        if let multipart = MultipartBody(body.data, declaredBoundary: type?.multipartBoundary) {
            return redact(multipart, of: body, into: &secrets)
        }
        // The declared type first: a form's first field may start like JSON (`[x]=1&token=…`).
        if type?.isForm != true, body.looksLikeJSON {
            // A JSON string may hold a URL (`"webhook": "https://…/cb?token=…"`): its query items a rule names are
            // secrets too, replaced with the others.
            addLinkParameters(of: body.data, to: &secrets)
            return redact(jsonBody: body, integers: true) { origin, value in secrets.add(requestValue: value, origin: origin) }
        }
        guard !matching.parameterNames.isEmpty, body.data.containsByte(UInt8(ascii: "=")) else { return body }
        // Bytes that are not UTF-8 are read one byte a character (ISO Latin 1), so that writing back gives them unchanged.
        let encoding: String.Encoding = String(data: body.data, encoding: .utf8) != nil ? .utf8 : .isoLatin1
        guard let text = String(data: body.data, encoding: encoding) else { return body }
        let fields = FormFields(text[...], plusIsSpace: true)
        // A field may hold a URL (`redirect=https%3A%2F%2F…%3Ftoken%3D…`): its query items a rule names are secrets.
        for inner in fields.nestedQueryFields(named: matching.parameterNames) {
            secrets.add(requestValue: inner.value, encoded: String(inner.encodedValue), origin: .queryItem(inner.name))
        }
        let redacted = replacing(fields, in: text) { field in
            secrets.add(requestValue: field.value, encoded: String(field.encodedValue), origin: .formField(field.name))
        }
        // A page or other text that is no form may hold links: their query items a rule names are secrets too,
        // replaced with the others.
        if type?.isForm != true { addLinkParameters(of: body.data, to: &secrets) }
        return redacted == text ? body : redacted.data(using: encoding).map(Body.init) ?? body
    }

    /// Adds the query items a rule names of the URLs `text` holds (see ``LinkParameters``) to `secrets`.
    private func addLinkParameters(of text: Data, to secrets: inout SecretSet) {
        guard !matching.parameterNames.isEmpty else { return }
        for parameter in LinkParameters.find(in: text, named: matching.parameterNames) {
            secrets.add(requestValue: parameter.value, encoded: parameter.encodedValue, origin: .queryItem(parameter.name))
        }
    }

    /// A multipart body with the text fields a rule names replaced by their placeholders.
    private func redact(_ multipart: MultipartBody, of body: Body, into secrets: inout SecretSet) -> Body {
        var result = Data()
        var cursor = 0
        let data = body.data
        // A file of JSON (a credentials file, a service account's key) holds secrets by the JSON rules: found here,
        // replaced with the request's other secrets; the file's other bytes are the app's own.
        for part in multipart.parts where part.isFile && matching.readsJSON {
            let content = Body(data[(data.startIndex + part.content.lowerBound)..<(data.startIndex + part.content.upperBound)])
            guard content.looksLikeJSON, let json = JSONValue(parsing: content.data) else { continue }
            for (origin, value) in json.secrets(anywhere: matching.anywhereKeys, paths: matching.otherKeyPaths, headerNames: matching.headerNames, integers: true) {
                secrets.add(requestValue: value, origin: origin)
            }
        }
        for part in multipart.parts where !part.isFile {
            guard let name = part.fieldName, matching.parameterNames.contains(name),
                  let value = String(data: data[(data.startIndex + part.content.lowerBound)..<(data.startIndex + part.content.upperBound)], encoding: .utf8),
                  let secret = secrets.add(requestValue: value, origin: .formField(name)) else {
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

    /// A body that looks like JSON, may hold a rule's key, and does not parse (cut short, or another format that
    /// starts alike): read as text, failing closed, its string members under a rule's name are secrets all the same
    /// (see ``JSONStringScanner/stringMembers(in:where:)``). Each is replaced where it stands, whatever escapes spell
    /// it there (the placeholder of a JSON string in the usual escaping), then wherever else a JSON string holds it.
    private func redact(unparsedJSON body: Body, secret: (_ origin: SecretOrigin, _ value: String) -> InteractionSecret?) -> Body {
        var pairs: [(find: String, replace: String)] = []
        var replaced: [UInt8] = []
        var cursor = 0
        let data = [UInt8](body.data)
        for member in JSONStringScanner.stringMembers(in: body.data, where: { matching.parameterNames.contains(bytes: $0.assumingMemoryBound(to: UInt8.self)) }) {
            guard let secret = secret(.jsonKey(member.name), member.value) else { continue }
            pairs += secret.jsonStringReplacements
            guard member.valueRange.lowerBound >= cursor else { continue }
            replaced += data[cursor..<member.valueRange.lowerBound]
            replaced += Array(secret.otherJSONPlaceholder.utf8)
            cursor = member.valueRange.upperBound
        }
        guard !pairs.isEmpty else { return body }
        replaced += data[cursor...]
        return Body(Data(replaced)).replacing(with: Replacer(pairs))
    }

    /// A JSON body with each secret the rules find in it (see ``JSONValue/secrets(anywhere:paths:headerNames:integers:)``) given to
    /// `secret`, and each one that is a whole string value replaced, as a JSON string, by the placeholder `secret`
    /// gives it (`nil` keeps the value); other secrets are replaced where their interaction's secrets are searched
    /// for. Bodies that are not JSON come back unchanged, as do their bytes: values are replaced in place, so keys
    /// keep their order.
    ///
    /// An event stream (see ``EventStream``) is read event by event, the last one whether or not a blank line ends
    /// it: the JSON in each event's data is searched the same way, and the values found are replaced in the whole
    /// body.
    func redact(jsonBody body: Body, integers: Bool, secret: (_ origin: SecretOrigin, _ value: String) -> InteractionSecret?) -> Body {
        // The cheap looks first: a body that is neither JSON nor events is not scanned for key names at all.
        let isJSON = body.looksLikeJSON
        guard matching.readsJSON, isJSON || EventStream.looksLikeEvents(body.data), matching.mayHoldKeys(body.data) else { return body }
        let documents: [JSONValue]
        if isJSON {
            guard let json = body.knownJSON ?? body.parsedJSON ?? JSONValue(parsing: body.data) else {
                return redact(unparsedJSON: body, secret: secret)
            }
            documents = [json]
        } else {
            // Every event, the one a stream ended inside too: a client may read it, and redacting more is safe.
            documents = EventStream.readEvents(in: body.data).compactMap { event in
                Body(event.data).looksLikeJSON ? JSONValue(parsing: event.data) : nil
            }
        }
        var pairs: [(find: String, replace: String)] = []
        var found: Set<String> = []
        for json in documents {
            for (origin, value) in json.secrets(anywhere: matching.anywhereKeys, paths: matching.otherKeyPaths, headerNames: matching.headerNames, integers: integers)
            where found.insert(value).inserted {
                if let secret = secret(origin, value) { pairs += secret.jsonStringReplacements }
            }
        }
        guard !pairs.isEmpty else {
            guard body.looksLikeJSON, body.parsedJSON == nil, let json = documents.first else { return body }
            return Body(body.data, parsedJSON: json)
        }
        return body.replacing(with: Replacer(pairs))
    }
}
