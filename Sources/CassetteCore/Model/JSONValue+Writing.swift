import Caching
import Foundation

extension JSONValue {
    /// Writes the value as JSON bytes in `layout`, with object keys sorted by their UTF-8 bytes.
    func serialized(in layout: JSONLayout) -> Data {
        var writer = JSONWriter(layout: layout)
        writer.write(self, depth: 0)
        if layout.trailingNewline { writer.output.append(UInt8(ascii: "\n")) }
        return Data(writer.output)
    }

    /// The canonical text of the value (compact, sorted keys): equal for semantically equal JSON documents.
    package var canonicalText: String {
        String(decoding: serialized(in: JSONLayout()), as: UTF8.self)
    }

    /// `scalar` as JSON's `\u` escapes: four hex digits for each of its UTF-16 code units (a surrogate pair above
    /// U+FFFF), lowercase unless `uppercase`.
    static func unicodeEscapes(_ scalar: Unicode.Scalar, uppercase: Bool = false) -> String {
        String(scalar).utf16.map { unit in
            let digits = String(unit, radix: 16, uppercase: uppercase)
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }.joined()
    }
}

/// Writes ``JSONValue``s byte by byte, deterministically on every platform (unlike `JSONSerialization`).
private struct JSONWriter {
    let layout: JSONLayout
    var output: [UInt8] = []

    init(layout: JSONLayout) {
        self.layout = layout
        output.reserveCapacity(1024)
    }

    mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let number): append(String(number))
        case .number(let number): append(number.description)
        case .string(let string): writeString(string)
        case .array(let elements):
            writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count, depth: depth) { writer, index in
                writer.write(elements[index], depth: depth + 1)
            }
        case .object(let members):
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: keys.count, depth: depth) { writer, index in
                writer.writeString(keys[index])
                writer.append(writer.layout.colon)
                writer.write(members[keys[index]] ?? .null, depth: depth + 1)
            }
        }
    }

    private mutating func writeContainer(open: UInt8, close: UInt8, count: Int, depth: Int,
                                         element: (inout JSONWriter, Int) -> Void) {
        output.append(open)
        guard count > 0 else { return output.append(close) }
        for index in 0..<count {
            if index > 0 { append(layout.indent > 0 ? "," : layout.comma) }
            newline(depth: depth + 1)
            element(&self, index)
        }
        newline(depth: depth)
        output.append(close)
    }

    private mutating func newline(depth: Int) {
        guard layout.indent > 0 else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * layout.indent))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        let utf8 = string.utf8
        let handled: Bool? = utf8.withContiguousStorageIfAvailable { bytes in
            // Fast path: copy runs of bytes that need no escaping; give up on non-ASCII when it must be escaped.
            if layout.asciiOnly && !bytes.isASCII { return false }
            var runStart = 0
            while true {
                let index = JSONStringEscapes.plainEnd(in: UnsafeRawBufferPointer(bytes), from: runStart, slash: layout.escapesSlashes)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                guard index < bytes.count else { return true }
                switch bytes[index] {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "/"): append("\\/")
                case let byte: append(Self.escaped(Unicode.Scalar(byte)))
                }
                runStart = index + 1
            }
        }
        if handled != true {
            writeScalars(string)
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The slow path: scalar by scalar, escaping non-ASCII for ASCII-only layouts.
    private mutating func writeScalars(_ string: String) {
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "/" where layout.escapesSlashes: append("\\/")
            default:
                if scalar.value < 0x20 || (layout.asciiOnly && scalar.value >= 0x80) {
                    append(Self.escaped(scalar))
                } else {
                    output.append(contentsOf: String(scalar).utf8)
                }
            }
        }
    }

    /// `\n`, `\r`, `\t`, `\b`, `\f` in their short forms, anything else as `\uXXXX` (UTF-16, lowercase hex).
    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\u{08}": "\\b"
        case "\u{0C}": "\\f"
        default: JSONValue.unicodeEscapes(scalar)
        }
    }
}

extension JSONValue {
    /// The value as indented JSON text with sorted keys, for people to read (`cassette show --body`).
    package var prettyPrinted: String {
        String(decoding: serialized(in: JSONLayout(indent: 2, colon: ": ")), as: UTF8.self)
    }
}
