import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP response as a cassette stores it.
public struct RecordedResponse: Sendable, Hashable, Codable {
    /// The status code, e.g. `200`.
    public var status: Int
    /// The header fields, as the client received them. URLSession decodes compressed bodies but keeps their
    /// `Content-Encoding` and compressed `Content-Length`; so does the cassette, so replay shows what live showed.
    public var headers: [String: String]
    /// The body as the client received it (decoded), or `nil` for an empty one.
    public var body: Body?
    /// The URL the response came from: after redirects, the final one.
    public var url: String
    /// The HTTP version, e.g. `HTTP/1.1`.
    public var httpVersion: String
    /// The responses the request went through before this one, in order (see ``RecordedRedirect``); empty when
    /// there were none.
    public var redirects: [RecordedRedirect]
    /// How the body streamed, when it did (see ``RecordedStream``); `nil` for a body kept whole.
    public var stream: RecordedStream?

    /// Creates a recorded response.
    public init(status: Int, headers: [String: String] = [:], body: Body? = nil, url: String,
                httpVersion: String = "HTTP/1.1", redirects: [RecordedRedirect] = [], stream: RecordedStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.httpVersion = httpVersion
        self.redirects = redirects
        self.stream = stream
    }

    /// Captures a response the real network gave, with its headers as the client saw them.
    init(_ response: HTTPURLResponse, body data: Data, redirects: [RecordedRedirect] = [], stream: RecordedStream? = nil) {
        self.init(status: response.statusCode, headers: response.headerFields, body: data.isEmpty ? nil : Body(data),
                  url: response.url?.absoluteString ?? "", httpVersion: "HTTP/1.1", redirects: redirects, stream: stream)
    }

    private enum CodingKeys: String, CodingKey {
        case status, headers, body, url, httpVersion, redirects, stream
    }

    /// Reads a response; `headers` and `body` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(Int.self, forKey: .status)
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        body = try container.decodeIfPresent(Body.self, forKey: .body)
        url = try container.decode(String.self, forKey: .url)
        httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
        redirects = try container.decodeIfPresent([RecordedRedirect].self, forKey: .redirects) ?? []
        stream = try container.decodeIfPresent(RecordedStream.self, forKey: .stream)
    }

    /// Writes a response, leaving out empty headers, an absent body, an empty list of redirects and an absent stream.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
        try container.encodeIfPresent(body, forKey: .body)
        try container.encode(url, forKey: .url)
        try container.encode(httpVersion, forKey: .httpVersion)
        if !redirects.isEmpty { try container.encode(redirects, forKey: .redirects) }
        try container.encodeIfPresent(stream, forKey: .stream)
    }
}

extension HTTPURLResponse {
    /// The header fields as strings.
    var headerFields: [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return headers
    }
}

extension Dictionary where Key == String, Value == String {
    /// Removes the entry whose name equals `name` ignoring case (HTTP header names are case-insensitive).
    @discardableResult
    mutating func removeValue(caseInsensitiveKey name: String) -> String? {
        guard let key = keys.first(where: { $0.equalsIgnoringASCIICase(name) }) else { return nil }
        return removeValue(forKey: key)
    }

    /// The value whose name equals `name` ignoring case.
    package func value(caseInsensitiveKey name: String) -> String? {
        first { $0.key.equalsIgnoringASCIICase(name) }?.value
    }
}

extension StringProtocol {
    /// Whether the two texts are equal ignoring the case of ASCII letters, as HTTP header names compare; byte by
    /// byte, without Foundation's locale-aware comparison.
    func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return zip(utf8, other.utf8).allSatisfy { a, b in a == b || a.asciiLowercased == b.asciiLowercased }
    }

    /// The text with its ASCII letters lowercased: two texts have the same one exactly when
    /// ``equalsIgnoringASCIICase(_:)`` says they are equal (a key for looking names up by it).
    var asciiLowercased: String {
        String(decoding: utf8.map(\.asciiLowercased), as: UTF8.self)
    }
}
