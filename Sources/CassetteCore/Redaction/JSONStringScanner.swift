import Caching
import Foundation

/// The safety net for secrets inside JSON strings written with an escaping no ``WireForm`` models (any character
/// may be written `\uXXXX`; .NET escapes `+` and `'`, some writers `\u0022` for a quote), and the reader of JSON
/// texts that are not parsed.
///
/// It decodes a text's escapes (with `JSONStringEscapes`, the package's one unescaper) wherever they stand, level by
/// level (an echo of an echo), and where a decoded level still holds a secret, replaces the bytes that spelled the
/// secret, whatever escapes they used, by the secret's placeholder. Replay restores such a placeholder in the usual
/// escaping: the same JSON string, if not the same bytes.
enum JSONStringScanner {
    /// Every member of every object in a JSON text (or in the JSON lines of an event stream) whose value is a string
    /// and whose key `wanted` accepts (given the key's bytes, decoded), with both decoded; in one pass over the text,
    /// without building the document.
    ///
    /// Each comes with where the value's content stands in `data` (offsets from its start, between the quotes).
    static func stringMembers(in data: Data, where wanted: (UnsafeRawBufferPointer) -> Bool)
        -> [(name: String, value: String, valueRange: Range<Int>)] {
        data.withUnsafeBytes { bytes in
            var found: [(name: String, value: String, valueRange: Range<Int>)] = []
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\"") else {
                    index += 1
                    continue
                }
                let keyStart = index + 1
                let key = decodeString(bytes, from: keyStart)
                index = key.end + 1
                // A key is a string that a `:` follows; its value a string when a quote follows that.
                var next = skippingSpace(bytes, from: key.end + 1)
                guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else { continue }
                next = skippingSpace(bytes, from: next + 1)
                guard next < bytes.count, bytes[next] == UInt8(ascii: "\""), key.withContent(of: bytes, start: keyStart, wanted) else { continue }
                let value = decodeString(bytes, from: next + 1)
                found.append((key.text(of: bytes, start: keyStart), value.text(of: bytes, start: next + 1), (next + 1)..<value.end))
                index = value.end + 1
            }
            return found
        }
    }

    /// The text with its escapes decoded wherever they stand, read as one string's content (leniently, see
    /// `JSONStringEscapes`), and again while the result still holds escapes, ``JSONValue/nestedJSONDepth`` times at most (an echo
    /// of an echo): where a value can hide from a search of the text's bytes (`"ghp\u005f…"`, `\\u0067hp_…`). Each
    /// of those is read percent-decoded too (a URL in a JSON string, its token spelled with both). In text that is no
    /// JSON (or only looks like it) an escape may stand where pairing quotes finds no string.
    static func escapedStrings(in data: Data) -> [String] {
        data.withUnsafeBytes { bytes in decodedLevels(bytes).map { String(decoding: $0.token.decoded, as: UTF8.self) } }
    }

    /// `data` with every secret its escapes spell at any level of ``escapedStrings(in:)`` replaced, where it stands,
    /// by its placeholder (`secrets`: each value with its placeholder); `nil` when none is.
    static func replacingInWholeText(_ secrets: Replacer, in data: Data) -> Data? {
        data.withUnsafeBytes { bytes -> Data? in
            let levels = decodedLevels(bytes)
            var ranges: [(range: Range<Int>, replacement: [UInt8])] = []
            for level in levels {
                for found in occurrences(of: secrets, in: level.token) {
                    // Up through the levels it was decoded from, each mapping its bytes to the ones that spelled them.
                    var range = found.range
                    var parent = level.parent
                    while let outer = parent, !range.isEmpty {
                        range = levels[outer].token.rawRange(of: range)
                        parent = levels[outer].parent
                    }
                    ranges.append((range, found.replacement))
                }
            }
            return Replacer.splice(bytes, ranges.sorted { $0.range.lowerBound < $1.range.lowerBound }).map { Data($0) }
        }
    }

    /// The levels of ``escapedStrings(in:)``, each with the level it was decoded from (`nil`: the text itself): the
    /// text unescaped, that unescaped again while it still changes, and each of those percent-decoded.
    private static func decodedLevels(_ bytes: UnsafeRawBufferPointer) -> [(token: Token, parent: Int?)] {
        var levels: [(token: Token, parent: Int?)] = []
        var next = wholeText(bytes)
        var parent: Int?
        while let level = next, levels.count < 2 * JSONValue.nestedJSONDepth {
            levels.append((level, parent))
            let unescaped = levels.count - 1
            if let decoded = level.decoded.withUnsafeBytes({ percentDecoded($0) }) { levels.append((decoded, unescaped)) }
            next = level.decoded.withUnsafeBytes { wholeText($0) }
            parent = unescaped
        }
        return levels
    }

    /// The text with every `%XX` decoded (and `+` as a space when asked, as a form writes it), each remembered as an
    /// escape; `nil` when there is none. The one map from a percent-decoded value back to its spelling.
    static func percentDecoded(_ bytes: UnsafeRawBufferPointer, plusIsSpace: Bool = false) -> Token? {
        guard bytes.contains(UInt8(ascii: "%")) else { return nil }
        var segments: [(decoded: Int, count: Int, raw: Range<Int>)] = []
        let decoded = FormFields.leniently(decoding: bytes, plusIsSpace: plusIsSpace) { segments.append(($0, 1, $1)) }
        return segments.isEmpty ? nil : Token(decoded: decoded, segments: segments, start: 0, end: bytes.count)
    }

    private static func skippingSpace(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        return index
    }

    /// A JSON string in the text.
    private enum JSONString {
        /// A string without escapes, whose closing quote is at `end`.
        case plain(end: Int)
        case escaped(Token)

        /// The offset of the closing quote.
        var end: Int {
            switch self {
            case .plain(let end): end
            case .escaped(let token): token.end
            }
        }

        /// What `body` makes of the string's decoded bytes; `start` is where its content starts in `raw`.
        func withContent<Result>(of raw: UnsafeRawBufferPointer, start: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            switch self {
            case .plain(let end): body(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
            case .escaped(let token): token.decoded.withUnsafeBytes(body)
            }
        }

        /// The string's content, decoded.
        func text(of raw: UnsafeRawBufferPointer, start: Int) -> String {
            withContent(of: raw, start: start) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// A decoded JSON string (or percent-encoded text) that holds escapes: its UTF-8 bytes, where its escapes stood,
    /// and where it ends.
    struct Token {
        var decoded: [UInt8]
        /// Each escape: where its decoded bytes start, how many there are, and the raw bytes that spelled them.
        /// Between escapes a decoded byte is its raw byte, so these few marks map every offset.
        var segments: [(decoded: Int, count: Int, raw: Range<Int>)]
        /// Where the string's content starts in the raw text.
        var start: Int
        /// The offset of the closing quote.
        var end: Int

        /// The raw range that spelled the decoded bytes `range` (not empty).
        func rawRange(of range: Range<Int>) -> Range<Int> {
            rawRange(ofDecoded: range.lowerBound).lowerBound..<rawRange(ofDecoded: range.upperBound - 1).upperBound
        }

        /// The raw range that spelled the decoded byte at `offset`.
        private func rawRange(ofDecoded offset: Int) -> Range<Int> {
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

    /// The string whose content starts at `start`, decoded (by `JSONStringEscapes`, the one unescaper) only when
    /// it holds an escape. A string cut short runs to the end of the text and a malformed escape is kept as written,
    /// so that the rest is still searched. A lone surrogate escape decodes as a NUL byte, which no secret spells.
    private static func decodeString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> JSONString {
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\\") {
            if bytes[index] == UInt8(ascii: "\"") { return .plain(end: index) }
            index += 1
        }
        // A string cut short runs to the end of the text.
        guard index < bytes.count else { return .plain(end: bytes.count) }
        var decoded: [UInt8] = []
        var segments: [(decoded: Int, count: Int, raw: Range<Int>)] = []
        // Lenient, with a byte for lone surrogates: the unescaper has no reason left to give up.
        let end = JSONStringEscapes.unescape(bytes, from: start, into: &decoded, loneSurrogate: 0, lenient: true, escaped: {
            segments.append(($0, $1, $2))
        }) ?? bytes.count
        return .escaped(Token(decoded: decoded, segments: segments, start: start, end: end))
    }

    /// The whole text decoded as if it were one string's content, leniently (see `JSONStringEscapes`): for text that
    /// is no JSON, where an escape may stand outside any string a search of quotes would pair up.
    private static func wholeText(_ bytes: UnsafeRawBufferPointer) -> Token? {
        var decoded: [UInt8] = []
        var segments: [(decoded: Int, count: Int, raw: Range<Int>)] = []
        _ = JSONStringEscapes.unescape(bytes, from: 0, into: &decoded, loneSurrogate: 0, lenient: true, endsAtQuote: false, escaped: {
            segments.append(($0, $1, $2))
        })
        return segments.isEmpty ? nil : Token(decoded: decoded, segments: segments, start: 0, end: bytes.count)
    }

    /// Where the secrets stand in the decoded string, as raw byte ranges in order, not overlapping: one pass of the
    /// replacer over the decoded bytes, however many secrets there are.
    private static func occurrences(of secrets: Replacer, in token: Token) -> [(range: Range<Int>, replacement: [UInt8])] {
        token.decoded.withUnsafeBytes { secrets.matches(in: $0) }.map { (token.rawRange(of: $0.range), $0.replacement) }
    }
}
