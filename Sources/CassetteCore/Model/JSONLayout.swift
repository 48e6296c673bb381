import Foundation

/// How a JSON body was laid out on the wire, so that a body stored as JSON replays as exactly the recorded bytes.
///
/// A cassette stores the layout next to the JSON value as a short list of words, for example
/// `"indent=2 colon-space ascii newline"` for the pretty-printed JSON that Python's `json.dumps(indent=2)` writes.
/// Objects are always written with sorted keys: a body whose keys were not sorted is stored as text instead.
public struct JSONLayout: Sendable, Hashable {
    /// Spaces per nesting level; `0` writes everything on one line.
    public var indent: Int
    /// The separator between a key and its value: `":"`, `": "` or `" : "`.
    public var colon: String
    /// The separator between members on one line (compact layout only): `","` or `", "`.
    public var comma: String
    /// Whether characters outside ASCII are written as `\uXXXX` escapes.
    public var asciiOnly: Bool
    /// Whether `/` is written as `\/`.
    public var escapesSlashes: Bool
    /// Whether the document ends with a line feed.
    public var trailingNewline: Bool

    /// Creates a layout; the defaults describe compact JSON such as JavaScript's `JSON.stringify` writes.
    public init(indent: Int = 0, colon: String = ":", comma: String = ",", asciiOnly: Bool = false,
                escapesSlashes: Bool = false, trailingNewline: Bool = false) {
        self.indent = indent
        self.colon = colon
        self.comma = comma
        self.asciiOnly = asciiOnly
        self.escapesSlashes = escapesSlashes
        self.trailingNewline = trailingNewline
    }
}

extension JSONLayout {
    /// The layout's words as stored in a cassette, e.g. `"indent=2 colon-space newline"`; `"compact"` alone is the default.
    var words: String {
        var words = [indent == 0 ? "compact" : "indent=\(indent)"]
        switch colon {
        case ": ": words.append("colon-space")
        case " : ": words.append("colon-spaced")
        default: break
        }
        if comma == ", " { words.append("comma-space") }
        if asciiOnly { words.append("ascii") }
        if escapesSlashes { words.append("escaped-slash") }
        if trailingNewline { words.append("newline") }
        return words.joined(separator: " ")
    }

    /// Parses the words written by ``words``; `nil` for a word it does not know.
    ///
    /// Every JSON body of a cassette names its layout, so this splits the bytes and compares each word as a short
    /// string (the words are ASCII with no other spelling in Unicode: comparing them as text is comparing bytes).
    init?(words: String) {
        self.init()
        var words = words
        for word in words.withUTF8({ $0.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) } }) {
            switch word {
            case "compact": indent = 0
            case "colon-space": colon = ": "
            case "colon-spaced": colon = " : "
            case "comma-space": comma = ", "
            case "ascii": asciiOnly = true
            case "escaped-slash": escapesSlashes = true
            case "newline": trailingNewline = true
            default:
                guard word.utf8.starts(with: "indent=".utf8), let count = Int(Substring(word.utf8.dropFirst(7))), (1...16).contains(count) else {
                    return nil
                }
                indent = count
            }
        }
    }

    /// Guesses the layout of a JSON document from its bytes. The guess is only a candidate:
    /// ``Body`` keeps it only when writing the parsed value with it gives back the same bytes.
    init(guessingFrom bytes: Data) {
        self.init()
        var body = bytes[...]
        if body.last == UInt8(ascii: "\n") {
            trailingNewline = true
            body = body.dropLast()
        }
        asciiOnly = !body.contains { $0 >= 0x80 }
        if let newline = body.firstIndex(of: UInt8(ascii: "\n")) {
            indent = body[body.index(after: newline)...].prefix { $0 == UInt8(ascii: " ") }.count
        }
        var inString = false
        var escaped = false
        var sawColon = false
        var sawComma = false
        for index in body.indices {
            let byte = body[index]
            if inString {
                if escaped {
                    escaped = false
                    if byte == UInt8(ascii: "/") { escapesSlashes = true }
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            let next = body.index(after: index) < body.endIndex ? body[body.index(after: index)] : 0
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: ":") where !sawColon:
                sawColon = true
                let before = index > body.startIndex ? body[body.index(before: index)] : 0
                colon = before == UInt8(ascii: " ") ? " : " : (next == UInt8(ascii: " ") ? ": " : ":")
            case UInt8(ascii: ",") where !sawComma:
                sawComma = true
                if next == UInt8(ascii: " ") { comma = ", " }
            default:
                break
            }
        }
    }
}
