import Foundation
@testable import CassetteCore

/// The bytes of `body` as UTF-8 text; empty for no body.
func bodyText(_ body: Body?) -> String {
    body.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
}

/// Redacts one exchange the way recording does: the request, then its response with the request's secrets.
func recorded(_ request: RecordedRequest, _ response: RecordedResponse, rules: Redaction = .default)
    -> (request: RecordedRequest, response: RecordedResponse, secrets: SecretSet) {
    var (storedRequest, secrets) = rules.redact(request)
    let storedResponse = rules.redact(response, secrets: &secrets, number: 1)
    return (storedRequest, storedResponse, secrets)
}
