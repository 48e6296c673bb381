import Foundation

/// The query parameters of the URLs a text holds, found without parsing it: a page's link (`<a href="/cb?token=…">`),
/// a URL in prose or XML. A body that is neither JSON nor a form is still read for the query items a rule names,
/// so that redaction fails closed on text it cannot parse.
///
/// A parameter is a name that follows `?`, `&` (or `&amp;`) or `;`, then `=` and a value up to the next character
/// that ends one in such text: `&`, `;`, `#`, a quote, `<`, `>`, a closing bracket, or a byte a URL does not hold
/// unencoded (whitespace, a control character, anything beyond ASCII). One pass over the bytes.
enum LinkParameters {
    /// A parameter found: its name, and its value as written (still percent-encoded) and decoded.
    struct Parameter {
        let name: String
        let encodedValue: String
        var value: String { FormFields.decode(encodedValue[...], plusIsSpace: true) }
    }

    /// The parameters in `data` whose names `wanted` holds, in order; none when `data` holds no `=`.
    static func find(in data: Data, named wanted: SecretNameSet) -> [Parameter] {
        guard data.containsByte(UInt8(ascii: "=")) else { return [] }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var found: [Parameter] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                guard byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: ";") else { continue }
                // `&amp;name=` in HTML: the entity's `;` starts the name as well.
                let nameStart = index
                var nameEnd = nameStart
                while nameEnd < bytes.count, bytes[nameEnd] != UInt8(ascii: "="), !endsName(bytes[nameEnd]) { nameEnd += 1 }
                guard nameEnd < bytes.count, nameEnd > nameStart, bytes[nameEnd] == UInt8(ascii: "="),
                      wanted.contains(bytes: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])) else { continue }
                var valueEnd = nameEnd + 1
                while valueEnd < bytes.count, !endsValue(bytes[valueEnd]) { valueEnd += 1 }
                guard valueEnd > nameEnd + 1 else { continue }
                found.append(Parameter(name: String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self),
                                       encodedValue: String(decoding: UnsafeBufferPointer(rebasing: bytes[(nameEnd + 1)..<valueEnd]), as: UTF8.self)))
                index = valueEnd
            }
            return found
        }
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        endsValue(byte) || byte == UInt8(ascii: "?") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "/")
    }

    /// Whether a byte ends a value: a separator, a quote, markup, a bracket, or a byte no URL holds unencoded (a
    /// control character, whitespace, anything beyond ASCII).
    private static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "\\"), 0...0x20, 0x7F...0xFF:
            true
        default:
            false
        }
    }
}
