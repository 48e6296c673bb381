import Foundation

extension Redaction {
    /// The response as a cassette stores it.
    ///
    /// `secrets` holds the interaction's secrets (from its request, the rules' literals and what earlier responses
    /// taught the cassette). Values the rules find in the response (headers such as `Set-Cookie`, JSON values, values
    /// of a ``SecretShape`` anywhere) that
    /// are not among them are learned: each gets a placeholder named with `number` (the recording's) and is added to
    /// `secrets`. A value the client itself sent (`sentByClient`, say a cookie it asked `/cookies/set` for) is its
    /// own data, not the server's secret: it is left as it is, so replay shows it as live did (a value of a secret's
    /// shape only where the client's text held it as a token). Then every secret is
    /// replaced wherever it appears in the response and its redirects. A stream's pieces are fitted to the body
    /// stored (see ``RecordedStream/fitted(from:to:)``).
    func redact(_ response: RecordedResponse, secrets: inout SecretSet, number: Int,
                sentByClient: (_ value: String, _ asWord: Bool) -> Bool = { _, _ in false }) -> RecordedResponse {
        var stored = response
        func learn(_ secrets: inout SecretSet, _ origin: SecretOrigin, _ value: String) -> InteractionSecret? {
            // A token's shape is a secret even where the client's own text held it inside a longer word, which no
            // scan takes for a token (`access_tokenghp_…`): standing alone in the answer, it is one.
            // A token's shape is the client's own only where its text held it as a token; inside a longer word
            // (`access_tokenghp_…`), no scan took it for one, and standing alone in the answer, it is one.
            if secrets.secret(for: value) == nil && sentByClient(value, origin.isShape) { return nil }
            return secrets.add(responseValue: value, origin: origin, number: number)
        }
        // URLs by the query item rules, as a request's: the final URL, each redirect's and each Location.
        func query(_ url: String) -> String {
            redact(queryOf: url) { learn(&secrets, $0, $1) }
        }
        func headers(_ headers: [String: String]) -> [String: String] {
            var result = redact(headers: headers) { learn(&secrets, $0, $1)?.placeholder }
            for (name, value) in result where name.equalsIgnoringASCIICase("Location") {
                result[name] = query(value)
            }
            return result
        }
        stored.url = query(response.url)
        stored.headers = headers(response.headers)
        stored.redirects = response.redirects.map { hop in
            var hop = hop
            hop.url = query(hop.url)
            hop.headers = headers(hop.headers)
            return hop
        }
        // A URL's password is a secret wherever the URL stands: the final URL, each hop's, each `Location` (and URLs
        // held in them), replaced below with the others.
        let urls = [response.url] + response.redirects.map(\.url)
            + ([response.headers] + response.redirects.map(\.headers)).flatMap { headers in
                headers.filter { $0.key.equalsIgnoringASCIICase("Location") }.map(\.value)
            }
        for url in urls {
            for credential in UserInfoPasswords.find(in: url) { _ = learn(&secrets, .urlPassword, credential.password) }
        }
        if let body = response.body {
            stored.body = redact(jsonBody: body, integers: false) { learn(&secrets, $0, $1) }
            // A form answer is learned from like a JSON one; its values are replaced below, with the others.
            let declaredForm = response.headers.value(caseInsensitiveKey: "Content-Type").flatMap(ContentType.init)?.isForm == true
            if !matching.parameterNames.isEmpty, !body.looksLikeJSON, let form = FormFields.answer(body.data, declaredForm: declaredForm) {
                for field in form.fields where matching.parameterNames.contains(field.name) {
                    _ = learn(&secrets, .formField(field.name), field.value)
                }
            }
            // So are the query items of the links a page or other text holds.
            if !matching.parameterNames.isEmpty, !body.looksLikeJSON {
                for parameter in LinkParameters.find(in: body.data, named: matching.parameterNames) {
                    if let secret = learn(&secrets, .queryItem(parameter.name), parameter.value) {
                        secrets.note(secret.value, spelledAs: parameter.encodedValue)
                    }
                }
            }
        }
        // Values of a secret's shape anywhere in the response, learned as the rules' values are.
        func shapes(in message: RecordedResponse) -> [ShapedValue] {
            var shaped = shapedValues(url: message.url, headers: message.headers, body: message.body)
            for hop in message.redirects { shaped += shapedValues(url: hop.url, headers: hop.headers, body: nil) }
            return shaped
        }
        var redacted = settlingShapes(stored, found: shapes(in: stored), in: shapes, add: { value in
            let isNew = secrets.secret(for: value.value) == nil
            if let secret = learn(&secrets, value.origin, value.value), let encoded = value.encoded {
                secrets.note(secret.value, spelledAs: encoded)
            }
            return isNew
        }, replace: { secrets.replacingSecrets(in: $0) })
        // A stream's pieces add up to the body it stores, each keeping its lines.
        redacted.stream = redacted.stream?.fitted(from: response.body?.data ?? Data(), to: redacted.body?.data ?? Data())
        return redacted
    }

    /// `url` with the values of the query items a rule names (and the fragment's `name=value` items, as a request's)
    /// replaced by the placeholders `secret` gives them. Items of a URL held in a query value are given to `secret`
    /// too, and replaced where the response's secrets are.
    private func redact(queryOf url: String, secret: (_ origin: SecretOrigin, _ value: String) -> InteractionSecret?) -> String {
        guard !matching.parameterNames.isEmpty else { return url }
        return redactingParameters(of: url, readsQuery: { $0.utf8.contains(UInt8(ascii: "?")) }) {
            redact($0, in: $1, secret: secret)
        }
    }

    /// `url` with the values of the `fields` a rule names (from its query, or its fragment) replaced.
    private func redact(_ fields: FormFields, in url: String,
                        secret: (_ origin: SecretOrigin, _ value: String) -> InteractionSecret?) -> String {
        for inner in fields.nestedQueryFields(named: matching.parameterNames) { _ = secret(.queryItem(inner.name), inner.value) }
        return replacing(fields, in: url) { secret(.queryItem($0.name), $0.value) }
    }
}
