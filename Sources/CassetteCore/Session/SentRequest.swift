/// A request the code under test sent, as a cassette sees it: what was sent, the request as the cassette stores it
/// (redacted), and the secrets redacting it found. Made once per request, and shared by what handles it.
final class SentRequest: Sendable {
    let outgoing: OutgoingRequest
    let stored: RecordedRequest
    let secrets: SecretSet

    init(outgoing: OutgoingRequest, stored: RecordedRequest, secrets: SecretSet) {
        self.outgoing = outgoing
        self.stored = stored
        self.secrets = secrets
    }
}
