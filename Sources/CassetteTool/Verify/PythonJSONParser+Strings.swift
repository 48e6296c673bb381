extension PythonJSONParser {
    /// A string literal, the opening quote at `index`: escapes decoded, a raw control character an error.
    mutating func string() -> String? {
        index += 1
        var decoded: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: decoded, as: UTF8.self)
            case 0x00..<0x20: return nil
            case UInt8(ascii: "\\"):
                guard let escape = current else { return nil }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    decoded.append(contentsOf: String(scalar).utf8)
                default: return nil
                }
            default: decoded.append(byte)
            }
        }
        return nil
    }

    /// The code point of `XXXX` after `\u` (at `index`), joined with a following `\uXXXX` low surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let unit = hexUnit() else { return nil }
        if (0xD800...0xDBFF).contains(unit), bytes[index...].starts(with: "\\u".utf8) {
            let restart = index
            index += 2
            guard let low = hexUnit() else { return nil }
            if (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            }
            index = restart
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    /// The four hex digits at `index` as a UTF-16 unit, moving past them; `nil` unless all four are hex digits.
    private mutating func hexUnit() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): unit = unit << 4 | UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): unit = unit << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): unit = unit << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        index += 4
        return unit
    }
}
