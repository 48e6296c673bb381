import Foundation

/// How a streamed response body arrived: when its headers came, each piece of the body as the client received it,
/// and how the stream ended. Replay hands the client the same pieces, in order, at their times when asked to (see
/// ``ReplayLatency``).
///
/// A response is stored with one when it streams (see `isStream(contentType:contentLength:chunks:end:)`); any
/// other keeps only its whole body. Times are seconds from the request's start, to the millisecond.
///
/// In a file: `"stream": { "head": 0.003, "chunks": ["0.101s 120B", "0.202s 118B"], "end": "cancelled" }`: each
/// chunk as its time and its size in bytes of the body; `end` is left out for a stream that completed.
public struct RecordedStream: Sendable, Hashable, Codable {
    /// One piece of the body as the client received it.
    public struct Chunk: Sendable, Hashable, Codable {
        /// Seconds from the request's start to its arrival.
        public var at: Double
        /// Its size in bytes of the body.
        public var size: Int

        /// Creates a chunk.
        public init(at: Double, size: Int) {
            self.at = at
            self.size = size
        }

        /// Reads `"<seconds>s <bytes>B"`, e.g. `"0.101s 120B"`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let parts = text.split(separator: " ")
            guard parts.count == 2, parts[0].hasSuffix("s"), parts[1].hasSuffix("B"),
                  let at = Double(parts[0].dropLast()), RecordedStream.times.contains(at),
                  let size = Int(parts[1].dropLast()), RecordedStream.sizes.contains(size) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "A chunk is \"<seconds>s <bytes>B\" (say \"0.101s 120B\"), with at most \(Int(RecordedStream.times.upperBound)) seconds and \(RecordedStream.sizes.upperBound) bytes; this one is not (\(text.count) characters, not shown).")
            }
            self.at = at
            self.size = size
        }

        /// Writes `"<seconds>s <bytes>B"`, the seconds to the millisecond.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode("\(Self.milliseconds(at))s \(size)B")
        }

        /// `seconds` to the millisecond, without trailing zeros: `0.1`, `0.101`, `2`.
        private static func milliseconds(_ seconds: Double) -> String {
            let thousandths = Int((seconds * 1000).rounded())
            let whole = thousandths / 1000
            var fraction = String(thousandths % 1000)
            guard fraction != "0" else { return String(whole) }
            fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return "\(whole).\(fraction)"
        }
    }

    /// How a stream ended.
    public enum End: Sendable, Hashable {
        /// The server finished it.
        case complete
        /// The client cancelled it after the last chunk: replay delivers the chunks, then holds the stream open
        /// until the client cancels again (or its timeout passes).
        case cancelled
        /// The connection failed after the last chunk with this `URLError` code.
        case failed(code: Int)
    }

    /// Seconds from the request's start to the response's headers.
    public var head: Double
    /// The body's pieces, in order; their sizes add up to the body's.
    public var chunks: [Chunk]
    /// How the stream ended.
    public var end: End

    /// Creates a stream.
    public init(head: Double, chunks: [Chunk], end: End = .complete) {
        self.head = head
        self.chunks = chunks
        self.end = end
    }

    private enum CodingKeys: String, CodingKey {
        case head, chunks, end
    }

    /// The times a file may give, in seconds: about eleven days.
    static let times: ClosedRange<Double> = 0...1_000_000
    /// The sizes a file may give a piece, in bytes: a terabyte, so that no sum of pieces overflows.
    static let sizes: ClosedRange<Int> = 0...(1 << 40)

    /// Reads a stream; `end` may be absent (complete), `"cancelled"`, or `"URLError <code>"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        head = try container.decode(Double.self, forKey: .head)
        guard Self.times.contains(head) else {
            throw DecodingError.dataCorruptedError(forKey: .head, in: container,
                                                   debugDescription: "A stream's head is a time from 0 to \(Int(Self.times.upperBound)) seconds; this one is outside that range.")
        }
        chunks = try container.decode([Chunk].self, forKey: .chunks)
        switch try container.decodeIfPresent(String.self, forKey: .end) {
        case nil, "complete": end = .complete
        case "cancelled": end = .cancelled
        case let text?:
            guard text.hasPrefix("URLError "), let code = Int(text.dropFirst("URLError ".count)) else {
                throw DecodingError.dataCorruptedError(forKey: .end, in: container,
                                                       debugDescription: "A stream's end is \"complete\", \"cancelled\" or \"URLError <code>\"; this one is not (\(text.count) characters, not shown).")
            }
            end = .failed(code: code)
        }
    }

    /// Writes a stream, leaving out the end of one that completed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(head, forKey: .head)
        try container.encode(chunks, forKey: .chunks)
        switch end {
        case .complete: break
        case .cancelled: try container.encode("cancelled", forKey: .end)
        case .failed(let code): try container.encode("URLError \(code)", forKey: .end)
        }
    }

    /// The same stream over a body of `length` bytes: a file whose pieces do not add up to its body. The pieces keep
    /// their number and times; their boundaries move in proportion.
    package func fitted(toLength length: Int) -> RecordedStream {
        let total = chunks.reduce(0.0) { $0 + Double($1.size) }
        guard total != Double(length), total > 0, length >= 0 else { return self }
        var fitted = self
        var boundary = 0.0
        var before = 0
        for index in chunks.indices {
            boundary += Double(chunks[index].size)
            let moved = index == chunks.count - 1 ? length : min(length, Int((boundary * Double(length) / total).rounded()))
            fitted.chunks[index].size = max(0, moved - before)
            before = max(before, moved)
        }
        return fitted
    }

    /// The same stream over `body`, a changed copy of `original` (the body its pieces add up to): redaction puts
    /// placeholders in, replay puts live values back. A boundary just after a line (where a server-sent event or a
    /// JSON line ends, the usual case) stays after the same line, so every piece keeps its lines; any other moves
    /// in proportion. Neither a placeholder nor a value holds a line break.
    func fitted(from original: Data, to body: Data) -> RecordedStream {
        guard chunks.reduce(0.0, { $0 + Double($1.size) }) == Double(original.count) else { return fitted(toLength: body.count) }
        guard original.count != body.count || original != body else { return self }
        let newline = UInt8(ascii: "\n")
        // Where each line ends, counted from the start of its body.
        let originalLines = original.indices.filter { original[$0] == newline }.map { $0 - original.startIndex }
        let bodyLines = body.indices.filter { body[$0] == newline }.map { $0 - body.startIndex }
        guard originalLines.count == bodyLines.count else { return fitted(toLength: body.count) }
        var fitted = self
        var boundary = 0
        var before = 0
        var line = 0
        for index in chunks.indices {
            boundary += chunks[index].size
            // How many lines end before the boundary, in the original.
            while line < originalLines.count && originalLines[line] < boundary { line += 1 }
            let moved: Int
            if index == chunks.count - 1 {
                moved = body.count
            } else if line > 0, originalLines[line - 1] == boundary - 1 {
                moved = bodyLines[line - 1] + 1
            } else {
                moved = min(body.count, Int((Double(boundary) * Double(body.count) / Double(max(1, original.count))).rounded()))
            }
            fitted.chunks[index].size = max(0, moved - before)
            before = max(before, moved)
        }
        return fitted
    }

    /// A pause between pieces at least this long makes a body a stream whatever its headers say.
    static let pause: Double = 0.05

    /// Whether a body that arrived as `chunks` and ended as `end` is kept as a stream: it arrived in pieces or was
    /// cut short, and it streams by its headers (`text/event-stream`, or no `Content-Length`: chunked or
    /// close-delimited) or by its pace (a pause of ``pause`` or more between pieces). A body with a length that
    /// arrived in quick pieces (a large JSON read in buffers) is no stream.
    static func isStream(contentType: String?, contentLength: String?, chunks: [Chunk], end: End) -> Bool {
        guard chunks.count > 1 || end != .complete else { return false }
        if contentType.map({ ContentType($0)?.mediaType == "text/event-stream" }) == true || contentLength == nil { return true }
        return zip(chunks, chunks.dropFirst()).contains { $1.at - $0.at >= pause }
    }
}
