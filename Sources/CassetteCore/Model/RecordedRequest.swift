import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as a cassette stores it: after redaction, so it holds no secret.
public struct RecordedRequest: Sendable, Hashable, Codable {
    /// The HTTP method, e.g. `GET`.
    public var method: String
    /// The absolute URL, including its query.
    public var url: String
    /// The header fields the request carried.
    public var headers: [String: String]
    /// The body, or `nil` for none.
    public var body: Body?

    /// Creates a recorded request.
    public init(method: String, url: String, headers: [String: String] = [:], body: Body? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// Captures a `URLRequest` with the body the protocol received (`httpBody` or `httpBodyStream`).
    init(_ request: URLRequest, body: Data?) {
        method = request.httpMethod ?? "GET"
        url = request.url?.absoluteString ?? ""
        headers = request.allHTTPHeaderFields ?? [:]
        self.body = body.flatMap { $0.isEmpty ? nil : Body($0) }
    }

    private enum CodingKeys: String, CodingKey {
        case method, url, headers, body
    }

    /// Reads a request; `headers` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        url = try container.decode(String.self, forKey: .url)
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        body = try container.decodeIfPresent(Body.self, forKey: .body)
    }

    /// Writes a request, leaving out empty headers and an absent body.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(method, forKey: .method)
        try container.encode(url, forKey: .url)
        if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
        try container.encodeIfPresent(body, forKey: .body)
    }
}
