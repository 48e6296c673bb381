/// The shape of a PEM private key: `-----BEGIN <label>-----`, where the label holds `PRIVATE KEY` (RSA, EC,
/// OPENSSH, ENCRYPTED and PGP key blocks included), then a line break and base64, through the end of the
/// `-----END <label>-----` line.
///
/// The block is taken as written, whatever writes its line breaks and spaces (`\n` in JSON, `%0A` or `+` in a form),
/// so its bytes are found again wherever the same writer put them. A block with no end runs to the end of its
/// string: to the next `"` or the end of the text (64 KB at most). A `-----BEGIN … PRIVATE KEY-----` that no line
/// of base64 follows is text about keys, not a key.
enum PEMBlock {
    private static let begin = Array("-----BEGIN".utf8)
    fileprivate static let end = Array("-----END".utf8)
    private static let dashes = Array("-----".utf8)
    private static let privateWord = Array("PRIVATE".utf8)
    /// A label is short; a `-----BEGIN` with no `-----` this close is not a PEM block.
    private static let longestLabel = 80
    /// The longest block looked for (an 8,192-bit RSA key is 6.5 KB): the search for an end never reads further.
    private static let longestBlock = 65_536

    /// What one scan of a text learned about where `-----END` stands, so that many openings in one text search each
    /// stretch of it once: the last search's start and limit, and where it found an end (`nil`: none before the limit).
    struct Footers {
        fileprivate var searched: (from: Int, limit: Int, found: Int?)?

        init() {}

        /// The first `-----END` at or after `start` and before `limit`, reusing the last search where it covers this one.
        fileprivate mutating func first(from start: Int, before limit: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
            if let last = searched, last.from <= start {
                if let found = last.found, found >= start { return found < limit ? found : nil }
                if last.found == nil {
                    // None stands before the last limit: only the stretch past it is new.
                    if last.limit >= limit { return nil }
                    let resume = max(start, last.limit - PEMBlock.end.count + 1)
                    let found = PEMBlock.find(PEMBlock.end, from: resume, before: limit, in: bytes)
                    searched = (last.from, limit, found)
                    return found
                }
            }
            let found = PEMBlock.find(PEMBlock.end, from: start, before: limit, in: bytes)
            searched = (start, limit, found)
            return found
        }
    }

    /// Where the private key block starting at `index` ends, if one starts there; `footers` carries what earlier
    /// openings in the same text learned.
    static func end(at index: Int, in bytes: UnsafeRawBufferPointer, footers: inout Footers) -> Int? {
        guard starts(begin, at: index, in: bytes) else { return nil }
        let labelStart = index + begin.count
        guard let labelEnd = find(dashes, from: labelStart, before: labelStart + longestLabel, in: bytes),
              (labelStart..<labelEnd).allSatisfy({ (0x20..<0x7F).contains(bytes[$0]) }),
              find(privateWord, from: labelStart, before: labelEnd, in: bytes) != nil,
              bodyFollows(at: labelEnd + dashes.count, in: bytes) else {
            return nil
        }
        let limit = min(bytes.count, labelEnd + longestBlock)
        // A block is ASCII: with a byte beyond it before the footer, the block is read as one without a footer.
        if let footer = footers.first(from: labelEnd + dashes.count, before: limit, in: bytes),
           let close = find(dashes, from: footer + end.count, before: footer + end.count + longestLabel, in: bytes),
           !(labelEnd..<close).contains(where: { bytes[$0] >= 0x80 }) {
            return close + dashes.count
        }
        // No footer: to the end of its base64 and line breaks (however written: escaped, percent-encoded), so that
        // it takes along neither the text after it (markup, the rest of a JSON document, bytes that are no UTF-8,
        // which a found value, a string, could not spell back) nor a line that starts with `-` (a multipart body's
        // next delimiter).
        var stop = labelEnd + dashes.count
        while stop < limit, Self.holdsBody(bytes[stop]) {
            if bytes[stop] == 0x0A || bytes[stop] == 0x0D {
                var next = stop
                while next < limit, bytes[next] == 0x0A || bytes[next] == 0x0D { next += 1 }
                if next < limit, bytes[next] == UInt8(ascii: "-") { break }
            }
            stop += 1
        }
        return stop
    }

    /// Whether a byte may stand in a block's body as some writer spells it: base64, whitespace, and the `\` and
    /// `%` of escaped line breaks.
    private static func holdsBody(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
            || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "%")
    }

    /// Whether a line break, however written (`\n`, `\r\n`, JSON's `\n`, a form's `%0A`), and then a base64
    /// character follow `index`; or a space or tab (a block folded onto one line, as headers carry one) and then a
    /// line's worth of base64, which prose about keys does not have.
    private static func bodyFollows(at index: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        var position = index
        var broke = false, folded = false
        // Line breaks and indentation (a block in YAML) within a short stretch.
        while position < bytes.count, position < index + 64 {
            switch bytes[position] {
            case 0x0A, 0x0D:
                broke = true
                position += 1
            case 0x20, 0x09:
                folded = true
                position += 1
            case UInt8(ascii: "\\") where position + 1 < bytes.count && [UInt8(ascii: "n"), UInt8(ascii: "r")].contains(bytes[position + 1]):
                broke = true
                position += 2
            case UInt8(ascii: "%") where position + 2 < bytes.count && bytes[position + 1] == UInt8(ascii: "0")
                && [UInt8(ascii: "A"), UInt8(ascii: "a"), UInt8(ascii: "D"), UInt8(ascii: "d")].contains(bytes[position + 2]):
                broke = true
                position += 3
            default:
                // A form writes base64's `+` and `/` as `%2B` and `%2F`; a JSON writer may write `/` as `\/`.
                if broke { return isBase64(bytes[position]) || isEncodedBase64(at: position, in: bytes) }
                guard folded else { return false }
                var end = position
                while end < bytes.count, end - position < foldedLine, isBase64(bytes[end]) { end += 1 }
                return end - position == foldedLine
            }
        }
        return false
    }

    /// How much base64 must follow a folded header line: more than any word.
    private static let foldedLine = 40

    /// Whether base64's `+` or `/` stands at `index` as a writer escaped it: `%2B` or `%2F` (any case), or `\/`.
    private static func isEncodedBase64(at index: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "/") { return true }
        guard bytes.count - index >= 3, bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "2") else {
            return false
        }
        return [UInt8(ascii: "B"), UInt8(ascii: "b"), UInt8(ascii: "F"), UInt8(ascii: "f")].contains(bytes[index + 2])
    }

    private static func isBase64(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "+")
    }

    private static func starts(_ text: [UInt8], at index: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count - index >= text.count else { return false }
        for offset in text.indices where bytes[index + offset] != text[offset] { return false }
        return true
    }

    /// The first position of `text` at or after `start` that ends before `limit`.
    fileprivate static func find(_ text: [UInt8], from start: Int, before limit: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        let last = min(limit, bytes.count) - text.count
        guard start <= last else { return nil }
        let found = text.withUnsafeBytes { needle in
            UnsafeRawBufferPointer(rebasing: bytes[start..<(last + text.count)]).firstOffset(of: needle)
        }
        return found.map { start + $0 }
    }
}
