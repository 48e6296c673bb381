import Foundation

/// A `text/event-stream` body (server-sent events) as the WHATWG HTML standard reads it: events separated by blank
/// lines, each a list of `field: value` lines (`data`, `event`, `id`, `retry`; a line starting with `:` is a comment),
/// lines ending in LF, CRLF or CR. An event's data is its `data` lines joined with LF.
///
/// The cassette reads the data of each event (the JSON of a chat-completions stream, say) so that redaction and the
/// drift check see inside events as they see inside a JSON body.
package enum EventStream {
    /// Whether `data` reads as an event stream: its first line is a field (`data:`, `event:`, `id:`, `retry:`) or a
    /// comment (`:`). A body that starts otherwise is none, whatever its `Content-Type`.
    package static func looksLikeEvents(_ data: Data) -> Bool {
        for field in ["data:", "event:", "id:", "retry:", ":"] where data.starts(with: field.utf8) { return true }
        return false
    }

    /// One event: its type (the `event` field; `message` when it has none) and its data.
    struct Event: Equatable {
        var type = "message"
        var data = Data()
    }

    /// The events in `data` that carry data, in order.
    static func events(in data: Data) -> [Event] {
        var events: [Event] = []
        var current = Event()
        var hasData = false
        for line in lines(of: data) {
            if line.isEmpty {
                if hasData { events.append(current) }
                current = Event()
                hasData = false
                continue
            }
            guard let (name, value) = field(line) else { continue }
            switch name {
            case "data":
                if hasData { current.data.append(UInt8(ascii: "\n")) }
                current.data.append(contentsOf: value)
                hasData = true
            case "event":
                current.type = String(decoding: value, as: UTF8.self)
            default:
                break
            }
        }
        // An event the stream ended inside (no blank line after it) is not dispatched, as the standard says.
        return events
    }

    /// The data of each event in `data` that has any, in order.
    package static func eventData(in data: Data) -> [Data] {
        events(in: data).map(\.data)
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
                throw DecodingError.dataCorruptedError(forKey: .fields, in: container, debugDescription: "An event's field is one line, not \"\(field)\".")
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

    /// `data` as events a cassette shows one by one, when it is a stream of them in the form servers send most:
    /// LF line endings, each event ending in a blank line, at most one `data: ` line per event and last in it, its
    /// data JSON or text. `nil` for anything else (which is then shown as text): the events must write back exactly.
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
                    guard case .json = body.form else {
                        guard case .text = body.form else { return nil }
                        event.data = body
                        continue
                    }
                    event.data = body
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
        for event in events {
            for field in event.fields { data.append(contentsOf: field.utf8); data.append(UInt8(ascii: "\n")) }
            if let body = event.data {
                data.append(contentsOf: "data: ".utf8)
                data.append(body.data)
                data.append(UInt8(ascii: "\n"))
            }
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }
}
