import Foundation

/// What httpbin's `/get`, `/post` and `/redirect` say about the request they received: `args` and `headers` bridged
/// from JSON objects into sorted arrays, and `receivedAt`, set by the client, never decoded.
public struct EchoedRequest: Sendable, Decodable {
    /// One query argument, as the server saw it.
    public struct Argument: Sendable, Hashable {
        /// The name.
        public let name: String
        /// The values (a repeated name has several).
        public let values: [String]
    }

    /// One request header, as the server saw it.
    public struct Header: Sendable, Hashable {
        /// The name, as the server spells it (e.g. `User-Agent`).
        public let name: String
        /// The value.
        public let value: String
    }

    /// The query arguments, sorted by name.
    public let arguments: [Argument]
    /// The request headers, sorted by name.
    public let headers: [Header]
    /// The client's address.
    public let origin: String
    /// The URL the server answered.
    public let url: URL
    /// The JSON body, if the request had one (`/post` only).
    public let json: [String: String]?
    /// When this value was received; set by the client, never decoded.
    public var receivedAt: Date?

    private enum CodingKeys: String, CodingKey {
        case arguments = "args", headers, origin, url, json
    }

    /// Decodes httpbin's echo, bridging `args` and `headers` objects into arrays.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let args = try container.decode([String: ArgumentValue].self, forKey: .arguments)
        arguments = args.map { Argument(name: $0.key, values: $0.value.values) }.sorted { $0.name < $1.name }
        headers = try container.decode([String: String].self, forKey: .headers)
            .map { Header(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
        origin = try container.decode(String.self, forKey: .origin)
        url = try container.decode(URL.self, forKey: .url)
        json = try container.decodeIfPresent([String: String].self, forKey: .json)
        receivedAt = nil
    }

    /// The value of the header `name` (ignoring case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The first value of the argument `name`.
    public func argument(_ name: String) -> String? {
        arguments.first { $0.name == name }?.values.first
    }
}

/// httpbin writes a query argument as a string, or as an array of strings when the name repeats.
private struct ArgumentValue: Decodable {
    let values: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let single = try? container.decode(String.self) {
            values = [single]
        } else {
            values = try container.decode([String].self)
        }
    }
}
