/// Text operations as Python 3 performs them on `str`, for ``SecretScan``'s port of `Scripts/scan-secrets.sh`.
///
/// Python counts, compares and splits code points; Swift's `String` works in grapheme clusters and compares by
/// canonical equivalence (`"e\u{301}" == "é"`). These helpers work on Unicode scalars or UTF-8 bytes instead, so that
/// lengths, substrings and name comparisons are exactly Python's. Splitting on an ASCII byte is splitting on that
/// code point: UTF-8 never uses ASCII bytes inside a multi-byte sequence.
enum PythonText {
    /// Whether `scalar` is whitespace to `str.isspace()`, `str.strip()` and the regular expression `\s`.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }

    /// `text.strip()`.
    static func strip(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return text[text.endIndex...]
        }
        return Substring(scalars[first...last])
    }

    /// Whether two strings hold the same code points (`==` in Python).
    static func same(_ left: some StringProtocol, _ right: some StringProtocol) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }

    /// `len(text)`: the number of code points.
    static func length(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.count
    }

    /// Whether `text` holds the ASCII character `byte`.
    static func has(_ text: some StringProtocol, _ byte: UInt8) -> Bool {
        text.utf8.contains(byte)
    }

    /// `text.split(separator)` for a one-character ASCII separator, empty parts kept.
    static func split(_ text: Substring, on byte: UInt8) -> [Substring] {
        text.utf8.split(separator: byte, omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// `text.split(separator, 1)` when the separator occurs: the part before its first occurrence and the rest.
    static func splitOnce(_ text: Substring, on byte: UInt8) -> (head: Substring, tail: Substring)? {
        let bytes = text.utf8
        guard let index = bytes.firstIndex(of: byte) else { return nil }
        return (Substring(bytes[..<index]), Substring(bytes[bytes.index(after: index)...]))
    }

    /// `text.split(separator, 1)[0]`: the part before the first occurrence of `byte`, or all of `text`.
    static func before(_ text: Substring, _ byte: UInt8) -> Substring {
        splitOnce(text, on: byte)?.head ?? text
    }

    /// `text.lower()`: the full lowercase mapping of each code point, with Python's final-sigma rule for `Σ`.
    static func lower(_ text: some StringProtocol) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\u{03A3}" {
                result.append(isFinalSigma(scalars, at: index) ? "\u{03C2}" : "\u{03C3}")
            } else {
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(result)
    }

    /// CPython's `handle_capital_sigma`: a cased letter before (case-ignorable ones skipped), none after.
    private static func isFinalSigma(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let before = scalars[..<index].last { !$0.properties.isCaseIgnorable }
        guard let before, before.properties.isCased else { return false }
        let after = scalars[(index + 1)...].first { !$0.properties.isCaseIgnorable }
        return !(after?.properties.isCased ?? false)
    }

    /// `urllib.parse.unquote(text)`: `%XX` decoded, other `%` kept as they are, the bytes read as UTF-8 with
    /// U+FFFD for each maximal invalid subsequence (Python's `errors="replace"`, which Swift's decoding also does).
    static func unquote(_ text: some StringProtocol) -> String {
        guard has(text, UInt8(ascii: "%")) else { return String(text) }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// `urllib.parse.unquote_plus(text)`: `+` is a space, then ``unquote(_:)``.
    static func unquotePlus(_ text: some StringProtocol) -> String {
        guard has(text, UInt8(ascii: "+")) else { return unquote(text) }
        return unquote(String(decoding: text.utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Where `needle` first occurs in `haystack` at or after `start` (Python's `in` and `str.find` on code points:
    /// a match of valid UTF-8 bytes always starts and ends on code point boundaries).
    static func find(_ needle: some Collection<UInt8>, in haystack: [UInt8], from start: Int = 0) -> Int? {
        let needle = Array(needle)
        guard let first = needle.first else { return start <= haystack.count ? start : nil }
        guard haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// `needle in haystack`.
    static func contains(_ haystack: some StringProtocol, _ needle: some StringProtocol) -> Bool {
        find(needle.utf8, in: Array(haystack.utf8)) != nil
    }
}
