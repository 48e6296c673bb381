/// The package's one reader of JSON string escapes: ``JSONTape`` decodes the escaped strings of cache files with it,
/// and `CassetteCore`'s redaction reads the strings of JSON bodies with it (hence `package` access). It also finds
/// where a string's plain text ends, for the parser and for `CassetteCore`'s JSON writer.
package enum JSONStringEscapes {
    /// The offset of the first byte from `start` on that string content cannot hold as it is: a quote, a backslash,
    /// a control character (below 0x20) or, with `slash`, a `/`; `bytes.count` when there is none. Eight bytes at a
    /// time through the plain text that is most of a string.
    package static func plainEnd(in bytes: UnsafeRawBufferPointer, from start: Int, slash: Bool = false) -> Int {
        var index = start
        let also = slash ? UInt8(ascii: "/") : UInt8(ascii: "\\")
        while index &+ 8 <= bytes.count, isPlain(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self), also: also) {
            index &+= 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == also { break }
            index &+= 1
        }
        return index
    }

    /// Whether none of the eight bytes in `word` is a quote, a backslash, `also` or a control character (below
    /// 0x20), all eight tested at once with the usual word-at-a-time tests: `(x - 0x01…) & ~x & 0x80…` is nonzero
    /// exactly when some byte of `x` is zero (`x` being `word` with the looked-for byte XORed out), and
    /// `(word - 0x20…) & ~word & 0x80…` exactly when some byte is below 0x20.
    private static func isPlain(_ word: UInt64, also: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let others = word ^ (ones &* UInt64(also))
        let found = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((others &- ones) & ~others)
            | ((word &- ones &* 0x20) & ~word)
        return found & 0x8080_8080_8080_8080 == 0
    }

    /// Appends to `output` the UTF-8 bytes of the JSON string content that starts at `start` in `bytes`, its escapes
    /// resolved (`\uXXXX` as UTF-8, a surrogate pair as one character), up to the first unescaped quote or, when
    /// there is none, the end of `bytes`. Runs between escapes are copied as they are (not validated as UTF-8).
    ///
    /// For each escape, `escaped` gets where its bytes start in `output`, how many there are, and the range of
    /// `bytes` that spelled it. A `\u` escape of a surrogate that is not half of a pair is written as the byte
    /// `loneSurrogate`, or makes the string malformed when that is `nil`.
    ///
    /// Returns the offset where the content ends (the closing quote's, or `bytes.count`), or `nil` for a malformed
    /// string: an unknown or truncated escape, or `\u` without four hex digits. One pass; each byte read once.
    ///
    /// A search for secrets reads text that may be no well-formed JSON (a page's script, a multipart part, a body cut
    /// short): `lenient` copies a malformed escape as it stands instead, and with `endsAtQuote` false a quote does not
    /// end the content (the whole text is read as one string's).
    package static func unescape(_ bytes: UnsafeRawBufferPointer, from start: Int, into output: inout [UInt8],
                                 loneSurrogate: UInt8?, lenient: Bool = false, endsAtQuote: Bool = true,
                                 escaped: (_ offset: Int, _ count: Int, _ raw: Range<Int>) -> Void = { _, _, _ in }) -> Int? {
        var index = start
        var run = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\""), endsAtQuote { break }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            if run < index { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<index])) }
            guard let (value, length) = escape(in: bytes, at: index) else {
                guard lenient else { return nil }
                run = index
                index += 1
                continue
            }
            let offset = output.count
            if let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) {
                output.append(contentsOf: encoded)
            } else if let loneSurrogate {
                output.append(loneSurrogate)
            } else {
                return nil
            }
            escaped(offset, output.count - offset, index..<(index + length))
            index += length
            run = index
        }
        if run < index { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<index])) }
        return index
    }

    /// The code point the escape at `index` (its backslash) spells, with how many bytes it takes: a surrogate pair
    /// written as two `\u` escapes is one code point (12 bytes); a lone surrogate is returned as it is. `nil` when
    /// the escape is malformed.
    private static func escape(in bytes: UnsafeRawBufferPointer, at index: Int) -> (value: UInt32, length: Int)? {
        guard index + 1 < bytes.count else { return nil }
        let letter = bytes[index + 1]
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return (UInt32(letter), 2)
        case UInt8(ascii: "b"): return (0x08, 2)
        case UInt8(ascii: "f"): return (0x0C, 2)
        case UInt8(ascii: "n"): return (0x0A, 2)
        case UInt8(ascii: "r"): return (0x0D, 2)
        case UInt8(ascii: "t"): return (0x09, 2)
        case UInt8(ascii: "u"):
            guard let high = hex4(bytes, at: index + 2) else { return nil }
            // A high surrogate followed by an escaped low one is one character beyond the BMP.
            if (0xD800..<0xDC00).contains(high), index + 12 <= bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
               bytes[index + 7] == UInt8(ascii: "u"), let low = hex4(bytes, at: index + 8), (0xDC00..<0xE000).contains(low) {
                return (0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00), 12)
            }
            return (high, 6)
        default:
            return nil
        }
    }

    /// The value of the four hex digits at `index`, or `nil` when there are not four.
    private static func hex4(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in index..<(index + 4) {
            guard let digit = hexDigit(bytes[offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The value of a hexadecimal digit, any case: the package's one reader of them (percent-escapes too, hence
    /// `package` and inlinable).
    @inlinable
    package static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
