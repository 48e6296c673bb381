import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What replaying one recorded interaction answers, prepared once when the cassette opens: secrets restored, the
/// recorded URL parsed, so that a replay copies a few references and builds only the response object.
struct ReplayAnswer: Sendable {
    private enum Kind: Sendable {
        /// `redirectedTo` is the recorded final URL when the request was redirected, `nil` when it was not.
        case response(status: Int, headers: [String: String], body: Data, httpVersion: String, redirectedTo: URL?)
        case failure(RecordedFailure)
        /// Neither a response nor a failure was recorded.
        case unusable
    }

    private let kind: Kind

    init(_ interaction: Interaction, redaction: Redaction) {
        if let failure = interaction.failure {
            kind = .failure(failure)
        } else if let recorded = interaction.response.map(redaction.restore) {
            let redirected = recorded.url == interaction.request.url ? nil : URL(string: recorded.url)
            kind = .response(status: recorded.status, headers: recorded.headers, body: recorded.body?.data ?? Data(),
                             httpVersion: recorded.httpVersion, redirectedTo: redirected)
        } else {
            kind = .unusable
        }
    }

    /// The outcome for a request to `url`.
    ///
    /// A response that was not redirected answers from the URL the request actually went to, so redacted query
    /// values in the stored URL never show through.
    func outcome(for url: URL) -> Outcome {
        switch kind {
        case .response(let status, let headers, let body, let httpVersion, let redirectedTo):
            guard let response = HTTPURLResponse(url: redirectedTo ?? url, statusCode: status, httpVersion: httpVersion,
                                                 headerFields: headers) else {
                return .failure(URLError(.cannotParseResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]))
            }
            return .response(response, body)
        case .failure(let failure):
            return .failure(failure.urlError(for: url))
        case .unusable:
            return .failure(URLError(.cannotParseResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        }
    }
}
