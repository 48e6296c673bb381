import Foundation

/// A `text/event-stream` body (server-sent events) as the WHATWG HTML standard reads it: events separated by blank
/// lines, each a list of `field: value` lines (`data`, `event`, `id`, `retry`; `:` starts a comment), lines ending in
/// LF, CRLF or CR; an event's data is its `data` lines joined with LF. Redaction and the drift check read inside it.
package enum EventStream {
    /// Whether `data` reads as an event stream: its first line is a field (`data:`, `event:`, `id:`, `retry:`) or a
    /// comment (`:`). A body that starts otherwise is none, whatever its `Content-Type`.
    package static func looksLikeEvents(_ data: Data) -> Bool {
        for field in ["data:", "event:", "id:", "retry:", ":"] where data.starts(with: field.utf8) { return true }
        return false
    }

    /// One event as a client reads it: its type (the `event` field; `message` when it has none or an empty one), its
    /// data, and the `id` and `retry` it sets.
    package struct Event: Sendable, Equatable {
        /// The event's type: the last `event` field's value, `message` when there is none or it is empty.
        package var type = "message"
        /// The `data` lines joined with LF; empty when there are none.
        package var data = Data()
        /// Whether the event has a `data` line: a client dispatches only an event that has one.
        package var hasData = false
        /// The last `id` field's value, if the event has one; a value holding NUL is ignored, as clients ignore it.
        package var id: Data?
        /// The last `retry` field's value, if the event has one in ASCII digits; others are ignored, as clients ignore them.
        package var retry: String?

        /// Whether a client does anything with the event: dispatches its data, or keeps its `id` or `retry`.
        var isRead: Bool { hasData || id != nil || retry != nil }
    }

    /// The events in `data` that carry data, in order; an event the stream ended inside (no blank line after it) is
    /// not dispatched, as the standard says.
    static func events(in data: Data) -> [Event] {
        blocks(in: data).ended.filter(\.hasData)
    }

    /// The data of each event in `data` that has any, in order.
    package static func eventData(in data: Data) -> [Data] {
        events(in: data).map(\.data)
    }

    /// Every event in `data` a client reads something from (data, an `id`, a `retry`), in order, the last one whether
    /// or not a blank line ends it: what two streams must share for every client to read the same from both.
    package static func readEvents(in data: Data) -> [Event] {
        let (ended, unterminated) = blocks(in: data)
        return (ended + (unterminated.map { [$0] } ?? [])).filter(\.isRead)
    }

    /// The blocks of `data` (its lines up to each blank line) read as events, and the one the stream ended inside,
    /// if any line follows the last blank line.
    private static func blocks(in data: Data) -> (ended: [Event], unterminated: Event?) {
        var events: [Event] = []
        var current = Event()
        var hasLines = false
        for line in lines(of: data) {
            if line.isEmpty {
                events.append(current)
                current = Event()
                hasLines = false
                continue
            }
            hasLines = true
            guard let (name, value) = field(line) else { continue }
            switch name {
            case "data":
                if current.hasData { current.data.append(UInt8(ascii: "\n")) }
                current.data.append(contentsOf: value)
                current.hasData = true
            case "event":
                current.type = value.isEmpty ? "message" : String(decoding: value, as: UTF8.self)
            case "id" where !value.containsByte(0):
                current.id = value
            case "retry" where !value.isEmpty && value.allSatisfy(\.isASCIIDigit):
                current.retry = String(decoding: value, as: UTF8.self)
            default:
                break
            }
        }
        return (events, hasLines ? current : nil)
    }

    /// A line's field name and value (one space after the colon dropped); `nil` for a comment.
    private static func field(_ line: Data) -> (name: String, value: Data)? {
        guard line.first != UInt8(ascii: ":") else { return nil }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return (String(decoding: line, as: UTF8.self), Data()) }
        var value = line[line.index(after: colon)...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        return (String(decoding: line[..<colon], as: UTF8.self), Data(value))
    }

    /// The lines of `data`, without their endings (LF, CRLF or CR).
    private static func lines(of data: Data) -> [Data] {
        var lines: [Data] = []
        var start = data.startIndex
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(data[start..<index])
                if byte == UInt8(ascii: "\r"), data.index(after: index) < data.endIndex, data[data.index(after: index)] == UInt8(ascii: "\n") {
                    index = data.index(after: index)
                }
                start = data.index(after: index)
            }
            index = data.index(after: index)
        }
        if start < data.endIndex { lines.append(data[start..<data.endIndex]) }
        return lines
    }

    /// One event as a cassette file shows it: its lines before the data as written (`event: delta`, `id: 7`, a
    /// `: comment`), and its one line of data as a body of its own (JSON, shown as JSON, or text).
    struct Stored: Sendable, Hashable, Codable {
        /// The lines before the data line, as written.
        var fields: [String] = []
        /// The data, or `nil` for an event with no data line.
        var data: Body?

        private enum CodingKeys: String, CodingKey { case fields, data }

        init(fields: [String], data: Body?) {
            self.fields = fields
            self.data = data
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            fields = try container.decodeIfPresent([String].self, forKey: .fields) ?? []
            data = try container.decodeIfPresent(Body.self, forKey: .data)
            for field in fields where field.contains("\n") || field.contains("\r") {
                throw DecodingError.dataCorruptedError(forKey: .fields, in: container, debugDescription: "An event's field is one line; this one holds a line break (\(field.count) characters, not shown).")
            }
            if let data, data.data.containsByte(UInt8(ascii: "\n")) || data.data.containsByte(UInt8(ascii: "\r")) {
                throw DecodingError.dataCorruptedError(forKey: .data, in: container, debugDescription: "An event's data is one line.")
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
            try container.encodeIfPresent(data, forKey: .data)
        }
    }

    /// `data` as events a cassette shows one by one, when it is in the form servers send most (LF line endings, each
    /// event ending in a blank line, at most one `data: ` line, last, of JSON or text) and writes back exactly; else `nil`.
    static func storedEvents(_ data: Data) -> [Stored]? {
        guard looksLikeEvents(data), !data.containsByte(UInt8(ascii: "\r")), data.count >= 2,
              data[data.index(data.endIndex, offsetBy: -2)...].elementsEqual([UInt8(ascii: "\n"), UInt8(ascii: "\n")]),
              let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        var events: [Stored] = []
        for block in text.dropLast(2).components(separatedBy: "\n\n") {
            var event = Stored(fields: [], data: nil)
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                guard event.data == nil, !line.isEmpty else { return nil }
                if line.hasPrefix("data: ") {
                    let body = Body(Data(line.dropFirst(6).utf8))
                    switch body.form {
                    case .json, .text: event.data = body
                    default: return nil
                    }
                } else if line.hasPrefix("data") {
                    return nil
                } else {
                    event.fields.append(String(line))
                }
            }
            events.append(event)
        }
        return written(events) == data ? events : nil
    }

    /// The bytes `events` stand for.
    static func written(_ events: [Stored]) -> Data {
        var data = Data()
        // Sized up front: a long stream's bytes are not moved while they grow.
        data.reserveCapacity(events.reduce(0) { count, event in
            event.fields.reduce(count + 1) { $0 + $1.utf8.count + 1 } + (event.data.map { 7 + $0.data.count } ?? 0)
        })
        for event in events { append(event, to: &data) }
        return data
    }

    /// Appends `event` to `data` as a server writes it: its fields, its `data: ` line, then a blank line.
    static func append(_ event: Stored, to data: inout Data) {
        for field in event.fields { data.append(contentsOf: field.utf8); data.append(UInt8(ascii: "\n")) }
        if let body = event.data {
            data.append(contentsOf: "data: ".utf8)
            data.append(body.data)
            data.append(UInt8(ascii: "\n"))
        }
        data.append(UInt8(ascii: "\n"))
    }
}
