/// The parts of an absolute URL string, split without parsing or re-encoding anything: a fraction of `URLComponents`'
/// cost, with percent-encoding kept as written.
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

    /// `url` before its fragment, and the fragment (after the `#`), if it has one.
    static func splittingFragment(_ url: String) -> (beforeFragment: Substring, fragment: Substring?) {
        // One `memchr` first: most URLs have no fragment, and walking the UTF-8 view costs a request's whole URL.
        guard url.containsByte(UInt8(ascii: "#")), let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")) else { return (url[...], nil) }
        return (url[..<hash], url[url.index(after: hash)...])
    }

    /// `url` without its query and fragment: what messages show of a URL that may carry secrets in its query.
    static func withoutQuery(_ url: String) -> String {
        let parts = URLParts(url)
        return parts.query == nil ? String(parts.scheme) + "://" + parts.authority + parts.path
            : String(parts.scheme) + "://" + parts.authority + parts.path + "?…"
    }

    /// The longest URL a message shows whole: a terminal's line and a half.
    static let shownLength = 120

    /// `url` as a message shows it: whole up to ``shownLength`` characters; past that, its scheme, host and path
    /// (a long path cut in its middle) and its query as a count of items.
    static func shortened(_ url: String) -> String {
        guard url.count > shownLength else { return url }
        let parts = URLParts(url)
        var path = String(parts.path)
        if path.count > shownLength / 2 {
            path = String(path.prefix(shownLength / 4)) + "…" + String(path.suffix(shownLength / 4))
        }
        var shown = String(parts.scheme) + "://" + parts.authority + path
        if parts.query != nil {
            let items = parts.queryItems.count
            shown += "?… (\(items) query item\(items == 1 ? "" : "s"))"
        }
        return shown.count < url.count ? shown : String(url.prefix(shownLength)) + "…"
    }

    /// The host and port, lowercased, without user information.
    var hostAndPort: String {
        let host = authority.utf8.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] } ?? authority
        return host.lowercasedIfNeeded
    }

    /// The query's `name=value` items, in their order (empty items dropped).
    var queryItems: [Substring] {
        guard let query else { return [] }
        var items: [Substring] = []
        let bytes = query.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            if start < end { items.append(query[start..<end]) }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        return items
    }

    /// ``URLMatchKey/of(_:)`` worked out from the parts as strings, lowercasing the scheme and host as Unicode text.
    var slowMatchKey: String {
        var key = scheme.lowercasedIfNeeded + "://" + hostAndPort + path
        if query?.isEmpty == false {
            key += "?" + sortedQuery
        }
        return key
    }

    /// The query items sorted by name, so that the order of different names does not matter; items with the same
    /// name keep their order (`a=1&a=2` is not `a=2&a=1`).
    var sortedQuery: String {
        guard let query, query.utf8.contains(UInt8(ascii: "&")) else { return query.map(String.init) ?? "" }
        return Self.joined(Self.sortedByName(queryItems), capacity: query.utf8.count)
    }

    /// The query without the items named in `ignored` (names as written, after percent-decoding), sorted by name.
    func sortedQuery(ignoring ignored: Set<String>) -> String {
        Self.joined(Self.sortedByName(queryItems.filter { !ignored.contains(FormFields.decode($0.queryItemName, plusIsSpace: false)) }),
                    capacity: query?.utf8.count ?? 0)
    }

    /// `items` in the order of their names' bytes, stable for items with the same name.
    static func sortedByName(_ items: [Substring]) -> [Substring] {
        guard items.count > 1 else { return items }
        // Names compare as bytes: no Unicode comparison, and names that differ in their bytes never tie.
        var named = items.enumerated().map { (offset: $0.offset, name: $0.element.queryItemName.utf8, item: $0.element) }
        named.sort { left, right in
            left.name.elementsEqual(right.name) ? left.offset < right.offset : left.name.lexicographicallyPrecedes(right.name)
        }
        return named.map(\.item)
    }

    /// `items` joined with `&`, in a string made once.
    private static func joined(_ items: [Substring], capacity: Int) -> String {
        var result = ""
        result.reserveCapacity(capacity)
        for (index, item) in items.enumerated() {
            if index > 0 { result.append("&") }
            result.append(contentsOf: item)
        }
        return result
    }
}

extension Substring {
    /// The name of a `name=value` query item.
    var queryItemName: Substring {
        utf8.firstIndex(of: UInt8(ascii: "=")).map { self[..<$0] } ?? self
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

    /// Whether the byte is an ASCII digit.
    var isASCIIDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }

    /// Whether the byte is an ASCII letter or digit.
    var isASCIIAlphanumeric: Bool {
        isASCIIUppercase || isASCIILowercase || isASCIIDigit
    }

    /// The byte with an ASCII uppercase letter lowercased; any other byte as it is.
    var asciiLowercased: UInt8 {
        isASCIIUppercase ? self | 0x20 : self
    }
}
