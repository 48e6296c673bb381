import Foundation
import Testing
import Caching

/// The package's one JSON string unescaper, as both its readers use it: `JSONTape` on a string's content (no lone
/// surrogates), `CassetteCore`'s JSON string scanner on a whole text (up to the closing quote, with where each escape
/// stood).
@Suite("JSON string escapes")
struct JSONStringEscapesTests {
    private struct Decoded: Equatable {
        var text: String
        var end: Int
        var escapes: [[Int]] = []
    }

    private func unescape(_ raw: String, from start: Int = 0, loneSurrogate: UInt8? = nil) -> Decoded? {
        var output: [UInt8] = []
        var escapes: [[Int]] = []
        let end = Array(raw.utf8).withUnsafeBytes { bytes in
            JSONStringEscapes.unescape(bytes, from: start, into: &output, loneSurrogate: loneSurrogate) {
                escapes.append([$0, $1, $2.lowerBound, $2.upperBound])
            }
        }
        return end.map { Decoded(text: String(decoding: output, as: UTF8.self), end: $0, escapes: escapes) }
    }

    @Test("every escape JSON has, a surrogate pair as one character, and where each escape stood")
    func escapes() {
        #expect(unescape(#"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00z"#)
                == Decoded(text: "a\"\\/\u{8}\u{c}\n\r\té😀z", end: 36,
                           escapes: [[1, 1, 1, 3], [2, 1, 3, 5], [3, 1, 5, 7], [4, 1, 7, 9], [5, 1, 9, 11], [6, 1, 11, 13],
                                     [7, 1, 13, 15], [8, 1, 15, 17], [9, 2, 17, 23], [11, 4, 23, 35]]))
    }

    @Test("stops at the closing quote, else at the end of the bytes")
    func stopsAtTheQuote() {
        #expect(unescape(#"{"k\u0041y": 1}"#, from: 2) == Decoded(text: "kAy", end: 10, escapes: [[1, 1, 3, 9]]))
        #expect(unescape("plain") == Decoded(text: "plain", end: 5))
    }

    @Test("a lone surrogate makes the string malformed, unless it is to be written as a byte")
    func loneSurrogates() {
        #expect(unescape(#"\ud83dx"#) == nil)
        #expect(unescape(#"\ude00"#) == nil)
        #expect(unescape(#"\ud83d\u0041"#) == nil)
        #expect(unescape(#"a\ud83dx"#, loneSurrogate: 0) == Decoded(text: "a\u{0}x", end: 8, escapes: [[1, 1, 1, 7]]))
    }

    @Test("unknown, truncated and short escapes are malformed", arguments: [#"\x"#, #"ab\"#, #"\u12"#, #"\u12g4"#])
    func malformed(raw: String) {
        #expect(unescape(raw, loneSurrogate: 0) == nil)
    }
}
