import CassetteCore
import Foundation

/// What changed between two recordings of one cassette, as a reviewer of a re-recording needs it: interactions added
/// and removed (by method and URL), and for the interactions both hold (paired in order by method and URL) the
/// status, the headers (not those that change on every answer), the response body and the request body.
///
/// Bodies are compared as JSON where both are JSON: keys added and removed by path, changed kinds, changed values.
/// A value is never shown: it may be a secret or a placeholder; the report says only where something changed.
struct CassetteDifferences: Sendable {
    /// One line of the report, under its interaction.
    struct Change: Sendable, Equatable {
        /// `GET https://api.example.com/users` (the stored, redacted URL).
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

    init(old: [Interaction], new: [Interaction]) {
        // Pair interactions with the same method and URL in the order they stand.
        var waiting: [String: [Interaction]] = [:]
        for interaction in old { waiting[Self.describe(interaction.request), default: []].append(interaction) }
        var taken: [String: Int] = [:]
        for interaction in new {
            let key = Self.describe(interaction.request)
            let index = taken[key, default: 0]
            if let candidates = waiting[key], index < candidates.count {
                taken[key] = index + 1
                compare(candidates[index], interaction, as: key)
            } else {
                added.append(key)
            }
        }
        for (key, candidates) in waiting.sorted(by: { $0.key < $1.key }) {
            let used = taken[key, default: 0]
            if used < candidates.count { removed += Array(repeating: key, count: candidates.count - used) }
        }
    }

    private static func describe(_ request: RecordedRequest) -> String {
        "\(request.method) \(request.url)"
    }

    private mutating func compare(_ old: Interaction, _ new: Interaction, as key: String) {
        func note(_ what: String) { changes.append(Change(interaction: key, what: what)) }
        if old.request.body?.data != new.request.body?.data {
            for what in Self.bodyChanges(old.request.body, new.request.body) { note("request body: " + what) }
        }
        switch (old.response, new.response) {
        case (let before?, let after?):
            if before.status != after.status { note("status \(before.status) → \(after.status)") }
            for what in Self.headerChanges(before.headers, after.headers) { note(what) }
            if before.body?.data != after.body?.data {
                for what in Self.bodyChanges(before.body, after.body) { note("body: " + what) }
            }
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

    /// Header names added, removed, or with a changed value, volatile ones left out; values never shown.
    static func headerChanges(_ before: [String: String], _ after: [String: String]) -> [String] {
        func lowered(_ headers: [String: String]) -> [String: String] {
            Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        let old = lowered(before)
        let new = lowered(after)
        var lines: [String] = []
        for name in Set(old.keys).union(new.keys).sorted() where !volatileHeaders.contains(name) {
            switch (old[name], new[name]) {
            case (nil, _?): lines.append("header \(name) added")
            case (_?, nil): lines.append("header \(name) removed")
            case (let a?, let b?) where a != b: lines.append("header \(name) changed")
            default: break
            }
        }
        return lines
    }

    /// How a body changed: JSON by path (keys added and removed, kinds and values changed), else its size.
    static func bodyChanges(_ before: Body?, _ after: Body?) -> [String] {
        guard let old = before?.data, let new = after?.data else {
            return [before == nil ? "added (\(after?.data.count ?? 0) bytes)" : "removed (was \(before?.data.count ?? 0) bytes)"]
        }
        guard let oldJSON = before?.json ?? json(old), let newJSON = after?.json ?? json(new) else {
            return ["changed (\(old.count) → \(new.count) bytes)"]
        }
        let lines = JSONComparison.changes(from: oldJSON, to: newJSON, values: true).map { change in
            switch change {
            case .added(let path, let kind): "\(path) added (\(kind))"
            case .removed(let path, let kind): "\(path) removed (was \(kind))"
            case .kindChanged(let path, let from, let to): "\(path) is \(to), was \(from)"
            case .valueChanged(let path): "\(path) changed"
            case .lengthChanged(let path, let from, let to): "\(path) has \(to) elements, was \(from)"
            }
        }
        return lines.isEmpty ? ["changed in layout only"] : lines
    }

    /// `data` as JSON, when it is an object or array.
    private static func json(_ data: Data) -> JSONValue? {
        guard let first = data.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
              first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }
}
