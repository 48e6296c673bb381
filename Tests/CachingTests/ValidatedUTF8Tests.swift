import Testing
@testable import Caching

/// The fallback that Apple systems older than macOS 15 / iOS 18 use for `String(validating:as:)` accepts and refuses
/// exactly what the standard library does; on Linux both run, so the fallback is checked here against the original.
@Suite("UTF-8 validation without String(validating:as:)")
struct ValidatedUTF8Tests {
    @Test("well-formed and ill-formed sequences", arguments: [
        [], Array("plain ASCII".utf8), Array("é, 日本, 🎉".utf8), [0xEF, 0xBF, 0xBD], [0xF4, 0x8F, 0xBF, 0xBF],
        [0xFF], [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF0, 0x9F, 0x98], [0x61, 0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80, 0xF0, 0x9F, 0x98], [0xC3, 0x28], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ] as [[UInt8]])
    func sameAsTheStandardLibrary(_ bytes: [UInt8]) {
        #expect(ValidatedUTF8.fallback(bytes) == String(validating: bytes, as: UTF8.self))
        #expect(ValidatedUTF8.string(bytes) == String(validating: bytes, as: UTF8.self))
    }

    @Test("20,000 random byte strings, mostly near UTF-8: the same verdicts and text")
    func randomBytes() {
        var generator = SeededGenerator(seed: 36)
        let pieces: [[UInt8]] = [[0x61], [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x8E, 0x89], [0x80], [0xC3], [0xED, 0xA0], [0xFF]]
        var refused = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &generator) { bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
            let expected = String(validating: bytes, as: UTF8.self)
            if expected == nil { refused += 1 }
            #expect(ValidatedUTF8.fallback(bytes) == expected, "\(bytes)")
        }
        // Both verdicts were exercised.
        #expect(refused > 1_000 && refused < 19_000)
    }
}
