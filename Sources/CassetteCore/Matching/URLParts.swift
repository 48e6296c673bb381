/// The parts of an absolute URL string, split without parsing or re-encoding anything.
///
/// Replay computes match keys on every request; splitting the string directly costs a fraction of
/// `URLComponents`, and keeps percent-encoding exactly as the URL had it.
struct URLParts {
    /// `http`, as written.
    var scheme: Substring
    /// `user@host:port`, as written.
    var authority: Substring
    /// `/a/b`, as written (may be empty).
    var path: Substring
    /// The text after `?` and before `#`, or `nil` when there is no `?`.
    var query: Substring?

    init(_ url: String) {
        var rest = url[...]
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        } else {
            query = nil
        }
        // "scheme://authority/path": find "://" by bytes (no Foundation search on the hot path).
        let utf8 = rest.utf8
        if let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
           utf8[colon...].starts(with: "://".utf8) {
            scheme = rest[..<colon]
            let authorityStart = utf8.index(colon, offsetBy: 3)
            let slash = utf8[authorityStart...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
            authority = rest[authorityStart..<slash]
            path = rest[slash...]
        } else {
            scheme = ""
            authority = ""
            path = rest
        }
    }

    /// `url` without its query and fragment: what messages show of a URL that may carry secrets in its query.
    static func withoutQuery(_ url: String) -> String {
        let parts = URLParts(url)
        return parts.query == nil ? String(parts.scheme) + "://" + parts.authority + parts.path
            : String(parts.scheme) + "://" + parts.authority + parts.path + "?…"
    }

    /// The host and port, lowercased, without user information.
    var hostAndPort: String {
        let host = authority.utf8.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] } ?? authority
        return host.lowercasedIfNeeded
    }

    /// The query's `name=value` items, in their order (empty items dropped).
    var queryItems: [Substring] {
        query?.split(separator: "&", omittingEmptySubsequences: true) ?? []
    }

    /// The key under which ``RequestMatcher/url`` matches `url`: equal for URLs that differ only in the case of
    /// their scheme and host, user information, the order of their query items, a fragment or an empty query.
    ///
    /// A URL already in that form (the usual case) is its own key, with no copy made.
    static func matchKey(of url: String) -> String {
        var copy = url
        let isCanonical = copy.withUTF8(isCanonicalKey)
        if isCanonical { return url }
        let parts = URLParts(url)
        var key = parts.scheme.lowercasedIfNeeded + "://" + parts.hostAndPort + parts.path
        if parts.query?.isEmpty == false {
            key += "?" + parts.sortedQuery
        }
        return key
    }

    /// Whether the URL's bytes are already the key ``matchKey(of:)`` gives it: `scheme://authority/path?query` with a
    /// lowercase scheme and host, no user information, no fragment, and a query of one non-empty item or none.
    private static func isCanonicalKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        // The scheme, up to "://".
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
            if bytes[index].isASCIIUppercase { return false }
            index += 1
        }
        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
            return false
        }
        index += 3
        // The authority, up to the path.
        while index < bytes.count, bytes[index] != UInt8(ascii: "/") {
            let byte = bytes[index]
            if byte.isASCIIUppercase || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                return false
            }
            index += 1
        }
        // The path and query.
        var queryStart: Int?
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "#"): return false
            case UInt8(ascii: "?") where queryStart == nil: queryStart = index + 1
            case UInt8(ascii: "&") where queryStart != nil: return false
            default: break
            }
            index += 1
        }
        return queryStart.map { $0 < bytes.count } ?? true
    }

    /// The query items sorted by name, so that the order of different names does not matter; items with the same
    /// name keep their order (`a=1&a=2` is not `a=2&a=1`).
    var sortedQuery: String {
        guard let query, query.contains("&") else { return query.map(String.init) ?? "" }
        return Self.sortedByName(queryItems).joined(separator: "&")
    }

    /// The query without the items named in `ignored` (names as written, after percent-decoding), sorted by name.
    func sortedQuery(ignoring ignored: Set<String>) -> String {
        Self.sortedByName(queryItems.filter { !ignored.contains(FormFields.decode($0.queryItemName, plusIsSpace: false)) })
            .joined(separator: "&")
    }

    /// `items` in the order of their names, stable for items with the same name.
    static func sortedByName(_ items: [Substring]) -> [Substring] {
        items.enumerated()
            .sorted { ($0.element.queryItemName, $0.offset) < ($1.element.queryItemName, $1.offset) }
            .map(\.element)
    }
}

extension Substring {
    /// The name of a `name=value` query item.
    var queryItemName: Substring {
        firstIndex(of: "=").map { self[..<$0] } ?? self
    }
}

extension Substring {
    /// The text lowercased, without allocating when it has no uppercase ASCII letters (the usual case for schemes
    /// and hosts).
    var lowercasedIfNeeded: String {
        utf8.contains(where: \.isASCIIUppercase) ? lowercased() : String(self)
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII uppercase letter.
    var isASCIIUppercase: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }

    /// Whether the byte is an ASCII lowercase letter.
    var isASCIILowercase: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
    }
}
