import Caching
import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a URL query, as written, read on UTF-8 bytes: names
/// decoded only when they hold an escape, values only when asked for.
struct FormFields {
    /// One `name=value` pair: the name decoded, the value as written (and decoded on demand).
    struct Field {
        let name: String
        let encodedValue: Substring
        /// Where the value stands in the text (empty range after `name=` for an empty value).
        let valueRange: Range<String.Index>
        /// Whether `+` stands for a space (a form body) or for itself (a URL's query).
        let plusIsSpace: Bool
        /// For a field of a URL held in a value (see ``FormFields/nestedQueryFields(depth:)``), how its value stands
        /// in the values that hold it, innermost first, where each encoded it once more (`token%3Da%252Db` holds `a%2Db`
        /// as `a%252Db`); empty for a field of the text itself.
        var writtenAbove: [String] = []

        /// The value, percent-decoded (and `+` read as a space in a form body).
        var value: String { FormFields.decode(encodedValue, plusIsSpace: plusIsSpace) }

        /// The value with `+` read as a space, where the field reads it as a plus and holds one (a URL's query):
        /// what most servers decode, and echo; `nil` otherwise.
        var valueReadingPlusAsSpace: String? {
            guard !plusIsSpace, encodedValue.utf8.contains(UInt8(ascii: "+")) else { return nil }
            return FormFields.decode(encodedValue, plusIsSpace: true)
        }

        /// Whether the decoded value holds a `?` (written as is or as `%3F`): it may be a URL with a query of its own.
        var valueMayHoldQuery: Bool { FormFields.mayHoldQuery(encodedValue.utf8) }
    }

    let fields: [Field]

    /// Splits `text` at `&`; `plusIsSpace` reads `+` as a space, as form bodies do.
    init(_ text: Substring, plusIsSpace: Bool) {
        var fields: [Field] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            if start < end {
                let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "="))
                let rawName = text[start..<(equals ?? end)]
                let valueRange = equals.map { bytes.index(after: $0)..<end } ?? end..<end
                fields.append(Field(name: Self.decode(rawName, plusIsSpace: plusIsSpace), encodedValue: text[valueRange],
                                    valueRange: valueRange, plusIsSpace: plusIsSpace))
            }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        self.fields = fields
    }

    /// Whether a body that declares no form is shaped like one (OAuth token endpoints of several providers answer
    /// `access_token=…&token_type=bearer`, some as `text/plain`): one line of URL-safe bytes, at most 64 KiB, with a `=`.
    static func isFormShaped(_ data: Data) -> Bool {
        guard data.count <= 64 << 10, data.containsByte(UInt8(ascii: "=")) else { return false }
        var body = data[...]
        while body.last == UInt8(ascii: "\n") || body.last == UInt8(ascii: "\r") { body = body.dropLast() }
        return !body.isEmpty && body.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"), UInt8(ascii: "+"),
                 UInt8(ascii: "="), UInt8(ascii: "&"), UInt8(ascii: "*"): true
            default: byte.isASCIIAlphanumeric
            }
        }
    }

    /// How many URLs deep queries held in query values are read (`?next=https%3A%2F%2Fa%2F%3Fback%3D...`): each level
    /// reads part of the one before, so the cost stays linear in the URL.
    static let nestedQueryDepth = 4

    /// Every field of the queries and fragments of URLs held in these fields' values, and of URLs held in theirs,
    /// ``nestedQueryDepth`` levels deep.
    func nestedQueryFields(depth: Int = 1) -> [Field] {
        guard depth <= Self.nestedQueryDepth else { return [] }
        var found: [Field] = []
        for field in fields where field.valueMayHoldQuery {
            let value = field.value
            let (beforeFragment, fragment) = URLParts.splittingFragment(value)
            var parts: [Substring] = fragment.map { [$0] } ?? []
            if let mark = beforeFragment.utf8.firstIndex(of: UInt8(ascii: "?")) {
                parts.append(beforeFragment[beforeFragment.index(after: mark)...])
            }
            let outer = Spelled(field.encodedValue)
            for part in parts {
                let nested = FormFields(part, plusIsSpace: false)
                // Each list is in the order its values stand in the part: a search goes on from the last one found.
                for list in [nested.fields, nested.nestedQueryFields(depth: depth + 1)] {
                    var cursor = 0
                    for var inner in list {
                        let below = inner.writtenAbove.last ?? String(inner.encodedValue)
                        if let (above, end) = outer.written(below, from: cursor) ?? (cursor > 0 ? outer.written(below, from: 0) : nil) {
                            cursor = end
                            if above != below { inner.writtenAbove.append(above) }
                        }
                        found.append(inner)
                    }
                }
            }
        }
        return found
    }

    /// A text percent-decoded (`+` kept) once, with where its escapes stood, for finding how it writes parts of what it
    /// decodes to (see ``written(_:from:)``).
    struct Spelled {
        private let raw: [UInt8]
        private let plain: [UInt8]
        /// The offset in ``plain`` of each escape's decoded byte, in order.
        private let escapes: [Int]

        init(_ text: Substring) {
            raw = Array(text.utf8)
            var escapes: [Int] = []
            plain = raw.withUnsafeBytes { FormFields.leniently(decoding: $0, plusIsSpace: false) { offset, _ in escapes.append(offset) } }
            self.escapes = escapes
        }

        /// The first part of the text at or after decoded offset `start` that decodes to `decoded`, as the text writes
        /// it, and the decoded offset where it ends; `nil` when none does.
        func written(_ decoded: String, from start: Int) -> (text: String, end: Int)? {
            guard !decoded.isEmpty, start <= plain.count,
                  let found = plain[start...].firstRange(of: Array(decoded.utf8)) else { return nil }
            return (String(decoding: raw[rawOffset(found.lowerBound)..<rawOffset(found.upperBound)], as: UTF8.self), found.upperBound)
        }

        /// Where decoded offset `offset` stands in the text: each escape before it moves it two bytes on.
        private func rawOffset(_ offset: Int) -> Int {
            var (low, high) = (0, escapes.count)
            while low < high {
                let middle = (low + high) / 2
                if escapes[middle] < offset { low = middle + 1 } else { high = middle }
            }
            return offset + 2 * low
        }
    }

    /// Whether a field of the query of `url` is named in `names` or holds a value that may be a URL with a query of
    /// its own (false only when redacting the query's fields would change nothing), in one pass over its bytes.
    static func queryMayHoldFields(named names: SecretNameSet, in url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            guard let mark = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) else { return false }
            var start = mark + 1
            while start < end {
                let itemEnd = bytes[start..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
                let equals = bytes[start..<itemEnd].firstIndex(of: UInt8(ascii: "=")) ?? itemEnd
                let name = UnsafeBufferPointer(rebasing: bytes[start..<equals])
                // An escaped name may decode to a rule's name.
                if name.contains(UInt8(ascii: "%")) || names.contains(bytes: name) { return true }
                if equals < itemEnd, mayHoldQuery(UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<itemEnd])) { return true }
                start = itemEnd + 1
            }
            return false
        }
    }

    /// Whether an encoded value holds a `?` or a `#`, as is or as `%3F`, `%23`.
    private static func mayHoldQuery(_ value: some Sequence<UInt8>) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in value {
            // A query, or a fragment (which may hold `name=value` items too).
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return true }
            if previous == (UInt8(ascii: "%"), UInt8(ascii: "3")), byte == UInt8(ascii: "F") || byte == UInt8(ascii: "f") {
                return true
            }
            if previous == (UInt8(ascii: "%"), UInt8(ascii: "2")), byte == UInt8(ascii: "3") {
                return true
            }
            previous = (previous.1, byte)
        }
        return false
    }

    /// Percent-decodes `text` (and `+` as a space when asked); text that is not valid percent-encoding, or that
    /// decodes to bytes that are not UTF-8, stays as written (with `+` still read as a space).
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && utf8.contains(UInt8(ascii: "+"))) else { return String(text) }
        let bytes = Array(utf8)
        var escapes = 0
        let decoded = bytes.withUnsafeBytes { leniently(decoding: $0, plusIsSpace: plusIsSpace) { _, _ in escapes += 1 } }
        let result = String(decoding: decoded, as: UTF8.self)
        // Valid when every `%` starts an escape of two hex digits and the bytes are UTF-8 (as `removingPercentEncoding`
        // decides): decoding repairs bytes that are not, and unrepaired text has exactly the decoded bytes.
        if escapes == bytes.lazy.filter({ $0 == UInt8(ascii: "%") }).count, result.utf8.elementsEqual(decoded) { return result }
        return String(decoding: bytes.map { plusIsSpace && $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }

    /// `bytes` with every `%XX` of two hex digits decoded (and `+` as a space when `plusIsSpace`), any other `%` kept:
    /// the one percent decoder; `escaped` gets each escape's offset in the result and the bytes that spelled it.
    static func leniently(decoding bytes: UnsafeRawBufferPointer, plusIsSpace: Bool,
                          escaped: (_ offset: Int, _ raw: Range<Int>) -> Void) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = JSONStringEscapes.hexDigit(bytes[index + 1]), let low = JSONStringEscapes.hexDigit(bytes[index + 2]) {
                escaped(decoded.count, index..<(index + 3))
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusIsSpace && bytes[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : bytes[index])
                index += 1
            }
        }
        return decoded
    }
}
