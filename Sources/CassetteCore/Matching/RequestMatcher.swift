import Foundation

/// Decides which recorded request an outgoing request replays: a matcher turns a request into a key, and two
/// requests match when every matcher gives them the same key (one dictionary lookup, however large the cassette).
/// Matchers see requests after redaction, so a secret never takes part in matching.
///
/// ```swift
/// try await Cassette.use("search", matching: [.method, .path, .query, .headers("Accept")]) { session in ... }
/// // Volatile parts: a timestamp and a nonce in the query, a request id in the JSON body.
/// let matchers: [RequestMatcher] = [.method, .url(ignoringQueryItems: "ts", "nonce"), .body(ignoringJSONKeyPaths: "**.requestId")]
/// // A custom matcher builds on what the request offers: its canonical URL, headers by name, JSON or form fields.
/// let byTenant = RequestMatcher.custom("tenant") { request in request.header("X-Tenant") ?? "" }
/// ```
public struct RequestMatcher: Sendable {
    /// A short name, shown when a request finds no match.
    public let name: String
    /// The key this matcher gives a request.
    public let key: @Sendable (RecordedRequest) -> String

    /// What of a request the key reads (see ``ReplayIndex``).
    let reads: Reads

    /// What of a request a matcher's key reads.
    enum Reads: Sendable {
        /// The method and the URL only.
        case head
        /// The body as ``body`` compares it, whose recorded keys live bodies with the same bytes reuse.
        case body
        /// Anything (headers, the body in another way, or what a custom matcher reads).
        case anything
    }

    /// Whether this package made the matcher: only such a matcher is given a request before it is redacted (see
    /// ``CassetteSession/replayAsSent(_:url:key:)``); one of yours always gets the stored, redacted request.
    let isBuiltIn: Bool

    /// Creates a matcher from a name and a key function.
    public init(name: String, key: @escaping @Sendable (RecordedRequest) -> String) {
        self.name = name
        self.reads = .anything
        self.key = key
        isBuiltIn = false
    }

    private init(name: String, reads: Reads, key: @escaping @Sendable (RecordedRequest) -> String) {
        self.name = name
        self.reads = reads
        self.key = key
        isBuiltIn = true
    }

    /// A custom matcher: requests match when `key` gives them equal strings.
    public static func custom(_ name: String, key: @escaping @Sendable (RecordedRequest) -> String) -> RequestMatcher {
        RequestMatcher(name: name, key: key)
    }

    /// The HTTP method, ignoring case.
    public static let method = RequestMatcher(name: "method", reads: .head) { request in
        request.method.utf8.contains(where: \.isASCIILowercase) ? request.method.uppercased() : request.method
    }

    /// The URL's scheme, ignoring case.
    public static let scheme = RequestMatcher(name: "scheme", reads: .head) { URLParts($0.url).scheme.lowercasedIfNeeded }

    /// The URL's host and port, ignoring case.
    public static let host = RequestMatcher(name: "host", reads: .head) { URLParts($0.url).hostAndPort }

    /// The URL's path, exactly as written.
    public static let path = RequestMatcher(name: "path", reads: .head) { String(URLParts($0.url).path) }

    /// The query items: items with different names in any order, items with the same name in their order.
    public static let query = RequestMatcher(name: "query", reads: .head) { URLParts($0.url).sortedQuery }

    /// The query items except those named (volatile values such as a timestamp or a nonce).
    public static func query(ignoring names: String...) -> RequestMatcher {
        query(ignoring: names)
    }

    static func query(ignoring names: [String]) -> RequestMatcher {
        let ignored = Set(names)
        return RequestMatcher(name: "query(ignoring: \(quoted(names)))", reads: .head) {
            URLParts($0.url).sortedQuery(ignoring: ignored)
        }
    }

    /// The whole URL: scheme and host ignoring case, port, path, and the query as ``query`` compares it, without
    /// its fragment. This is ``RecordedRequest/canonicalURL``.
    public static let url = RequestMatcher(name: "url", reads: .head) { URLMatchKey.of($0.url) }

    /// The whole URL as ``url`` compares it, except the query items named.
    public static func url(ignoringQueryItems names: String...) -> RequestMatcher {
        url(ignoringQueryItems: names)
    }

    /// The whole URL except the query items named, as the variadic form; the names in an array (`cassette diff --ignore-query`).
    package static func url(ignoringQueryItems names: [String]) -> RequestMatcher {
        let ignored = Set(names)
        return RequestMatcher(name: "url(ignoringQueryItems: \(quoted(names)))", reads: .head) { request in
            let parts = URLParts(request.url)
            let query = parts.sortedQuery(ignoring: ignored)
            return parts.scheme.lowercasedIfNeeded + "://" + parts.hostAndPort + parts.path + (query.isEmpty ? "" : "?" + query)
        }
    }

    /// The body: JSON compares by meaning (key order and spacing ignored), form bodies by their fields (as
    /// ``query`` compares query items), multipart bodies by their parts with the random boundary ignored, and
    /// anything else byte by byte.
    public static let body = RequestMatcher(name: "body", reads: .body) { request in
        BodyKey.key(for: request, ignoringJSONKeyPaths: [])
    }

    /// The body as ``body`` compares it, with the JSON values at the key paths named left out (`meta.sentAt`,
    /// `**.nonce`; see ``Redaction/jsonKeyPaths`` for the path syntax, which here compares keys exactly).
    public static func body(ignoringJSONKeyPaths paths: String...) -> RequestMatcher {
        body(ignoringJSONKeyPaths: paths)
    }

    static func body(ignoringJSONKeyPaths paths: [String]) -> RequestMatcher {
        let keyPaths = JSONValue.split(keyPaths: paths)
        return RequestMatcher(name: "body(ignoringJSONKeyPaths: \(quoted(paths)))", reads: .anything) { request in
            BodyKey.key(for: request, ignoringJSONKeyPaths: keyPaths)
        }
    }

    /// `names` as a matcher's name writes its arguments, and `RequestDifferences.code(for:)` the code for it:
    /// `"a", "b"`.
    static func quoted(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// The values of the named header fields (names ignore case; a missing field counts as empty).
    public static func headers(_ names: String...) -> RequestMatcher {
        let wanted = names.map { $0.lowercased() }.sorted()
        return RequestMatcher(name: "headers(\(wanted.joined(separator: ", ")))", reads: .anything) { request in
            wanted.map { "\($0)=\(request.header($0) ?? "")" }.joined(separator: "\n")
        }
    }

    /// The headers that make a request conditional or partial (`If-None-Match`, `If-Modified-Since`, `If-Match`,
    /// `If-Unmodified-Since`, `If-Range`, `Range`; names ignore case): requests match when they carry the same ones
    /// with the same values, so a plain and a conditional GET of one URL (`200`, `304`) each replay their own.
    public static let conditions = RequestMatcher(name: "conditions", reads: .anything) { ConditionalHeaders.key(of: $0.headers) }

    /// The matchers used unless a call names its own: method, URL (query order ignored), body and the conditional
    /// headers.
    public static let defaults: [RequestMatcher] = [.method, .url, .body, .conditions]
}

extension Array where Element == RequestMatcher {
    /// The combined key of `request` under every matcher.
    func key(for request: RecordedRequest) -> String {
        // One string grown in place, with room for a typical URL: replay computes this for every request.
        var key = self[0].key(request)
        guard count > 1 else { return key }
        key.reserveCapacity(key.utf8.count + 128)
        for matcher in dropFirst() {
            key.append("\u{1F}")
            key.append(matcher.key(request))
        }
        return key
    }

    /// Whether some matcher reads more than the method and the URL (see ``ReplayIndex``).
    var readBeyondHead: Bool {
        contains { $0.reads != .head }
    }

    /// The combined key of `request` under the matchers that read only its method and URL (see
    /// ``RequestMatcher/Reads/head``); empty when none does.
    func headKey(for request: RecordedRequest) -> String {
        headKeys(for: request).joined(separator: "\u{1F}")
    }

    /// The key of `request` under each matcher that reads only its method and URL, in order.
    func headKeys(for request: RecordedRequest) -> [String] {
        compactMap { $0.reads == .head ? $0.key(request) : nil }
    }

    /// ``key(for:)``, with the head matchers' keys already worked out (``headKeys(for:)``).
    func key(for request: RecordedRequest, headKeys: [String]) -> String {
        var heads = headKeys.makeIterator()
        var key = ""
        key.reserveCapacity(192)
        for (position, matcher) in enumerated() {
            if position > 0 { key.append("\u{1F}") }
            key.append(matcher.reads == .head ? heads.next() ?? matcher.key(request) : matcher.key(request))
        }
        return key
    }

    /// The names of the matchers under which the two requests differ.
    func differences(between request: RecordedRequest, and other: RecordedRequest) -> [String] {
        filter { MatchKey($0.key(request)) != MatchKey($0.key(other)) }.map(\.name)
    }
}
