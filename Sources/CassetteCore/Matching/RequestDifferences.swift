import Foundation

/// How a request differs from a recorded one, in the words of a no-match message: which matchers differ, the
/// query items, JSON values and headers behind them, and, when only volatile parts differ, the matchers that
/// would ignore them.
struct RequestDifferences {
    /// The names of the matchers that give the two requests different keys.
    let matchers: [String]
    /// One line per differing part, e.g. `query item "ts": recorded "1700000000", sent "1700000060"`.
    let details: [String]
    /// The matchers that would make the two requests match by ignoring what differs, when that is all that differs.
    let ignoring: [RequestMatcher]?

    private static let shownValueLength = 60

    init(_ request: RecordedRequest, recorded: RecordedRequest, matchers: [RequestMatcher]) {
        let differing = matchers.filter { MatchKey($0.key(request)) != MatchKey($0.key(recorded)) }
        self.matchers = differing.map(\.name)
        var details: [String] = []
        var replacements: [String: RequestMatcher] = [:]

        if differing.contains(where: { $0.name == RequestMatcher.url.name || $0.name == RequestMatcher.query.name }) {
            let names = Self.differingQueryItems(request, recorded, into: &details)
            if !names.isEmpty {
                replacements[RequestMatcher.url.name] = .url(ignoringQueryItems: names)
                replacements[RequestMatcher.query.name] = .query(ignoring: names)
            }
        }
        if differing.contains(where: { $0.name == RequestMatcher.body.name }),
           let sent = request.jsonBody, let old = recorded.jsonBody {
            let paths = Self.differingPaths(sent, old, path: [])
            for path in paths.prefix(3) {
                details.append("JSON value at \(path.isEmpty ? "the top" : path.joined(separator: ".")) differs")
            }
            if !paths.isEmpty, !paths.contains(where: \.isEmpty) {
                replacements[RequestMatcher.body.name] = .body(ignoringJSONKeyPaths: paths.map { $0.joined(separator: ".") })
            }
        }
        for matcher in differing where matcher.name.hasPrefix("headers(") {
            details.append("\(matcher.name): recorded \(Self.shown(matcher.key(recorded))), sent \(Self.shown(matcher.key(request)))")
        }
        self.details = details
        // Only when every differing matcher has an ignoring form, and the ignoring forms match, is it all volatile.
        let ignoring = matchers.map { replacements[$0.name] ?? $0 }
        if !differing.isEmpty, differing.allSatisfy({ replacements[$0.name] != nil }),
           ignoring.allSatisfy({ MatchKey($0.key(request)) == MatchKey($0.key(recorded)) }) {
            self.ignoring = ignoring
        } else {
            self.ignoring = nil
        }
    }

    /// The matchers written as code, e.g. `[.method, .url(ignoringQueryItems: "ts"), .body]`.
    static func code(for matchers: [RequestMatcher]) -> String {
        "[" + matchers.map { matcher in
            if matcher.name.hasPrefix("headers(") {
                let names = matcher.name.dropFirst("headers(".count).dropLast().split(separator: ",").map { $0.trimmingSpaces }
                return ".headers(\(quoted(names.map(String.init))))"
            }
            let builtIn = ["method", "scheme", "host", "path", "query", "url", "body"].contains(matcher.name)
                || ["url(", "query(", "body("].contains { matcher.name.hasPrefix($0) }
            return builtIn ? "." + matcher.name : ".custom(\"\(matcher.name)\") { ... }"
        }.joined(separator: ", ") + "]"
    }

    /// Names of query items whose values differ or that only one request has; one detail line each.
    private static func differingQueryItems(_ request: RecordedRequest, _ recorded: RecordedRequest,
                                            into details: inout [String]) -> [String] {
        let sent = grouped(request.queryItems), old = grouped(recorded.queryItems)
        var names: [String] = []
        for name in Set(sent.keys).union(old.keys).sorted() where sent[name] != old[name] {
            names.append(name)
            switch (old[name], sent[name]) {
            case (let recordedValues?, let sentValues?):
                details.append("query item \"\(name)\": recorded \(shown(recordedValues)), sent \(shown(sentValues))")
            case (nil, _):
                details.append("query item \"\(name)\" is only in the sent request")
            case (_, nil):
                details.append("query item \"\(name)\" is only in the recorded request")
            }
        }
        return names
    }

    private static func grouped(_ items: [URLQueryItem]) -> [String: String] {
        Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $0 + "&" + $1 })
    }

    /// Key paths (arrays transparent) at which two JSON values differ, shallowest first.
    private static func differingPaths(_ a: JSONValue, _ b: JSONValue, path: [String]) -> [[String]] {
        switch (a, b) {
        case (.object(let left), .object(let right)):
            return Set(left.keys).union(right.keys).sorted().flatMap { key -> [[String]] in
                guard let l = left[key], let r = right[key] else { return [path + [key]] }
                return l == r ? [] : differingPaths(l, r, path: path + [key])
            }
        case (.array(let left), .array(let right)) where left.count == right.count:
            var paths: [[String]] = []
            for (l, r) in zip(left, right) where l != r {
                for found in differingPaths(l, r, path: path) where !paths.contains(found) { paths.append(found) }
            }
            return paths
        default:
            return a == b ? [] : [path]
        }
    }

    private static func shown(_ value: String) -> String {
        let text = value.count > shownValueLength ? String(value.prefix(shownValueLength)) + "…" : value
        return "\"\(text)\""
    }

    private static func quoted(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
