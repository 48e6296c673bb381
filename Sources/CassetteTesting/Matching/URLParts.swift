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
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        } else {
            query = nil
        }
        if let separator = rest.range(of: "://") {
            scheme = rest[..<separator.lowerBound]
            rest = rest[separator.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = rest[..<slash]
            path = rest[slash...]
        } else {
            scheme = ""
            authority = ""
            path = rest
        }
    }

    /// The host and port, lowercased, without user information.
    var hostAndPort: String {
        let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        return host.lowercased()
    }

    /// The query's `name=value` items, in their order (empty items dropped).
    var queryItems: [Substring] {
        query?.split(separator: "&", omittingEmptySubsequences: true) ?? []
    }

    /// The query items sorted, so that their order does not matter.
    var sortedQuery: String {
        guard let query, query.contains("&") else { return query.map(String.init) ?? "" }
        return queryItems.sorted().joined(separator: "&")
    }
}

extension Substring {
    /// The name of a `name=value` query item.
    var queryItemName: Substring {
        firstIndex(of: "=").map { self[..<$0] } ?? self
    }
}
