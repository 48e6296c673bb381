import Foundation

extension JSONTape {
    /// The bytes `start..<end` of the document; none once the bytes are forgotten.
    func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        guard end <= bytes.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: bytes.assumingMemoryBound(to: UInt8.self)[start..<end])
    }

    /// Whether the string node at `index` is valid text: UTF-8, with no unpaired surrogate escape.
    func isValidString(at index: Int) -> Bool {
        if case .string(let start, let end) = nodes[index], slice(start, end).isASCII { return true }
        return string(at: index) != nil
    }

    /// The text of a string node, or `nil` if it is not valid UTF-8 or holds a lone surrogate escape.
    func string(at index: Int) -> String? {
        switch nodes[index] {
        case .string(let start, let end):
            let bytes = slice(start, end)
            // ASCII (most keys and values) needs no UTF-8 validation.
            return bytes.isASCII ? String(decoding: bytes, as: UTF8.self) : ValidatedUTF8.string(bytes)
        case .escapedString(let start, let end):
            return unescaped(start, end).flatMap(ValidatedUTF8.string)
        default:
            return nil
        }
    }

    /// Whether the string node at `index` equals `text`, whose UTF-8 is `utf8`, as Swift compares strings (canonical
    /// equivalence): bytes are compared first, and only text outside ASCII, or an escaped string, is compared as a
    /// `String`.
    func string(at index: Int, equals text: String, utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        switch nodes[index] {
        case .string(let start, let end):
            let stored = slice(start, end)
            if utf8.count == stored.count {
                guard let mine = utf8.baseAddress, let theirs = stored.baseAddress else { return true }
                if memcmp(mine, theirs, utf8.count) == 0 { return true }
            }
            // Text that starts with two different ASCII characters cannot be equal (an ASCII character is its own
            // canonical decomposition); two ASCII strings are equal only byte for byte. Anything else may be equal
            // in another normalization.
            if let mine = utf8.first, let theirs = stored.first, mine < 0x80, theirs < 0x80, mine != theirs { return false }
            if stored.isASCII && utf8.isASCII { return false }
            return string(at: index) == text
        case .escapedString:
            return string(at: index) == text
        default:
            return false
        }
    }

    /// The bytes of an escaped string with its escapes resolved (see ``JSONStringEscapes``); `nil` when one is a
    /// lone surrogate.
    private func unescaped(_ start: Int, _ end: Int) -> [UInt8]? {
        let input = UnsafeRawBufferPointer(slice(start, end))
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        // The parser let only well-formed escapes through, and the slice ends before the closing quote.
        guard JSONStringEscapes.unescape(input, from: 0, into: &output, loneSurrogate: nil) == input.count else { return nil }
        return output
    }

    /// The bytes a base64 string node encodes, decoded straight from the document (no intermediate string, which
    /// for a large body would cost another copy of it); `nil` if it is not a string of padded standard base64.
    func base64Data(at index: Int) -> Data? {
        switch nodes[index] {
        case .string(let start, let end):
            return Base64.decode(slice(start, end))
        case .escapedString:
            return string(at: index).flatMap { Data(base64Encoded: $0) }
        default:
            return nil
        }
    }
}

/// Standard base64 (RFC 4648, padded), decoded from bytes.
enum Base64 {
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    static func decode(_ input: UnsafeBufferPointer<UInt8>) -> Data? {
        guard input.count % 4 == 0 else { return nil }
        guard !input.isEmpty else { return Data() }
        let padding = input[input.count - 1] == UInt8(ascii: "=") ? (input[input.count - 2] == UInt8(ascii: "=") ? 2 : 1) : 0
        var output = Data(count: input.count / 4 * 3 - padding)
        let valid = output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Bool in
            values.withUnsafeBufferPointer { table in
                var written = 0
                var index = 0
                while index < input.count {
                    let isLast = index + 4 == input.count
                    let a = table[Int(input[index])], b = table[Int(input[index + 1])]
                    let c = isLast && padding == 2 ? 0 : table[Int(input[index + 2])]
                    let d = isLast && padding >= 1 ? 0 : table[Int(input[index + 3])]
                    guard (a | b | c | d) & 0xC0 == 0 else { return false }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[written] = UInt8(truncatingIfNeeded: group >> 16)
                    if written + 1 < out.count { out[written + 1] = UInt8(truncatingIfNeeded: group >> 8) }
                    if written + 2 < out.count { out[written + 2] = UInt8(truncatingIfNeeded: group) }
                    written += 3
                    index += 4
                }
                return true
            }
        }
        return valid ? output : nil
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII, checked eight bytes at a time (`package`: the JSON writer asks it too).
    package var isASCII: Bool {
        guard let base = baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= count {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            high |= UInt64(base[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
