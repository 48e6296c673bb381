import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response that a recorded request went through before its final response: a redirect (`3xx`) the session
/// followed, or an authentication challenge (`401`) the app's delegate answered with a credential.
///
/// Replay answers with the final response and URL, as URLSession does when it follows redirects, and applies what
/// the responses before it did: cookies they set land in the session's cookie storage. When the task has a
/// delegate, replay asks it about each of them as it was asked live (see `TaskDelegate`).
public struct RecordedRedirect: Sendable, Hashable, Codable {
    /// The status code, e.g. `302`.
    public var status: Int
    /// The URL that gave this response.
    public var url: String
    /// The header fields, `Location` and `Set-Cookie` among them.
    public var headers: [String: String]

    /// Creates a recorded redirect.
    public init(status: Int, url: String, headers: [String: String] = [:]) {
        self.status = status
        self.url = url
        self.headers = headers
    }

    /// Captures a response the real network gave before the final one.
    init(_ response: HTTPURLResponse) {
        self.init(status: response.statusCode, url: response.url?.absoluteString ?? "", headers: response.headerFields)
    }
}
