import Foundation

extension Redaction {
    /// `interactions` as recording them through a cassette with these rules would have stored them: each request
    /// redacted, its response (or failure) redacted with the request's secrets, and values a response taught the
    /// rules (say a fresh `access_token`) replaced in every later interaction too, numbered by position.
    ///
    /// For interactions that did not come through a cassette: a HAR file's (`cassette import-har`,
    /// `Cassette.use(.har(file))`), or read from a cassette (`cassette verify`). Interactions already redacted come back
    /// unchanged; a JSON body read from a cassette that changes keeps the layout the file gave it.
    package func redacting(_ interactions: [Interaction]) -> [Interaction] {
        redactingEach(interactions) { _, _, stored, _ in stored }
    }

    /// `request`'s method and URL as a cassette stores them (`GET https://h/a?token=<REDACTED:token>`): what a tool
    /// shows of a request read from a file, which may hold a secret (an old revision, a file edited by hand).
    package func storedDescription(of request: RecordedRequest) -> String {
        "\(request.method) \(redact(request).stored.url)"
    }

    /// What `each` makes of every interaction redacted as ``redacting(_:)`` redacts them, given with its position, the
    /// interaction as it came and the secrets its redaction replaced: for a stored cassette, what an interaction
    /// would change is what it holds unredacted (`cassette verify`). One that comes back unchanged has none to tell.
    /// Each interaction's secrets live only while `each` looks at them, and `interactions` is gone through once, in
    /// order, so that interactions decoded as they are reached are held one at a time.
    package func redactingWithSecrets<Result>(
        _ interactions: some Sequence<Interaction>,
        _ each: (_ position: Int, _ original: Interaction, _ redacted: Interaction, _ secrets: ReplacedSecrets) -> Result
    ) -> [Result] {
        redactingEach(interactions) { position, original, stored, secrets in
            each(position, original, stored, ReplacedSecrets(stored == original ? SecretSet(stem: placeholder) : secrets))
        }
    }

    /// What `result` makes of each interaction: its position, the interaction, the interaction as redacted and its
    /// secrets.
    private func redactingEach<Result>(
        _ interactions: some Sequence<Interaction>,
        _ result: (_ position: Int, _ original: Interaction, _ stored: Interaction, _ secrets: SecretSet) -> Result
    ) -> [Result] {
        var learned: [InteractionSecret] = []
        var taught: Set<String> = []
        return interactions.enumerated().map { position, interaction in
            var (request, secrets) = redact(interaction.request, learned: learned)
            request.body = request.body.map { $0.keepingLayout(ofAny: interaction.request.body) }
            var stored = interaction
            stored.request = request
            if let response = interaction.response {
                let known = Set(secrets.learned.map(\.value))
                // The client's own values are those its stored request shows: a value that is part of one of its
                // secrets is no more the client's to show than the secret is (and the stored file says the same).
                var redacted = redact(response, secrets: &secrets, number: position + 1,
                                      sentByClient: { request.carries($0, asWord: $1) })
                redacted.body = redacted.body.map { $0.keepingLayout(ofAny: response.body) }
                stored.response = redacted
                for secret in secrets.learned where !known.contains(secret.value) && taught.insert(secret.value).inserted {
                    learned.append(secret)
                }
            }
            if var failure = interaction.failure {
                failure.description = secrets.redact(text: failure.description)
                stored.failure = failure
            }
            return result(position, interaction, stored, secrets)
        }
    }

    /// `document`, JSON that is no cassette, redacted as a request's JSON body is (see
    /// ``JSONValue/secrets(by:integers:)``), with the secrets found: for a file that does not read as a cassette,
    /// what this would change is what it holds unredacted.
    package func redactingWithSecrets(document: Data) -> (document: Data, secrets: ReplacedSecrets) {
        let (stored, secrets) = redact(RecordedRequest(method: "GET", url: "", body: Body(document)))
        return (stored.body?.data ?? document, ReplacedSecrets(secrets))
    }
}

extension RecordedRequest {
    /// Whether the request as sent holds `value` (in its URL, percent-encoded or not, a header or its body): a
    /// response value the client sent is its own data, not a secret the server handed out. With `asWord`, only
    /// where it stands as a token does (see ``Swift/UnsafeRawBufferPointer/containsWord(_:)``).
    func carries(_ value: String, asWord: Bool = false) -> Bool {
        Self.carries(value, asWord: asWord, url: url, headerValues: headers.values, body: body?.data)
    }

    /// Whether a request of these parts holds `value` (see ``carries(_:asWord:)``): the one search for a request as
    /// stored and for one as sent (`OutgoingRequest`).
    static func carries(_ value: String, asWord: Bool, url: String, headerValues: some Sequence<String>, body: Data?) -> Bool {
        guard !value.isEmpty else { return false }
        // Byte searches: Foundation's `contains` compares Unicode-aware, and traps on some texts (a NUL after
        // U+FFFD, found by the fuzzer).
        if url.containsBytes(of: value, asWord: asWord) || FormFields.decode(url[...], plusIsSpace: false).containsBytes(of: value, asWord: asWord) {
            return true
        }
        if headerValues.contains(where: { $0.containsBytes(of: value, asWord: asWord) }) { return true }
        return body?.containsBytes(of: value, asWord: asWord) ?? false
    }
}

extension Body {
    /// The body in the layout of `original`, if there is one (see ``keepingLayout(of:)``).
    fileprivate func keepingLayout(ofAny original: Body?) -> Body {
        original.map(keepingLayout) ?? self
    }
}
