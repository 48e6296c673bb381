import Foundation

/// The safety net for secrets inside JSON strings written with an escaping no ``WireForm`` models (any character
/// may be written `\uXXXX`; .NET escapes `+` and `'`, some writers `\u0022` for a quote).
///
/// It decodes every string of a JSON text, and where a decoded string still holds a secret, replaces the bytes
/// that spelled the secret, whatever escapes they used, by the secret's placeholder. Replay restores such a
/// placeholder in the usual escaping: the same JSON string, if not the same bytes.
enum JSONStringScanner {
    /// `data` with every secret in `secrets` that a JSON string still holds replaced by its `placeholder`; `nil` when
    /// no string holds one (or the data is no JSON text).
    static func replacing(_ secrets: [(value: [UInt8], placeholder: [UInt8])], in data: Data) -> Data? {
        guard !secrets.isEmpty else { return nil }
        return data.withUnsafeBytes { bytes -> Data? in
            var output: [UInt8]?
            var copiedUpTo = 0
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\"") else {
                    index += 1
                    continue
                }
                guard let token = decodeString(bytes, from: index + 1) else { return output.map { finish($0, bytes, copiedUpTo) } }
                // A string without escapes spells its secrets plainly, and the plain search already replaced them.
                for range in token.segments.isEmpty ? [] : occurrences(of: secrets, in: token)
                where range.raw.lowerBound >= copiedUpTo {
                    if output == nil { output = [] }
                    output?.append(contentsOf: bytes[copiedUpTo..<range.raw.lowerBound])
                    output?.append(contentsOf: range.placeholder)
                    copiedUpTo = range.raw.upperBound
                }
                index = token.end + 1
            }
            return output.map { finish($0, bytes, copiedUpTo) }
        }
    }

    private static func finish(_ output: [UInt8], _ bytes: UnsafeRawBufferPointer, _ copiedUpTo: Int) -> Data {
        var output = output
        output.append(contentsOf: bytes[copiedUpTo..<bytes.count])
        return Data(output)
    }

    /// A decoded JSON string: its UTF-8 bytes, where its escapes stood, and where it ends.
    private struct Token {
        var decoded: [UInt8] = []
        /// Each escape: where its decoded bytes start, how many there are, and the raw bytes that spelled them.
        /// Between escapes a decoded byte is its raw byte, so these few marks map every offset.
        var segments: [(decoded: Int, count: Int, raw: Range<Int>)] = []
        /// Where the string's content starts in the raw text.
        var start = 0
        /// The offset of the closing quote.
        var end = 0

        /// Appends the decoded bytes of one escape written at `start..<end` in the raw text.
        mutating func append(_ bytes: [UInt8], from start: Int, to end: Int) {
            segments.append((decoded.count, bytes.count, start..<end))
            decoded.append(contentsOf: bytes)
        }

        /// The raw range that spelled the decoded byte at `offset`.
        func rawRange(ofDecoded offset: Int) -> Range<Int> {
            // The last escape that starts at or before `offset`.
            var low = 0, high = segments.count
            while low < high {
                let middle = (low + high) / 2
                if segments[middle].decoded <= offset { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return (start + offset)..<(start + offset + 1) }
            let segment = segments[low - 1]
            if offset < segment.decoded + segment.count { return segment.raw }
            let raw = segment.raw.upperBound + (offset - segment.decoded - segment.count)
            return raw..<(raw + 1)
        }
    }

    /// Decodes the string whose content starts at `start`; `nil` for an unterminated or malformed string.
    private static func decodeString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Token? {
        var token = Token()
        token.start = start
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                token.end = index
                return token
            }
            guard byte == UInt8(ascii: "\\") else {
                token.decoded.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return nil }
            let escape = bytes[index + 1]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                token.append([escape], from: index, to: index + 2)
                index += 2
            case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                let control: [UInt8: UInt8] = [0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
                token.append([control[escape] ?? escape], from: index, to: index + 2)
                index += 2
            case UInt8(ascii: "u"):
                guard var scalar = hex4(bytes, at: index + 2) else { return nil }
                var length = 6
                if (0xD800..<0xDC00).contains(scalar), index + 11 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                   bytes[index + 7] == UInt8(ascii: "u"), let low = hex4(bytes, at: index + 8), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    length = 12
                }
                let character = Unicode.Scalar(scalar).map { Array(String($0).utf8) } ?? [UInt8](repeating: 0, count: 1)
                token.append(character, from: index, to: index + length)
                index += length
            default:
                return nil
            }
        }
        return nil
    }

    private static func hex4(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    /// Where the secrets stand in the decoded string, as raw byte ranges in order, not overlapping.
    private static func occurrences(of secrets: [(value: [UInt8], placeholder: [UInt8])], in token: Token)
        -> [(raw: Range<Int>, placeholder: [UInt8])] {
        var found: [(decoded: Range<Int>, placeholder: [UInt8])] = []
        for secret in secrets where !secret.value.isEmpty && secret.value.count <= token.decoded.count {
            var start = 0
            while start + secret.value.count <= token.decoded.count {
                guard token.decoded[start..<(start + secret.value.count)].elementsEqual(secret.value) else {
                    start += 1
                    continue
                }
                found.append((start..<(start + secret.value.count), secret.placeholder))
                start += secret.value.count
            }
        }
        var result: [(raw: Range<Int>, placeholder: [UInt8])] = []
        var lastEnd = 0
        for occurrence in found.sorted(by: { $0.decoded.lowerBound < $1.decoded.lowerBound }) where occurrence.decoded.lowerBound >= lastEnd {
            result.append((token.rawRange(ofDecoded: occurrence.decoded.lowerBound).lowerBound
                               ..< token.rawRange(ofDecoded: occurrence.decoded.upperBound - 1).upperBound,
                           occurrence.placeholder))
            lastEnd = occurrence.decoded.upperBound
        }
        return result
    }
}
