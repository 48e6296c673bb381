import Foundation

extension Redaction {
    /// A value a rule found: which rule, under which name, the value as the code knows it and, where a URL or form
    /// percent-encoded it, the spelling that stood there.
    struct Found: Equatable {
        let origin: SecretOrigin
        let value: String
        var encoded: String?
    }

    /// The one walk of a message that the name rules read, for a request and a response alike: every place a value
    /// can stand and every spelling it can take there. `secret` decides each value found: it returns the secret
    /// whose placeholder replaces the value where it stands, or `nil` to keep it (a value too short, or the client's
    /// own). Values found where no placeholder can take their place (a Basic credential's password, a URL held in a
    /// value, a link in a page) are given to `secret` all the same, to be replaced wherever they stand.
    ///
    /// - Headers: a header a rule names (a credential after its scheme, and a Basic credential's password; each
    ///   cookie of `Cookie` and `Set-Cookie`); the query items a rule names of a URL a request's header holds
    ///   (`Referer`), and a `Location` read as the URL is.
    /// - The URL: its user information's password (and the Basic credential a client sends for it), its query and
    ///   fragment items a rule names, and those of URLs held in their values (see ``walk(url:secret:)``).
    /// - The body (see ``walk(body:contentType:isRequest:secret:)``).
    ///
    /// A request's number under a secret's name in JSON is a secret (a PIN); a response's stays a number the app can
    /// decode, and a response's body is read as a form only when it is one (see ``walk(body:contentType:isRequest:secret:)``).
    func walk(url: String, headers: [String: String], body: Body?, isRequest: Bool,
              secret: (Found) -> InteractionSecret?) -> (url: String, headers: [String: String], body: Body?) {
        var stored = headers
        for (name, value) in headers.inKeyOrder {
            if matching.headerNames.contains(name) {
                var redacted = ""
                var cursor = value.startIndex
                for (range, found) in HeaderValueSecrets.find(in: value, header: name.lowercased()) {
                    guard let secret = secret(found), let range else { continue }
                    redacted += value[cursor..<range.lowerBound] + secret.placeholder
                    cursor = range.upperBound
                }
                stored[name] = redacted + value[cursor...]
            }
            // A URL's password, wherever the URL stands (a cookie's name too); the Location's below, as its URL's.
            if !name.equalsIgnoringASCIICase("Location") { walkPasswords(in: Data(value.utf8), secret: secret) }
            guard value.containsByte(UInt8(ascii: "?")) else { continue }
            if name.equalsIgnoringASCIICase("Location"), let redacted = stored[name] {
                stored[name] = walk(url: redacted, secret: secret)
            } else if isRequest {
                // (A response's are not: a learned placeholder has no end a link's value would stop at.)
                walk(text: Data(value.utf8), secret: secret)
            }
        }
        let contentType = ContentType(headers.value(caseInsensitiveKey: "Content-Type"))
        return (walk(url: url, secret: secret), stored,
                body.map { walk(body: $0, contentType: contentType, isRequest: isRequest, secret: secret) })
    }

    /// `url` with the values of its query and fragment items a rule names replaced by their percent-encoded
    /// placeholders (OAuth 2's implicit flow answers `#access_token=…`). Items of a URL held in a value
    /// (`?redirect=%2Fnext%3Ftoken%3D…`, see ``FormFields/nestedQueryFields(depth:)``) and the passwords of its user
    /// information and of URLs it holds (`/redirect-to?url=https%3A%2F%2Fu%3Apw%40host`), with the Basic credential
    /// URLSession sends for them (servers echo it), are given to `secret` to be replaced wherever they stand.
    func walk(url: String, secret: (Found) -> InteractionSecret?) -> String {
        for found in URLsInText.passwords(in: url) { _ = secret(found) }
        guard !matching.parameterNames.isEmpty else { return url }
        let (beforeFragment, fragment) = URLParts.splittingFragment(url)
        var result = fragment == nil ? url : String(beforeFragment)
        if FormFields.queryMayHoldFields(named: matching.parameterNames, in: result), let query = URLParts(result).query {
            result = walk(FormFields(query, plusIsSpace: false), in: result, origin: SecretOrigin.queryItem, secret: secret)
        }
        guard let fragment else { return result }
        let text = String(fragment)
        return result + "#" + walk(FormFields(text[...], plusIsSpace: false), in: text, origin: SecretOrigin.queryItem, secret: secret)
    }

    /// `text` with the values of the `fields` (its query, fragment or form) a rule names replaced by the
    /// percent-encoded placeholders of the secrets `secret` gives them, and the items of URLs held in their values
    /// given to `secret`. In a query a `+` is a plus to URL rules and a space to most servers: both values are found.
    private func walk(_ fields: FormFields, in text: String, origin: (String) -> SecretOrigin,
                      secret: (Found) -> InteractionSecret?) -> String {
        for inner in fields.nestedQueryFields() where matching.parameterNames.contains(inner.name) {
            for written in [String(inner.encodedValue)] + inner.writtenAbove {
                _ = secret(Found(origin: .queryItem(inner.name), value: inner.value, encoded: written))
            }
            if let spaced = inner.valueReadingPlusAsSpace { _ = secret(Found(origin: .queryItem(inner.name), value: spaced)) }
        }
        var result = ""
        var cursor = text.startIndex
        for field in fields.fields where matching.parameterNames.contains(field.name) {
            guard let found = secret(Found(origin: origin(field.name), value: field.value, encoded: String(field.encodedValue))) else {
                continue
            }
            if let spaced = field.valueReadingPlusAsSpace { _ = secret(Found(origin: origin(field.name), value: spaced)) }
            result += text[cursor..<field.valueRange.lowerBound]
            result += found.placeholderInURL(for: String(field.encodedValue))
            cursor = field.valueRange.upperBound
        }
        guard cursor != text.startIndex else { return text }
        result += text[cursor...]
        return result
    }

    /// Gives `secret` the passwords of the URLs `text` holds, with the Basic credentials a client sends for them
    /// (see ``URLsInText/passwords(in:)``): a connection string in a JSON answer, a URL in a header or prose.
    private func walkPasswords(in text: Data, secret: (Found) -> InteractionSecret?) {
        // Most texts hold no `@`, written or percent-encoded: a byte search tells before any text is made.
        guard text.containsByte(UInt8(ascii: "@")) || text.containsBytes(of: "%40", asWord: false) else { return }
        for found in URLsInText.passwords(in: String(decoding: text, as: UTF8.self)) { _ = secret(found) }
    }

    /// Gives `secret` the query items a rule names of the URLs `text` holds, found without parsing it (see
    /// ``URLsInText/parameters(in:named:)``): a page's links, a URL in a JSON string, a header or prose.
    private func walk(text: Data, secret: (Found) -> InteractionSecret?) {
        guard !matching.parameterNames.isEmpty else { return }
        for found in URLsInText.parameters(in: text, named: matching.parameterNames) { _ = secret(found) }
    }

    /// A body with the values a rule names replaced: the text fields of a multipart body (and what its JSON files
    /// hold), the values of a JSON body or of an event stream's JSON events (see ``redact(jsonBody:integers:secret:)``),
    /// the fields of a form, and the query items of the links any other body holds (a request's JSON too).
    ///
    /// A body is read as JSON when it looks like JSON and is not declared a form; a request's other bodies are read
    /// as form fields whatever their `Content-Type` says (URLSession sends an `httpBody` without one as
    /// `application/x-www-form-urlencoded`), and so is a response's that is declared a form or shaped like one (see
    /// ``FormFields/isFormShaped(_:)``).
    private func walk(body: Body, contentType type: ContentType?, isRequest: Bool, secret: (Found) -> InteractionSecret?) -> Body {
        walkPasswords(in: body.data, secret: secret)
        if let multipart = MultipartBody(body.data, declaredBoundary: type?.multipartBoundary) {
            return walk(multipart, of: body, secret: secret)
        }
        let readsForm = type?.isForm == true
        // The declared type first: a form's first field may start like JSON (`[x]=1&token=…`).
        if !readsForm, body.looksLikeJSON, isRequest { walk(text: body.data, secret: secret) }
        let json = readsForm ? body : redact(jsonBody: body, integers: isRequest, secret: secret)
        guard readsForm || !body.looksLikeJSON else { return json }
        defer { if !readsForm { walk(text: body.data, secret: secret) } }
        guard !matching.parameterNames.isEmpty, json.data.containsByte(UInt8(ascii: "=")),
              isRequest || readsForm || FormFields.isFormShaped(json.data) else { return json }
        // Bytes that are not UTF-8 are read one byte a character (ISO Latin 1), so that writing back gives them unchanged.
        let encoding: String.Encoding = String(data: json.data, encoding: .utf8) != nil ? .utf8 : .isoLatin1
        guard let text = String(data: json.data, encoding: encoding) else { return json }
        // A form answer may end its line: the line break is no part of its last value.
        let end = isRequest ? text.endIndex : text.utf8.lastIndex { $0 != 0x0A && $0 != 0x0D }.map(text.utf8.index(after:)) ?? text.startIndex
        let redacted = walk(FormFields(text[..<end], plusIsSpace: true), in: text, origin: SecretOrigin.formField, secret: secret)
        return redacted == text ? json : redacted.data(using: encoding).map(Body.init) ?? json
    }

    /// A multipart body with the text fields a rule names replaced by their placeholders. A file of JSON (a
    /// credentials file, a service account's key) holds secrets by the JSON rules: given to `secret`, replaced with
    /// the message's other secrets; the file's other bytes are the app's own.
    private func walk(_ multipart: MultipartBody, of body: Body, secret: (Found) -> InteractionSecret?) -> Body {
        var replacements: [(range: Range<Int>, replacement: [UInt8])] = []
        let data = body.data
        for part in multipart.parts {
            let content = part.content(in: data)
            if part.isFile {
                guard matching.readsJSON, content.looksLikeJSON, let json = JSONValue(parsing: content) else { continue }
                for found in json.secrets(by: matching, integers: true) { _ = secret(found) }
                continue
            }
            guard let name = part.fieldName, matching.parameterNames.contains(name), let value = String(data: content, encoding: .utf8),
                  let found = secret(Found(origin: .formField(name), value: value)) else {
                continue
            }
            replacements.append((part.content, Array(found.placeholder.utf8)))
        }
        return data.withUnsafeBytes { Replacer.splice($0, replacements) }.map { Body(Data($0)) } ?? body
    }

    /// A body that looks like JSON, may hold a rule's key, and does not parse (cut short, or another format that
    /// starts alike): read as text, failing closed, its string members under a rule's name are secrets all the same
    /// (see ``JSONStringScanner/stringMembers(in:where:)``). Each is replaced where it stands, whatever escapes spell
    /// it there (the placeholder of a JSON string in the usual escaping), then wherever else a JSON string holds it.
    private func redact(unparsedJSON body: Body, secret: (Found) -> InteractionSecret?) -> Body {
        var pairs: [(find: String, replace: String)] = []
        var replacements: [(range: Range<Int>, replacement: [UInt8])] = []
        for member in JSONStringScanner.stringMembers(in: body.data, where: { matching.parameterNames.contains(bytes: $0.assumingMemoryBound(to: UInt8.self)) }) {
            guard let secret = secret(Found(origin: .jsonKey(member.name), value: member.value)) else { continue }
            pairs += secret.jsonStringReplacements
            replacements.append((member.valueRange, Array(secret.otherJSONPlaceholder.utf8)))
        }
        guard let replaced = body.data.withUnsafeBytes({ Replacer.splice($0, replacements) }) else { return body }
        return Body(Data(replaced)).replacing(with: Replacer(pairs))
    }

    /// A JSON body with each secret the rules find in it (see ``JSONValue/secrets(by:integers:)``) given to
    /// `secret`, and each one that is a whole string value replaced, as a JSON string, by the placeholder `secret`
    /// gives it (`nil` keeps the value); other secrets are replaced where their interaction's secrets are searched
    /// for. Bodies that are not JSON come back unchanged, as do their bytes: values are replaced in place, so keys
    /// keep their order.
    ///
    /// An event stream (see ``EventStream``) is read event by event, the last one whether or not a blank line ends
    /// it: the JSON in each event's data is searched the same way, and the values found are replaced in the whole
    /// body.
    func redact(jsonBody body: Body, integers: Bool, secret: (Found) -> InteractionSecret?) -> Body {
        // The cheap looks first: a body that is neither JSON nor events is not scanned for key names at all.
        let isJSON = body.looksLikeJSON
        guard matching.readsJSON, isJSON || EventStream.looksLikeEvents(body.data), matching.mayHoldKeys(body.data) else { return body }
        let documents: [JSONValue]
        if isJSON {
            guard let json = body.jsonValue else {
                return redact(unparsedJSON: body, secret: secret)
            }
            documents = [json]
        } else {
            // Every event, the one a stream ended inside too: a client may read it, and redacting more is safe.
            documents = EventStream.readEvents(in: body.data).compactMap { event in
                event.data.looksLikeJSON ? JSONValue(parsing: event.data) : nil
            }
        }
        var pairs: [(find: String, replace: String)] = []
        var seen: Set<String> = []
        for json in documents {
            for found in json.secrets(by: matching, integers: integers) where seen.insert(found.value).inserted {
                if let secret = secret(found) { pairs += secret.jsonStringReplacements }
            }
        }
        guard !pairs.isEmpty else {
            guard body.looksLikeJSON, body.parsedJSON == nil, let json = documents.first else { return body }
            return Body(body.data, parsedJSON: json)
        }
        return body.replacing(with: Replacer(pairs))
    }
}
