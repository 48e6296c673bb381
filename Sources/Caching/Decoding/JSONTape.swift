/// A JSON document parsed into one flat array of nodes, in document order: a container's node comes first, then its
/// contents (for an object, each key's string node followed by its value), and the container records where its
/// contents end. Scalars keep byte ranges into the document; strings and numbers are only converted when decoded.
///
/// This is what ``TapeDecoder`` reads. Parsing follows RFC 8259 (no comments, no unescaped control characters in
/// strings, nothing after the top-level value but whitespace) and, like `JSONDecoder`, lets a trailing comma close
/// an array or object, so a hand-edited file that `JSONDecoder` read still reads.
struct JSONTape {
    /// One value of the document.
    enum Node {
        case null
        case bool(Bool)
        /// A number written as an integer (no fraction, no exponent): bytes `start..<end`.
        case integer(start: Int, end: Int)
        /// Any other number: bytes `start..<end`.
        case number(start: Int, end: Int)
        /// A string without escapes: the bytes between its quotes.
        case string(start: Int, end: Int)
        /// A string with escapes: the bytes between its quotes, still escaped.
        case escapedString(start: Int, end: Int)
        /// An array of `count` values; the node after its last value is at `end`.
        case array(count: Int, end: Int)
        /// An object of `count` members (key node, value node); the node after its last value is at `end`.
        case object(count: Int, end: Int)
    }

    private(set) var nodes = Nodes()
    /// The document, valid only while the caller's buffer is. Without bytes (a tape of a document whose decoding
    /// ended, see `TapeDocument`), every string reads as empty and every number as missing.
    let bytes: UnsafeRawBufferPointer
    /// The repeated key that appears again earliest in the document, in any object; `nil` if no object repeats a
    /// key. Found while parsing (see ``RepeatedKeyFinder``); decoding such a document is an error.
    private(set) var repeatedKey: RepeatedKey?
    /// The values an outline left out (see ``init(parsing:leavingOutDepth:)``), in document order; empty otherwise.
    private(set) var leftOut: [LeftOut] = []

    /// A value an outline parsed but did not keep: the `null` node standing in its place and the value's bytes.
    struct LeftOut {
        let node: Int
        let bytes: Range<Int>
    }

    /// Parses `bytes`, which must outlive the tape.
    ///
    /// With `leavingOutDepth`, the whole document is parsed all the same, every syntax error thrown alike, but no nodes
    /// are kept for the values at that depth (the top-level value is at depth 0): each stands as a `null` node, its
    /// bytes in ``leftOut``, to be parsed on its own with ``init(parsingValueAt:depth:in:)``. Such an outline of a
    /// large file costs memory for its outer levels only; ``repeatedKey`` then covers the objects kept, and each
    /// left-out value's own parse covers it.
    init(parsing bytes: UnsafeRawBufferPointer, leavingOutDepth: Int? = nil) throws(JSONSyntaxError) {
        self.bytes = bytes
        // About one node per 16 bytes of a cassette: room made once, not grown node by node (an outline keeps few).
        if leavingOutDepth == nil { nodes.reserveCapacity(bytes.count / 16) }
        var parser = Parser(bytes: bytes, leavingOutDepth: leavingOutDepth)
        try parser.parseDocument(into: &nodes)
        repeatedKey = earliestRepeatedKey(parser.repeatedKeys)
        leftOut = parser.leftOut
    }

    /// Parses the one value that starts at `offset` of `bytes`, a value at `depth` of the document (for the nesting
    /// limit), such as one an outline left out: its nodes' byte ranges are offsets into the whole of `bytes`, so its
    /// errors name their place in the document.
    init(parsingValueAt offset: Int, depth: Int, in bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        self.bytes = bytes
        var parser = Parser(bytes: bytes)
        parser.offset = offset
        try parser.parseValue(into: &nodes, depth: depth)
        repeatedKey = earliestRepeatedKey(parser.repeatedKeys)
    }

    /// A tape of `nodes` parsed earlier from the same bytes as `bytes` (a document kept for deferred values).
    init(nodes: Nodes, bytes: UnsafeRawBufferPointer) {
        self.nodes = nodes
        self.bytes = bytes
    }

    /// The index of the node after `index` and everything inside it.
    func next(after index: Int) -> Int {
        switch nodes[index] {
        case .array(_, let end), .object(_, let end): end
        default: index + 1
        }
    }
}

/// The recursive-descent parser behind ``JSONTape``.
private struct Parser {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    /// Every object's keys, checked for repeats as the object closes.
    var repeatedKeys = RepeatedKeyFinder()
    /// Deeper documents are rejected rather than risking the stack (JSONDecoder's limit too).
    static let maximumDepth = 512
    /// The depth whose values are parsed but not kept (see ``JSONTape/init(parsing:leavingOutDepth:)``), if any.
    let leavingOutDepth: Int?
    /// The values left out so far.
    var leftOut: [JSONTape.LeftOut] = []
    /// Whether the value being parsed is one left out: its objects' keys are not checked here.
    private var insideLeftOut = false

    init(bytes: UnsafeRawBufferPointer, leavingOutDepth: Int? = nil) {
        self.bytes = bytes
        self.leavingOutDepth = leavingOutDepth
    }

    mutating func parseDocument(into nodes: inout JSONTape.Nodes) throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset < bytes.count else { throw error(bytes.isEmpty ? "The document is empty" : "No value") }
        try parseValue(into: &nodes, depth: 0)
        skipWhitespace()
        guard offset == bytes.count else { throw error("Unexpected text after the value") }
    }

    mutating func parseValue(into nodes: inout JSONTape.Nodes, depth: Int) throws(JSONSyntaxError) {
        if depth == leavingOutDepth {
            let start = offset
            let node = nodes.count
            insideLeftOut = true
            try parseNode(into: &nodes, depth: depth)
            insideLeftOut = false
            nodes.removeAll(from: node)
            nodes.append(.null)
            leftOut.append(JSONTape.LeftOut(node: node, bytes: start..<offset))
        } else {
            try parseNode(into: &nodes, depth: depth)
        }
    }

    private mutating func parseNode(into nodes: inout JSONTape.Nodes, depth: Int) throws(JSONSyntaxError) {
        guard offset < bytes.count else { throw error("Unexpected end of the document") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): try parseObject(into: &nodes, depth: depth)
        case UInt8(ascii: "["): try parseArray(into: &nodes, depth: depth)
        case UInt8(ascii: "\""): nodes.append(try parseString())
        case UInt8(ascii: "t"): try expect("true"); nodes.append(.bool(true))
        case UInt8(ascii: "f"): try expect("false"); nodes.append(.bool(false))
        case UInt8(ascii: "n"): try expect("null"); nodes.append(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): nodes.append(try parseNumber())
        default: throw error("Unexpected character '\(Unicode.Scalar(bytes[offset]))'")
        }
    }

    private mutating func parseObject(into nodes: inout JSONTape.Nodes, depth: Int) throws(JSONSyntaxError) {
        let index = nodes.count
        let keys = repeatedKeys.mark
        nodes.append(.object(count: 0, end: 0))
        let count = try parseMembers(into: &nodes, depth: depth, close: UInt8(ascii: "}"), of: "an object") { parser, nodes throws(JSONSyntaxError) in
            guard parser.offset < parser.bytes.count, parser.bytes[parser.offset] == UInt8(ascii: "\"") else {
                throw parser.error("Expected a key in quotes")
            }
            let key = try parser.parseString()
            if !parser.insideLeftOut { parser.repeatedKeys.add(key, at: nodes.count, in: parser.bytes) }
            nodes.append(key)
            parser.skipWhitespace()
            guard parser.offset < parser.bytes.count, parser.bytes[parser.offset] == UInt8(ascii: ":") else {
                throw parser.error("Expected ':' after the key")
            }
            parser.offset += 1
            parser.skipWhitespace()
            try parser.parseValue(into: &nodes, depth: depth + 1)
        }
        nodes[index] = .object(count: count, end: nodes.count)
        if !insideLeftOut { repeatedKeys.close(objectAt: index, keysFrom: keys, in: bytes) }
    }

    private mutating func parseArray(into nodes: inout JSONTape.Nodes, depth: Int) throws(JSONSyntaxError) {
        let index = nodes.count
        nodes.append(.array(count: 0, end: 0))
        let count = try parseMembers(into: &nodes, depth: depth, close: UInt8(ascii: "]"), of: "an array") { parser, nodes throws(JSONSyntaxError) in
            try parser.parseValue(into: &nodes, depth: depth + 1)
        }
        nodes[index] = .array(count: count, end: nodes.count)
    }

    /// The members of an array or object, from its opening bracket to its closing one: `member` parses one member,
    /// and the separating commas (a trailing one included) are handled here. Returns how many members there were.
    private mutating func parseMembers(
        into nodes: inout JSONTape.Nodes, depth: Int, close: UInt8, of container: String,
        member: (inout Parser, inout JSONTape.Nodes) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) -> Int {
        guard depth < Self.maximumDepth else { throw error("Too deeply nested") }
        offset += 1
        skipWhitespace()
        var count = 0
        if offset < bytes.count, bytes[offset] == close {
            offset += 1
            return 0
        }
        while true {
            try member(&self, &nodes)
            count += 1
            skipWhitespace()
            guard offset < bytes.count else { throw error("Unexpected end of the document in \(container)") }
            if bytes[offset] == close { offset += 1; return count }
            guard bytes[offset] == UInt8(ascii: ",") else {
                throw error("Expected ',' or '\(Unicode.Scalar(close))' in \(container)")
            }
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == close { offset += 1; return count }
        }
    }

    /// A string from its opening quote: its bytes are checked for control characters and valid escapes here,
    /// and for valid UTF-8 when it is decoded.
    private mutating func parseString() throws(JSONSyntaxError) -> JSONTape.Node {
        offset += 1
        let start = offset
        var escaped = false
        while true {
            offset = JSONStringEscapes.plainEnd(in: bytes, from: offset)
            guard offset < bytes.count else { break }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                defer { offset += 1 }
                return escaped ? .escapedString(start: start, end: offset) : .string(start: start, end: offset)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard offset + 1 < bytes.count else { break }
                switch bytes[offset + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    offset += 2
                case UInt8(ascii: "u"):
                    guard offset + 5 < bytes.count, (offset + 2...offset + 5).allSatisfy({ bytes[$0].isHexDigit }) else {
                        throw error("Invalid \\u escape")
                    }
                    offset += 6
                default:
                    offset += 1
                    throw error("Invalid escape")
                }
                continue
            }
            // Neither a quote nor a backslash: a control character.
            throw error("Unescaped control character in a string")
        }
        throw error("Unterminated string")
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONTape.Node {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, bytes[offset].isDigit else { throw error("Invalid number") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            skipDigits()
        }
        var isInteger = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < bytes.count, bytes[offset].isDigit else { throw error("Expected a digit after '.'") }
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, bytes[offset].isDigit else { throw error("Expected a digit in the exponent") }
            skipDigits()
        }
        return isInteger ? .integer(start: start, end: offset) : .number(start: start, end: offset)
    }

    private mutating func skipDigits() {
        while offset < bytes.count, bytes[offset].isDigit { offset += 1 }
    }

    /// Skips whitespace; indentation, most of a pretty-printed file's whitespace, eight spaces at a time.
    private mutating func skipWhitespace() {
        while offset < bytes.count {
            if offset &+ 8 <= bytes.count, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == 0x2020_2020_2020_2020 {
                offset &+= 8
                continue
            }
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func expect(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count,
              UnsafeRawBufferPointer(start: literal.utf8Start, count: count).elementsEqual(bytes[offset..<offset + count]) else {
            throw error("Unexpected character '\(Unicode.Scalar(bytes[offset]))'")
        }
        offset += count
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message, at: offset, in: bytes)
    }
}

extension UInt8 {
    var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

    var isHexDigit: Bool { JSONStringEscapes.hexDigit(self) != nil }
}
