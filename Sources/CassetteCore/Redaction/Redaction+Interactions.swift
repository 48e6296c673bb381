import Foundation

extension Redaction {
    /// `interactions` as recording them through a cassette with these rules would have stored them: each request
    /// redacted, its response (or failure) redacted with the request's secrets, and values a response taught the
    /// rules (say a fresh `access_token`) replaced in every later interaction too, numbered by position.
    ///
    /// For interactions that did not come through a cassette: a HAR file's (`cassette import-har`,
    /// `Cassette.use(har:)`), or read from a cassette (`cassette verify`). Interactions already redacted come back
    /// unchanged; a JSON body read from a cassette that changes keeps the layout the file gave it.
    package func redacting(_ interactions: [Interaction]) -> [Interaction] {
        redactingWithSecrets(interactions).map(\.interaction)
    }

    /// `interactions` redacted as ``redacting(_:)`` redacts them, each with the secrets its redaction found: for a
    /// stored cassette, what each would change is what it holds unredacted (`cassette verify`).
    package func redactingWithSecrets(_ interactions: [Interaction]) -> [(interaction: Interaction, secrets: ReplacedSecrets)] {
        var learned: [InteractionSecret] = []
        return interactions.enumerated().map { position, interaction in
            var (request, secrets) = redact(interaction.request, learned: learned)
            request.body = request.body.map { $0.keepingLayout(ofAny: interaction.request.body) }
            var stored = interaction
            stored.request = request
            if let response = interaction.response {
                let known = Set(secrets.learned.map(\.value))
                var redacted = redact(response, secrets: &secrets, number: position + 1,
                                      sentByClient: { interaction.request.carries($0) })
                redacted.body = redacted.body.map { $0.keepingLayout(ofAny: response.body) }
                stored.response = redacted
                let taught = Set(learned.map(\.value))
                learned += secrets.learned.filter { !known.contains($0.value) && !taught.contains($0.value) }
            }
            if var failure = interaction.failure {
                failure.description = secrets.redact(text: failure.description)
                stored.failure = failure
            }
            return (stored, ReplacedSecrets(secrets))
        }
    }

    /// `document`, JSON that is no cassette, redacted as a request's JSON body is (see
    /// ``JSONValue/secrets(at:headerNames:)``), with the secrets found: for a file that does not read as a cassette,
    /// what this would change is what it holds unredacted.
    package func redactingWithSecrets(document: Data) -> (document: Data, secrets: ReplacedSecrets) {
        let (stored, secrets) = redact(RecordedRequest(method: "GET", url: "", body: Body(document)))
        return (stored.body?.data ?? document, ReplacedSecrets(secrets))
    }
}

extension RecordedRequest {
    /// Whether the request as sent holds `value` (in its URL, percent-encoded or not, a header or its body): a
    /// response value the client sent is its own data, not a secret the server handed out.
    func carries(_ value: String) -> Bool {
        guard !value.isEmpty else { return false }
        if url.contains(value) || (url.removingPercentEncoding ?? "").contains(value) { return true }
        if headers.values.contains(where: { $0.contains(value) }) { return true }
        return body.map { $0.data.firstOffset(of: Data(value.utf8)) != nil } ?? false
    }
}

extension Body {
    /// The body in the layout of `original`, if there is one (see ``keepingLayout(of:)``).
    fileprivate func keepingLayout(ofAny original: Body?) -> Body {
        original.map(keepingLayout) ?? self
    }
}
