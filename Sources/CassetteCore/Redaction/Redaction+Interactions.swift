import Foundation

extension Redaction {
    /// `interactions` as recording them through a cassette with these rules would have stored them: each request
    /// redacted, its response (or failure) redacted with the request's secrets, and values a response taught the
    /// rules (say a fresh `access_token`) replaced in every later interaction too, numbered by position.
    ///
    /// For interactions that did not come through a cassette: a HAR file's (`cassette import-har`,
    /// `Cassette.use(.har(file))`). Interactions already redacted come back unchanged.
    package func redacting(_ interactions: [Interaction]) -> [Interaction] {
        var learned: [InteractionSecret] = []
        return interactions.enumerated().map { position, interaction in
            var (request, secrets) = redact(interaction.request, learned: learned)
            var stored = interaction
            stored.request = request
            if let response = interaction.response {
                let known = Set(secrets.learned.map(\.value))
                stored.response = redact(response, secrets: &secrets, number: position + 1,
                                         sentByClient: { interaction.request.carries($0) })
                let taught = Set(learned.map(\.value))
                learned += secrets.learned.filter { !known.contains($0.value) && !taught.contains($0.value) }
            }
            if var failure = interaction.failure {
                failure.description = secrets.redact(text: failure.description)
                stored.failure = failure
            }
            return stored
        }
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
