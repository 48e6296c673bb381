/// The shape of a PEM private key: `-----BEGIN <label>-----`, where the label holds `PRIVATE KEY` (RSA, EC,
/// OPENSSH, ENCRYPTED and PGP key blocks included), through the end of the `-----END <label>-----` line.
///
/// The block is taken as written, whatever writes its line breaks and spaces (`\n` in JSON, `%0A` or `+` in a form),
/// so its bytes are found again wherever the same writer put them. A block with no end runs to the end of its
/// string: to the next `"` or the end of the text
/// (64 KB at most).
enum PEMBlock {
    private static let begin = Array("-----BEGIN".utf8)
    private static let end = Array("-----END".utf8)
    private static let dashes = Array("-----".utf8)
    private static let privateWord = Array("PRIVATE".utf8)
    /// A label is short; a `-----BEGIN` with no `-----` this close is not a PEM block.
    private static let longestLabel = 80
    /// The longest block looked for (an 8,192-bit RSA key is 6.5 KB): the search for an end never reads further,
    /// so that many openings without an end cost time in proportion to the text.
    private static let longestBlock = 65_536

    /// Where the private key block starting at `index` ends, if one starts there.
    static func end(at index: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard starts(begin, at: index, in: bytes) else { return nil }
        let labelStart = index + begin.count
        guard let labelEnd = find(dashes, from: labelStart, before: labelStart + longestLabel, in: bytes),
              find(privateWord, from: labelStart, before: labelEnd, in: bytes) != nil else {
            return nil
        }
        let limit = min(bytes.count, labelEnd + longestBlock)
        if let footer = find(end, from: labelEnd + dashes.count, before: limit, in: bytes),
           let close = find(dashes, from: footer + end.count, before: footer + end.count + longestLabel, in: bytes) {
            return close + dashes.count
        }
        var stop = labelEnd + dashes.count
        while stop < limit, bytes[stop] != UInt8(ascii: "\"") { stop += 1 }
        return stop
    }

    private static func starts(_ text: [UInt8], at index: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count - index >= text.count else { return false }
        for offset in text.indices where bytes[index + offset] != text[offset] { return false }
        return true
    }

    /// The first position of `text` at or after `start` that ends before `limit`.
    private static func find(_ text: [UInt8], from start: Int, before limit: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        let last = min(limit, bytes.count) - text.count
        guard start <= last else { return nil }
        let found = text.withUnsafeBytes { needle in
            UnsafeRawBufferPointer(rebasing: bytes[start..<(last + text.count)]).firstOffset(of: needle)
        }
        return found.map { start + $0 }
    }
}
