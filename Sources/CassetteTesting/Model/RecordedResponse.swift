import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP response as a cassette stores it.
public struct RecordedResponse: Sendable, Hashable, Codable {
    /// The status code, e.g. `200`.
    public var status: Int
    /// The header fields. Transport encodings the client already undid (`Content-Encoding`) are removed and
    /// `Content-Length` is the length of ``body``, so the headers describe the bytes replay hands back.
    public var headers: [String: String]
    /// The body, or `nil` for an empty one.
    public var body: Body?
    /// The URL the response came from: after redirects, the final one.
    public var url: String
    /// The HTTP version, e.g. `HTTP/1.1`.
    public var httpVersion: String

    /// Creates a recorded response.
    public init(status: Int, headers: [String: String] = [:], body: Body? = nil, url: String,
                httpVersion: String = "HTTP/1.1") {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.httpVersion = httpVersion
    }

    /// Captures a response the real network gave, fixing the headers to match the decoded body.
    init(_ response: HTTPURLResponse, body data: Data) {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        if let encoding = headers.removeValue(caseInsensitiveKey: "Content-Encoding"), !encoding.isEmpty {
            headers.removeValue(caseInsensitiveKey: "Content-Length")
            headers["Content-Length"] = String(data.count)
        }
        self.init(status: response.statusCode, headers: headers, body: data.isEmpty ? nil : Body(data),
                  url: response.url?.absoluteString ?? "", httpVersion: "HTTP/1.1")
    }

    private enum CodingKeys: String, CodingKey {
        case status, headers, body, url, httpVersion
    }

    /// Reads a response; `headers` and `body` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(Int.self, forKey: .status)
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        body = try container.decodeIfPresent(Body.self, forKey: .body)
        url = try container.decode(String.self, forKey: .url)
        httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
    }

    /// Writes a response, leaving out empty headers and an absent body.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
        try container.encodeIfPresent(body, forKey: .body)
        try container.encode(url, forKey: .url)
        try container.encode(httpVersion, forKey: .httpVersion)
    }
}

extension Dictionary where Key == String, Value == String {
    /// Removes the entry whose name equals `name` ignoring case (HTTP header names are case-insensitive).
    @discardableResult
    mutating func removeValue(caseInsensitiveKey name: String) -> String? {
        guard let key = keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
        return removeValue(forKey: key)
    }

    /// The value whose name equals `name` ignoring case.
    func value(caseInsensitiveKey name: String) -> String? {
        first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
