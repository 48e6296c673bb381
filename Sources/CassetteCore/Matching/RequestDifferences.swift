import Foundation

/// How a request differs from a recorded one, for a no-match message: which matchers differ, the query items, JSON
/// values and headers behind them, and the matchers that would ignore them when only values of shared names differ.
struct RequestDifferences {
    /// The names of the matchers that give the two requests different keys.
    let matchers: [String]
    /// One line per differing part, e.g. `query item "ts": recorded "1700000000", sent "1700000060"`.
    let details: [String]
    /// The matchers that would make the two requests match by ignoring what differs, when all that differs is the
    /// values of query items or JSON keys both requests have.
    let ignoring: [RequestMatcher]?
    /// Whether one request has query items or JSON keys the other lacks: a different request, never a volatile value.
    let namesDiffer: Bool

    private static let shownValueLength = 60

    init(_ request: RecordedRequest, recorded: RecordedRequest, matchers: [RequestMatcher]) {
        let differing = matchers.filter { MatchKey($0.key(request)) != MatchKey($0.key(recorded)) }
        self.matchers = differing.map(\.name)
        var details: [String] = []
        var replacements: [String: RequestMatcher] = [:]
        var namesDiffer = false

        if differing.contains(where: { $0.name == RequestMatcher.url.name || $0.name == RequestMatcher.query.name }) {
            let items = Self.differingValues(Self.grouped(request.queryItems), Self.grouped(recorded.queryItems), label: "query item",
                                             into: &details)
            namesDiffer = namesDiffer || items.namesDiffer
            if !items.names.isEmpty, !items.namesDiffer {
                replacements[RequestMatcher.url.name] = .url(ignoringQueryItems: items.names)
                replacements[RequestMatcher.query.name] = .query(ignoring: items.names)
            }
        }
        if differing.contains(where: { $0.name == RequestMatcher.body.name }),
           let sent = request.jsonBody, let old = recorded.jsonBody {
            let paths = Self.differingPaths(sent, old)
            for path in paths.prefix(3) {
                let place = path.keys.isEmpty ? "the top" : path.keys.joined(separator: ".")
                let detail = switch path.side {
                case .both: "JSON value at \(place) differs"
                case .sent: "JSON key \(place) is only in the sent request"
                case .recorded: "JSON key \(place) is only in the recorded request"
                }
                details.append(detail)
            }
            namesDiffer = namesDiffer || paths.contains { $0.side != .both }
            if !paths.isEmpty, !paths.contains(where: { $0.keys.isEmpty || $0.side != .both }) {
                replacements[RequestMatcher.body.name] = .body(ignoringJSONKeyPaths: paths.map { $0.keys.joined(separator: ".") })
            }
        }
        self.namesDiffer = namesDiffer
        for matcher in differing where matcher.name.hasPrefix("headers(") || matcher.name == RequestMatcher.conditions.name {
            Self.differingHeaders(matcher.key(request), matcher.key(recorded), of: matcher.name, into: &details)
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
                return ".headers(\(RequestMatcher.quoted(names.map(String.init))))"
            }
            let builtIn = ["method", "scheme", "host", "path", "query", "url", "body", "conditions"].contains(matcher.name)
                || ["url(", "query(", "body("].contains { matcher.name.hasPrefix($0) }
            return builtIn ? "." + matcher.name : ".custom(\"\(matcher.name)\") { ... }"
        }.joined(separator: ", ") + "]"
    }

    /// One detail line per header whose value differs between two header keys (`name=value` lines, as the header
    /// matchers make them), or that only one of them has.
    private static func differingHeaders(_ sentKey: String, _ recordedKey: String, of matcher: String,
                                         into details: inout [String]) {
        func fields(_ key: String) -> [String: String] {
            Dictionary(key.split(separator: "\n").map { line in
                let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }, uniquingKeysWith: { first, _ in first })
        }
        _ = differingValues(fields(sentKey), fields(recordedKey), label: "\(matcher): header", into: &details)
    }

    /// Names whose values differ between `sent` and `old`, or that only one has, one detail line each (`<label>
    /// "<name>": recorded …, sent …`), and whether any is in one of them only.
    private static func differingValues(_ sent: [String: String], _ old: [String: String], label: String,
                                        into details: inout [String]) -> (names: [String], namesDiffer: Bool) {
        var names: [String] = []
        var namesDiffer = false
        for name in Set(sent.keys).union(old.keys).sorted() where sent[name] != old[name] {
            names.append(name)
            switch (old[name], sent[name]) {
            case (let recordedValue?, let sentValue?):
                details.append("\(label) \"\(name)\": recorded \(shown(recordedValue, against: sentValue)), sent \(shown(sentValue, against: recordedValue))")
            case (nil, _):
                namesDiffer = true
                details.append("\(label) \"\(name)\" is only in the sent request")
            case (_, nil):
                namesDiffer = true
                details.append("\(label) \"\(name)\" is only in the recorded request")
            }
        }
        return (names, namesDiffer)
    }

    private static func grouped(_ items: [URLQueryItem]) -> [String: String] {
        Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $0 + "&" + $1 })
    }

    /// Where a JSON difference is: in both bodies with other values, or a key only one of them has.
    private enum Side { case both, sent, recorded }

    /// Key paths (arrays transparent) at which the sent JSON and the recorded JSON differ, in the order
    /// ``JSONComparison`` finds them, each once.
    private static func differingPaths(_ sent: JSONValue, _ recorded: JSONValue) -> [(keys: [String], side: Side)] {
        // Each path once, whatever the number of elements that differ there: found by a set, not a search.
        var seen = Set<String>()
        return JSONComparison.changes(from: recorded, to: sent, values: true).compactMap { change in
            let side: Side = change.old == nil ? .sent : change.new == nil ? .recorded : .both
            guard seen.insert("\(side)\u{0}" + change.keys.joined(separator: "\u{0}")).inserted else { return nil }
            return (change.keys, side)
        }
    }

    /// `value` quoted; a long one shortened to ``shownValueLength`` characters around where it first differs from
    /// `other`, so the message shows what differs even when two long values share their start.
    private static func shown(_ value: String, against other: String) -> String {
        let characters = Array(value)
        guard characters.count > shownValueLength else { return "\"\(value)\"" }
        let same = zip(characters, other).prefix { $0 == $1 }.count
        let start = max(0, min(same - shownValueLength / 3, characters.count - shownValueLength))
        let end = min(characters.count, start + shownValueLength)
        return "\"" + (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "") + "\""
    }
}
