/// A request the code under test sent, as a cassette sees it: what was sent, the request as the cassette stores it
/// (redacted), and the secrets redacting it found.
struct SentRequest: Sendable {
    let outgoing: OutgoingRequest
    let stored: RecordedRequest
    let secrets: SecretSet
}
