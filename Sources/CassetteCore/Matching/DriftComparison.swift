import Foundation

/// How a live answer differs from the recording of its request, in mode ``RecordMode/drift``: status, media type,
/// the shape of a JSON body (keys and kinds, never values), and an event stream's event types and their data's shape.
enum DriftComparison {
    /// The differences between `recorded` (`nil`: no recording matched) and the live `status`, `headers` and `body`.
    static func differences(recorded: Interaction?, status: Int, headers: [String: String], body: Data) -> [String] {
        guard let recorded else { return ["no recorded interaction matches this request"] }
        guard let response = recorded.response else {
            return ["recorded a transport failure (\(recorded.failure?.code ?? 0)), live answered status \(status)"]
        }
        var differences: [String] = []
        if response.status != status { differences.append("status: recorded \(response.status), live \(status)") }
        let recordedType = mediaType(response.headers)
        let liveType = mediaType(headers)
        if recordedType != liveType {
            differences.append("Content-Type: recorded \(recordedType ?? "none"), live \(liveType ?? "none")")
        }
        if let before = response.body.flatMap({ $0.knownJSON ?? $0.jsonValue }),
           body.looksLikeJSON, let after = JSONValue(parsing: body) {
            differences += report(JSONComparison.changes(from: before, to: after, values: false))
        } else if let recordedBody = response.body?.data, EventStream.looksLikeEvents(recordedBody), EventStream.looksLikeEvents(body) {
            compareEvents(EventStream.events(in: recordedBody), EventStream.events(in: body), into: &differences)
        }
        return differences
    }

    /// Two event streams: the types of their events, and for each type the shape of its first event's JSON data.
    private static func compareEvents(_ recorded: [EventStream.Event], _ live: [EventStream.Event], into differences: inout [String]) {
        let recordedTypes = Set(recorded.map(\.type))
        let liveTypes = Set(live.map(\.type))
        if recordedTypes != liveTypes {
            differences.append("event types: recorded \(recordedTypes.sorted()), live \(liveTypes.sorted())")
        }
        for type in recordedTypes.intersection(liveTypes).sorted() {
            guard let before = recorded.first(where: { $0.type == type }).flatMap({ JSONValue(parsing: $0.data) }),
                  let after = live.first(where: { $0.type == type }).flatMap({ JSONValue(parsing: $0.data) }) else { continue }
            differences += report(JSONComparison.changes(from: before, to: after, at: "$event(\(type))", values: false))
        }
    }

    /// The media type of `headers`' `Content-Type` as ``ContentType`` reads it, or `nil` when there is none.
    private static func mediaType(_ headers: [String: String]) -> String? {
        ContentType(headers.value(caseInsensitiveKey: "Content-Type")).map(\.mediaType).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The drift check's words for shape changes: kinds, never values.
    private static func report(_ changes: [JSONComparison.Change]) -> [String] {
        changes.compactMap { change in
            switch (change.old.map(JSONComparison.kind), change.new.map(JSONComparison.kind)) {
            case (nil, let kind?): "\(change.path): new live (\(kind))"
            case (let kind?, nil): "\(change.path): recorded \(kind), missing live"
            case (let from?, let to?): "\(change.path): recorded \(from), live \(to)"
            case (nil, nil): nil
            }
        }
    }
}
