import Foundation
import Testing
@testable import Caching

/// The timestamp fast path gives the date the ISO 8601 formatter gives, and leaves to it what it does not read.
@Suite("Timestamps read without a formatter")
struct TimestampParsingTests {
    @Test("20,000 timestamps between 1900 and 2999, leap days and month ends included, read as the formatter reads them")
    func agreesWithTheFormatter() throws {
        var generator = SeededGenerator(seed: 25)
        let style = Date.ISO8601FormatStyle()
        var texts = ["1900-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2024-02-29T12:00:00Z",
                     "2100-02-28T00:00:00Z", "2999-12-31T23:59:59Z", "1969-12-31T23:59:59Z", "2026-11-26T01:02:03Z"]
        for _ in 0..<20_000 {
            let seconds = Double(Int.random(in: -2_208_988_800...32_503_679_999, using: &generator))
            texts.append(style.format(Date(timeIntervalSince1970: seconds)))
        }
        for text in texts {
            let fast = try #require(TimestampParsing.date(text), "\(text)")
            #expect(fast == (try style.parse(text)), "\(text)")
        }
    }

    @Test("what is not that layout, or out of range, is left to the formatter", arguments: [
        "2026-11-26T01:02:03.5Z", "2026-11-26T01:02:03+01:00", "2026-02-30T00:00:00Z", "2023-02-29T00:00:00Z",
        "2100-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-11-00T00:00:00Z",
        "2026-11-26T24:00:00Z", "2026-11-26T23:60:00Z", "2016-12-31T23:59:60Z", "1899-12-31T23:59:59Z",
        "3000-01-01T00:00:00Z", "2026-11-26 01:02:03Z", "2026-11-26T01:02:03z", "2026-1a-26T01:02:03Z", "",
        "2026-11-26T01:02:03", "+026-11-26T01:02:03Z",
    ])
    func leftToTheFormatter(_ text: String) {
        #expect(TimestampParsing.date(text) == nil)
    }
}
