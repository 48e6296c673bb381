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
        (stored.url, stored.headers, stored.body) = walk(url: request.url, headers: request.headers, body: request.body,
                                                         isRequest: true) { found in
            secrets.add(requestValue: found.value, encoded: found.encoded, origin: found.origin)
        }
        // The password of a challenge's credential (see ``CredentialPlaceholders``): a secret of the whole interaction,
        // replaced wherever it stands, the URL's path too.
        for password in credentialPasswords {
            secrets.add(requestValue: password, origin: .credentialPassword(in: "authorization"))
        }
        // Values of a secret's shape, where no rule named them (what the rules replaced is no longer there to find).
        // A value learned from an answer keeps its placeholder: replay sends that placeholder back.
        let redacted = settlingShapes(stored, in: { shapedValues(url: $0.url, headers: $0.headers, body: $0.body) }, add: { value in
            let isNew = !secrets.knows(value.value, spelledAs: value.encoded)
            secrets.add(requestValue: value.value, encoded: value.encoded, origin: value.origin)
            return isNew
        }, replace: { secrets.isEmpty ? $0 : secrets.replacingSecrets(in: $0) })
        return (redacted, secrets)
    }

    /// A value that changes with every request (a multipart boundary) is restored like a secret from this length.
    static let minimumVolatileLength = 8

    /// What a multipart boundary becomes in a cassette.
    static let boundaryPlaceholder = "<BOUNDARY>"
}
