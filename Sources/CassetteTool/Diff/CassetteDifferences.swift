import CassetteCore
import Foundation

/// What changed between two recordings of one cassette: interactions added and removed (by method and URL), and for
/// those both hold (paired in order) the status, the headers (not volatile ones) and both bodies (JSON by path, an
/// event stream event by event), never showing a value. What the test ignores can be ignored too (see ``Ignored``).
struct CassetteDifferences: Sendable {
    /// What a comparison leaves out, as the test's matchers and hooks do: query items pairing ignores, headers, and
    /// JSON key paths in every body.
    struct Ignored: Sendable {
        var queryItems: [String] = []
        var headers: Set<String> = []
        var jsonKeyPaths: [String] = []
    }

    /// One line of the report, under its interaction.
    struct Change: Sendable, Equatable {
        /// `GET https://api.example.com/users` (the URL redacted by the default rules).
        let interaction: String
        let what: String
    }

    private(set) var added: [String] = []
    private(set) var removed: [String] = []
    private(set) var changes: [Change] = []

    var isEmpty: Bool { added.isEmpty && removed.isEmpty && changes.isEmpty }

    /// Headers whose values change from one answer to the next, whatever the API: never reported.
    static let volatileHeaders: Set<String> = [
        "date", "age", "expires", "last-modified", "etag", "x-request-id", "request-id", "x-correlation-id",
        "x-amzn-requestid", "x-amzn-trace-id", "x-amz-request-id", "x-amz-id-2", "cf-ray", "x-runtime",
        "server-timing", "x-cache", "x-served-by", "x-timer", "report-to", "nel", "content-length",
    ]

    private let ignored: Ignored

    /// Compares two recordings of a cassette, going through `new` once and `old` to pair, then for each interaction
    /// paired or removed, so that collections decoding each when reached keep none in memory.
    init<Old: RandomAccessCollection<Interaction>>(old: Old, new: some Collection<Interaction>, ignoring ignored: Ignored = Ignored()) {
        self.ignored = ignored
        // Pair interactions with the same method and URL (but the ignored query items) in the order they stand.
        let url = ignored.queryItems.isEmpty ? nil : RequestMatcher.url(ignoringQueryItems: ignored.queryItems)
        func pairing(_ request: RecordedRequest) -> String {
            url.map { "\(request.method) \($0.key(request))" } ?? Self.describe(request)
        }
        var waiting: [String: [Old.Index]] = [:]
        for place in old.indices { waiting[pairing(old[place].request), default: []].append(place) }
        var taken: [String: Int] = [:]
        for interaction in new {
            let key = pairing(interaction.request)
            let index = taken[key, default: 0]
            if let candidates = waiting[key], index < candidates.count {
                taken[key] = index + 1
                compare(old[candidates[index]], interaction, as: Self.describe(interaction.request))
            } else {
                added.append(Self.describe(interaction.request))
            }
        }
        for (key, candidates) in waiting.sorted(by: { $0.key < $1.key }) {
            let used = taken[key, default: 0]
            for place in candidates.dropFirst(used) { removed.append(Self.describe(old[place].request)) }
        }
    }

    /// The method and URL, redacted by the default rules: a file may hold a secret the report must not show.
    private static func describe(_ request: RecordedRequest) -> String {
        Redaction.default.storedDescription(of: request)
    }

    private mutating func compare(_ old: Interaction, _ new: Interaction, as key: String) {
        func note(_ what: String) { changes.append(Change(interaction: key, what: what)) }
        if old.request.body?.data != new.request.body?.data {
            for what in bodyChanges(old.request.body, new.request.body) { note("request body: " + what) }
        }
        switch (old.response, new.response) {
        case (let before?, let after?):
            if before.status != after.status { note("status \(before.status) → \(after.status)") }
            for what in Self.headerChanges(before.headers, after.headers, ignoring: ignored.headers) { note(what) }
            if before.body?.data != after.body?.data {
                for what in bodyChanges(before.body, after.body) { note("body: " + what) }
            }
            if let end = Self.endChange(before.stream, after.stream) { note(end) }
        case (nil, let after?):
            note("was a transport failure (\(old.failure?.code ?? 0)), now status \(after.status)")
        case (let before?, nil):
            note("was status \(before.status), now a transport failure (\(new.failure?.code ?? 0))")
        case (nil, nil):
            if old.failure?.code != new.failure?.code {
                note("transport failure \(old.failure?.code ?? 0) → \(new.failure?.code ?? 0)")
            }
        }
    }

    /// Header names added, removed, or with a changed value, volatile ones left out; names pair whatever their case and
    /// are shown as the file spells them, redacted by the default rules (a name can be a token).
    static func headerChanges(_ before: [String: String], _ after: [String: String], ignoring: Set<String> = []) -> [String] {
        func lowered(_ headers: [String: String]) -> [String: (spelled: String, value: String)] {
            Dictionary(headers.map { ($0.key.lowercased(), (spelled: $0.key, value: $0.value)) }, uniquingKeysWith: { first, _ in first })
        }
        let old = lowered(before)
        let new = lowered(after)
        var lines: [String] = []
        let ignored = Set(ignoring.map { $0.lowercased() })
        for name in Set(old.keys).union(new.keys).sorted() where !volatileHeaders.contains(name) && !ignored.contains(name) {
            if let what = change(old[name]?.value, new[name]?.value) {
                lines.append("header \(Redaction.default.shown(names: new[name]?.spelled ?? old[name]?.spelled ?? name)) \(what)")
            }
        }
        return lines
    }

    /// `added`, `removed` or `changed` for a value that was `old` and is `new`; `nil` when it is the same.
    private static func change<Value: Equatable>(_ old: Value?, _ new: Value?) -> String? {
        switch (old, new) {
        case (nil, _?): "added"
        case (_?, nil): "removed"
        case (let old?, let new?) where old != new: "changed"
        default: nil
        }
    }

    /// How a body changed: JSON by path (keys added and removed, kinds and values changed), an event stream event by
    /// event, else its size. The ignored key paths are left out of every JSON document.
    func bodyChanges(_ before: Body?, _ after: Body?) -> [String] {
        guard let old = before?.data, let new = after?.data else {
            return [before == nil ? "added (\(after?.data.count ?? 0) bytes)" : "removed (was \(before?.data.count ?? 0) bytes)"]
        }
        if EventStream.looksLikeEvents(old), EventStream.looksLikeEvents(new) {
            return eventChanges(EventStream.readEvents(in: old), EventStream.readEvents(in: new))
        }
        guard let oldJSON = before?.json ?? Self.json(old), let newJSON = after?.json ?? Self.json(new) else {
            return ["changed (\(old.count) → \(new.count) bytes)"]
        }
        let lines = jsonChanges(oldJSON, newJSON, at: "")
        return lines.isEmpty ? unchangedBeyondLayout : lines
    }

    /// Each change between two JSON documents, by path under `prefix`, the ignored key paths left out.
    private func jsonChanges(_ old: JSONValue, _ new: JSONValue, at prefix: String) -> [String] {
        let (old, new) = ignored.jsonKeyPaths.isEmpty ? (old, new)
            : (old.removing(keyPaths: ignored.jsonKeyPaths), new.removing(keyPaths: ignored.jsonKeyPaths))
        return Self.lines(JSONComparison.changes(from: old, to: new, values: true), prefix: prefix)
    }

    /// The words for JSON changes, kinds and lengths but never values: an array of another length is followed by the
    /// changes among the elements both have.
    private static func lines(_ changes: [JSONComparison.Change], prefix: String) -> [String] {
        changes.flatMap { change -> [String] in
            let path = prefix + change.path
            switch (change.old, change.new) {
            case (nil, let new?): return ["\(path) added (\(JSONComparison.kind(new)))"]
            case (let old?, nil): return ["\(path) removed (was \(JSONComparison.kind(old)))"]
            case (.array(let old)?, .array(let new)?):
                let both = min(old.count, new.count)
                return ["\(path) has \(new.count) elements, was \(old.count)"] + lines(JSONComparison.changes(
                    from: .array(Array(old[..<both])), to: .array(Array(new[..<both])), at: change.path, values: true), prefix: prefix)
            case (let old?, let new?) where JSONComparison.kind(old) != JSONComparison.kind(new):
                return ["\(path) is \(JSONComparison.kind(new)), was \(JSONComparison.kind(old))"]
            default: return ["\(path) changed"]
            }
        }
    }

    /// How a stream's events changed, as a client reads them (see ``EventStream/readEvents(in:)``): their count, and
    /// for each event both hold its type, `id`, `retry` and data (its JSON by path).
    private func eventChanges(_ old: [EventStream.Event], _ new: [EventStream.Event]) -> [String] {
        var lines: [String] = []
        if old.count != new.count { lines.append("\(new.count) events, was \(old.count)") }
        for (index, (before, after)) in zip(old, new).enumerated() where before != after {
            let event = "event \(index + 1)"
            if before.type != after.type { lines.append("\(event): type changed") }
            if let what = Self.change(before.id, after.id) { lines.append("\(event): id \(what)") }
            if let what = Self.change(before.retry, after.retry) { lines.append("\(event): retry \(what)") }
            if before.hasData != after.hasData {
                lines.append(after.hasData ? "\(event): data added (\(after.data.count) bytes)" : "\(event): data removed (was \(before.data.count) bytes)")
            } else if before.data != after.data {
                if let oldJSON = Self.json(before.data), let newJSON = Self.json(after.data) {
                    lines += jsonChanges(oldJSON, newJSON, at: "\(event): ")
                } else {
                    lines.append("\(event) changed (\(before.data.count) → \(after.data.count) bytes)")
                }
            }
        }
        return lines.isEmpty ? unchangedBeyondLayout : lines
    }

    /// What a body whose documents compare equal reports: its layout changed, unless ignored paths may have.
    private var unchangedBeyondLayout: [String] {
        ignored.jsonKeyPaths.isEmpty ? ["changed in layout only"] : []
    }

    /// How a stream's end changed (finished, cancelled by the client, failed), if it did; its timing is not compared.
    private static func endChange(_ before: RecordedStream?, _ after: RecordedStream?) -> String? {
        guard let before, let after, before.end != after.end else { return nil }
        func describe(_ end: RecordedStream.End) -> String {
            switch end {
            case .complete: "finished"
            case .cancelled: "cancelled by the client"
            case .failed(let code): "failed (URLError \(code))"
            }
        }
        return "stream \(describe(after.end)), was \(describe(before.end))"
    }

    /// `data` as JSON, when it is an object or array.
    private static func json(_ data: Data) -> JSONValue? {
        guard data.looksLikeJSON else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }
}
