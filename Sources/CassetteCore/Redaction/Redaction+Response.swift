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
        func learn(_ found: Found) -> InteractionSecret? {
            // A token's shape is the client's own only where its text held it as a token; inside a longer word
            // (`access_tokenghp_…`), no scan took it for one, and standing alone in the answer, it is one.
            if secrets.secret(for: found.value) == nil && sentByClient(found.value, found.origin.isShape) { return nil }
            guard let secret = secrets.add(responseValue: found.value, origin: found.origin, number: number) else { return nil }
            // A spelling the usual encodings do not write (`%67hp_…`) is replaced too.
            if let encoded = found.encoded { secrets.note(secret.value, spelledAs: encoded) }
            return secrets.secret(for: secret.value)
        }
        // The rules' places of the final response and of each redirect before it (its URL and headers).
        (stored.url, stored.headers, stored.body) = walk(url: response.url, headers: response.headers, body: response.body,
                                                         isRequest: false, secret: learn)
        stored.redirects = response.redirects.map { hop in
            var hop = hop
            (hop.url, hop.headers, _) = walk(url: hop.url, headers: hop.headers, body: nil, isRequest: false, secret: learn)
            return hop
        }
        // Values of a secret's shape anywhere in the response, learned as the rules' values are.
        func shapes(in message: RecordedResponse) -> [Found] {
            var shaped = shapedValues(url: message.url, headers: message.headers, body: message.body)
            for hop in message.redirects { shaped += shapedValues(url: hop.url, headers: hop.headers, body: nil) }
            return shaped
        }
        var redacted = settlingShapes(stored, in: shapes, add: { value in
            let isNew = !secrets.knows(value.value, spelledAs: value.encoded)
            _ = learn(value)
            return isNew
        }, replace: { secrets.replacingSecrets(in: $0) })
        // A stream's pieces add up to the body it stores, each keeping its lines.
        redacted.stream = redacted.stream?.fitted(from: response.body?.data ?? Data(), to: redacted.body?.data ?? Data())
        return redacted
    }
}
