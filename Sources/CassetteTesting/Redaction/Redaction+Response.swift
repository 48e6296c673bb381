import Foundation

extension Redaction {
    /// The response as a cassette stores it.
    ///
    /// `secrets` holds the interaction's secrets (from its request, the rules' literals and what earlier responses
    /// taught the cassette). Values the rules find in the response (headers such as `Set-Cookie`, JSON values) that
    /// are not among them are learned: each gets a placeholder named with `number` (the recording's) and is added to
    /// `secrets`. A value the client itself sent (`sentByClient`, say a cookie it asked `/cookies/set` for) is its
    /// own data, not the server's secret: it is left as it is, so replay shows it as live did. Then every secret is
    /// replaced wherever it appears in the response and its redirects.
    func redact(_ response: RecordedResponse, secrets: inout SecretSet, number: Int,
                sentByClient: (String) -> Bool = { _ in false }) -> RecordedResponse {
        var stored = response
        func learn(_ secrets: inout SecretSet, _ name: String, _ value: String) -> InteractionSecret? {
            if secrets.secret(for: value) == nil && sentByClient(value) { return nil }
            return secrets.add(responseValue: value, name: name, number: number)
        }
        stored.headers = redact(headers: response.headers) { learn(&secrets, $0, $1)?.placeholder }
        stored.redirects = response.redirects.map { hop in
            var hop = hop
            hop.headers = redact(headers: hop.headers) { learn(&secrets, $0, $1)?.placeholder }
            return hop
        }
        if let body = response.body {
            stored.body = redact(jsonBody: body) { learn(&secrets, $0, $1) }
        }
        return secrets.replacingSecrets(in: stored)
    }
}
