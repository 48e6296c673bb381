import Foundation

extension Redaction {
    /// The response as a cassette stores it.
    ///
    /// `secrets` holds the interaction's secrets (from its request, the rules' literals and what earlier responses
    /// taught the cassette). Values the rules find in the response (headers such as `Set-Cookie`, JSON values) that
    /// are not among them are learned: each gets a placeholder named with `number` (the recording's) and is added to
    /// `secrets`. Then every secret is replaced wherever it appears in the response and its redirects.
    func redact(_ response: RecordedResponse, secrets: inout SecretSet, number: Int) -> RecordedResponse {
        var stored = response
        stored.headers = learn(fromHeaders: response.headers, into: &secrets, number: number)
        stored.redirects = response.redirects.map { hop in
            var hop = hop
            hop.headers = learn(fromHeaders: hop.headers, into: &secrets, number: number)
            return hop
        }
        if let body = response.body {
            stored.body = redact(jsonBody: body) { key, value in
                secrets.add(responseValue: value, name: key, number: number)
            }
        }
        return secrets.replacingSecrets(in: stored)
    }

    private func learn(fromHeaders headers: [String: String], into secrets: inout SecretSet, number: Int) -> [String: String] {
        guard !headers.isEmpty else { return headers }
        return redact(headers: headers) { name, value in
            secrets.add(responseValue: value, name: name, number: number)?.placeholder
        }
    }
}
