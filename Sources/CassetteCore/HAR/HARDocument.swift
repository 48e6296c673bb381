import Foundation

/// The parts of an HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/) a cassette reads and
/// writes: other tools' fields ignored, HAR's required ones always written, a cassette's own in `_cassette`.
struct HARDocument: Codable, Sendable {
    var log: Log

    struct Log: Codable, Sendable {
        var version: String
        var creator: Creator
        var entries: [Entry]

        private enum CodingKeys: String, CodingKey { case version, creator, entries }

        init(version: String, creator: Creator, entries: [Entry]) {
            self.version = version
            self.creator = creator
            self.entries = entries
        }

        /// Reads a log; `version` and `creator` may be missing (some exporters leave them out).
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decodeIfPresent(String.self, forKey: .version) ?? "1.2"
            creator = try container.decodeIfPresent(Creator.self, forKey: .creator) ?? Creator(name: "", version: "")
            entries = try container.decode([Entry].self, forKey: .entries)
        }
    }

    struct Creator: Codable, Sendable, Equatable {
        var name: String
        var version: String
    }

    struct Entry: Codable, Sendable {
        var startedDateTime: String
        /// Milliseconds, the sum of the timings; `-1` or missing when unknown.
        var time: Double?
        var request: Request
        var response: Response?
        var cache: Cache? = Cache()
        var timings: Timings?
        /// Chrome's name for why a request got no response (`net::ERR_CONNECTION_REFUSED`).
        var error: String?
        var cassette: CassetteFields?

        private enum CodingKeys: String, CodingKey {
            case startedDateTime, time, request, response, cache, timings
            case error = "_error"
            case cassette = "_cassette"
        }
    }

    /// HAR's `cache` object; nothing of it is read or written.
    struct Cache: Codable, Sendable {}

    struct Timings: Codable, Sendable {
        var send: Double?
        var wait: Double?
        var receive: Double?
    }

    struct Request: Codable, Sendable {
        var method: String
        var url: String
        var httpVersion: String? = "HTTP/1.1"
        var cookies: [Cookie]? = []
        var headers: [Field]? = []
        var queryString: [Field]? = []
        var postData: PostData?
        var headersSize: Int? = -1
        var bodySize: Int? = -1
    }

    struct Response: Codable, Sendable {
        var status: Int
        var statusText: String? = ""
        var httpVersion: String? = "HTTP/1.1"
        var cookies: [Cookie]? = []
        var headers: [Field]? = []
        var content: Content? = Content()
        var redirectURL: String? = ""
        var headersSize: Int? = -1
        var bodySize: Int? = -1
        /// Why there is no response, as mitmproxy (`_error`) and Playwright (`_failureText`) keep it.
        var error: String?
        var failureText: String?

        private enum CodingKeys: String, CodingKey {
            case status, statusText, httpVersion, cookies, headers, content, redirectURL, headersSize, bodySize
            case error = "_error"
            case failureText = "_failureText"
        }
    }

    /// A header or a query item.
    struct Field: Codable, Sendable, Equatable {
        var name: String
        var value: String
    }

    /// A cookie, as HAR lists them beside the headers; the headers themselves are what a cassette keeps.
    struct Cookie: Codable, Sendable {
        var name: String
        var value: String
    }

    struct PostData: Codable, Sendable {
        var mimeType: String?
        var text: String?
        /// `base64` for bytes that are not text: not in HAR 1.2 for requests, but what tools that need it write.
        var encoding: String?
        var params: [Param]?
        /// The same marker as some tools spell it.
        var underscoredEncoding: String?

        private enum CodingKeys: String, CodingKey {
            case mimeType, text, encoding, params
            case underscoredEncoding = "_encoding"
        }
    }

    /// A posted form field, for exporters that list fields instead of the body's text.
    struct Param: Codable, Sendable {
        var name: String
        var value: String?
        var fileName: String?
    }

    struct Content: Codable, Sendable {
        var size: Int? = 0
        var mimeType: String? = ""
        var text: String?
        var encoding: String?
    }

    /// What a cassette keeps that HAR has no field for.
    struct CassetteFields: Codable, Sendable, Equatable {
        /// This entry is a redirect the next entry followed, within one recorded interaction.
        var redirect: Bool?
        /// The URL the response came from, when it is not the entry's request URL.
        var url: String?
        /// The interaction's expiry date (ISO 8601).
        var expires: String?
        /// The recorded transport failure, for an entry without a response.
        var failure: RecordedFailure?
        /// The interaction was recorded before durations were kept: `time` says nothing.
        var untimed: Bool?
        /// How the response's body streamed (see ``RecordedStream``), on the final entry.
        var stream: RecordedStream?

        var isEmpty: Bool { self == CassetteFields() }
    }
}
