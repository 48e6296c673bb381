import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the cassette protocol hands its client for one request.
enum Outcome: Sendable {
    /// A response and its complete body.
    case response(HTTPURLResponse, Data)
    /// A failure: a replayed transport error, or the cassette's own error.
    case failure(any Error)

    /// The outcome replaying `interaction` gives for a request to `url`.
    ///
    /// A response that was not redirected answers from the URL the request actually went to, so redacted query
    /// values in the stored URL never show through.
    init(replaying interaction: Interaction, for url: URL, redaction: Redaction) {
        if let failure = interaction.failure {
            self = .failure(failure.urlError(for: url))
            return
        }
        guard let recorded = interaction.response.map(redaction.restore),
              let response = HTTPURLResponse(
                url: recorded.url == interaction.request.url ? url : URL(string: recorded.url) ?? url,
                statusCode: recorded.status, httpVersion: recorded.httpVersion, headerFields: recorded.headers) else {
            self = .failure(URLError(.cannotParseResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]))
            return
        }
        self = .response(response, recorded.body?.data ?? Data())
    }
}
