import CassetteCore

/// Python's `json.loads` (strict, the default), for JSON that a cassette holds inside a string.
///
/// Foundation's parsers differ from Python's in what they accept (trailing commas, `NaN`, numbers out of range,
/// repeated keys), and so in which strings the scan looks into; this one accepts what Python accepts: JSON
/// whitespace only, `NaN`, `Infinity` and `-Infinity`, numbers of any size, control characters only escaped, and
/// the last of repeated keys. A lone UTF-16 surrogate, which Python keeps and Swift cannot hold, becomes U+FFFD.
struct PythonJSONParser {
    /// The text as UTF-8.
    let bytes: [UInt8]
    /// Where parsing is.
    var index = 0
    private var depth = 0
    /// Deeper nesting fails (Python stops at its recursion limit, near 1000, with an error the script does not catch).
    private static let maximumDepth = 500

    private init(_ text: some StringProtocol) {
        bytes = Array(text.utf8)
    }

    /// The value `text` holds, or `nil` when Python's `json.loads` raises.
    static func parse(_ text: some StringProtocol) -> JSONValue? {
        var parser = PythonJSONParser(text)
        // Python refuses a leading byte order mark.
        guard !parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
        parser.skipWhitespace()
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.bytes.count ? value : nil
    }

    /// The byte at `index`, `nil` at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips JSON's whitespace (space, tab, line feed, carriage return), the only whitespace Python's parser skips.
    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// Whether `word` is at `index`, moving past it if so.
    private mutating func literal(_ word: String) -> Bool {
        guard bytes[index...].starts(with: word.utf8) else { return false }
        index += word.utf8.count
        return true
    }

    /// The value at `index`, moving past it; `nil` where Python raises.
    private mutating func value() -> JSONValue? {
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "N"): return literal("NaN") ? .number(.nan) : nil
        case UInt8(ascii: "I"): return literal("Infinity") ? .number(.infinity) : nil
        default:
            if literal("-Infinity") { return .number(-.infinity) }
            return number()
        }
    }

    /// An object's or array's `body`, after its opening character and whitespace, one level deeper.
    private mutating func nested(_ body: (inout PythonJSONParser) -> JSONValue?) -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        return body(&self)
    }

    /// `{...}`: no trailing comma, keys in double quotes, the last of repeated keys kept.
    private mutating func object() -> JSONValue? {
        nested { parser in
            var members: [String: JSONValue] = [:]
            if parser.current == UInt8(ascii: "}") { parser.index += 1; return .object(members) }
            while true {
                guard parser.current == UInt8(ascii: "\""), let key = parser.string() else { return nil }
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: ":") else { return nil }
                parser.index += 1
                parser.skipWhitespace()
                guard let value = parser.value() else { return nil }
                members[key] = value
                parser.skipWhitespace()
                guard let separator = parser.current else { return nil }
                parser.index += 1
                if separator == UInt8(ascii: "}") { return .object(members) }
                guard separator == UInt8(ascii: ",") else { return nil }
                parser.skipWhitespace()
            }
        }
    }

    /// `[...]`: no trailing comma.
    private mutating func array() -> JSONValue? {
        nested { parser in
            var items: [JSONValue] = []
            if parser.current == UInt8(ascii: "]") { parser.index += 1; return .array(items) }
            while true {
                guard let item = parser.value() else { return nil }
                items.append(item)
                parser.skipWhitespace()
                guard let separator = parser.current else { return nil }
                parser.index += 1
                if separator == UInt8(ascii: "]") { return .array(items) }
                guard separator == UInt8(ascii: ",") else { return nil }
                parser.skipWhitespace()
            }
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`; what follows a partial fraction or exponent then fails the
    /// enclosing value, as in Python.
    private mutating func number() -> JSONValue? {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { return nil }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        var isInteger = true
        if current == UInt8(ascii: "."), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
            index += 1
            skipDigits()
            isInteger = false
        }
        if let marker = current, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            var end = index + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
            if end < bytes.count, isDigit(bytes[end]) {
                index = end
                skipDigits()
                isInteger = false
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        return .number(Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity))
    }

    /// Whether `byte` is an ASCII digit.
    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Skips a run of ASCII digits.
    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }
}
