import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A redirect response (`3xx`) that a recorded request went through before its final response.
///
/// Replay does not show redirects to the client (it answers with the final response and URL, as URLSession does
/// when it follows them), but it applies what they did: cookies a redirect set land in the session's cookie storage.
public struct RecordedRedirect: Sendable, Hashable, Codable {
    /// The status code, e.g. `302`.
    public var status: Int
    /// The URL that answered with the redirect.
    public var url: String
    /// The header fields, `Location` and `Set-Cookie` among them.
    public var headers: [String: String]

    /// Creates a recorded redirect.
    public init(status: Int, url: String, headers: [String: String] = [:]) {
        self.status = status
        self.url = url
        self.headers = headers
    }

    /// Captures a redirect response the real network gave.
    init(_ response: HTTPURLResponse) {
        self.init(status: response.statusCode, url: response.url?.absoluteString ?? "", headers: response.headerFields)
    }
}
