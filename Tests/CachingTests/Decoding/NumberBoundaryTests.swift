import Foundation
import Testing
@testable import Caching

/// Numbers at and beyond the edge of every type they decode to: the reader never traps, and reads them as
/// `JSONDecoder` does, with these deliberate differences. Two are in integer conversion, both towards exactness:
///
/// 1. A whole number written with a fraction or exponent (`9223372036854775807.0`, `1e19` as `UInt64`) is converted
///    exactly when it fits. `JSONDecoder` converts such numbers through `Double` or `Decimal` and rejects some that fit
///    near the edges of `Int64` and `UInt64`.
/// 2. A number that is not whole is never an integer. `JSONDecoder` reads `1e-400` or `2e-324` as the integer `0`,
///    because they round to `0.0` as a `Double`.
///
/// Each is checked against ``WholeNumberReference``, which works the value out on the text alone. And where
/// `JSONDecoder` is wrong, the reader is right instead of alike:
///
/// 3. A zero written with an exponent is zero, of the sign written. `JSONDecoder` (swift-foundation, Swift 6.3 on
///    Linux) rejects some as too small for `Double` or `Float`, and not others: `0e5`, `-0.0e5` and `0.00e1` fail,
///    `0E+5`, `0.0e5` and `-0.000e-5` read.
/// 4. `JSONDecoder` itself traps on a few numbers (a crash in its number validation), listed in
///    ``jsonDecoderTraps``: those are only checked against the reference.
@Suite("Number boundaries")
struct NumberBoundaryTests {
    /// The seed of the random cases; change it to explore, keep it to replay.
    static let seed: UInt64 = 0x5EED_0012
    /// Every case: the fixed boundaries, then 1,500 drawn from the seed.
    static let texts = NumberTexts.boundaries + NumberTexts.random(count: 1_500, seed: seed)
    /// Numbers and types on which `JSONDecoder.decode` traps (difference 4), as `text as Type`.
    static let jsonDecoderTraps: Set<String> = [
        "9223372036854775807\(String(repeating: "0", count: 400))e-400 as UInt",
        "9223372036854775807\(String(repeating: "0", count: 400))e-400 as UInt64",
    ]

    @Test("integers: the exact value when it fits, an error otherwise; JSONDecoder agrees but for the documented differences")
    func integers() {
        var differences = Differences()
        for text in Self.texts {
            check(Int.self, text, &differences)
            check(Int8.self, text, &differences)
            check(Int16.self, text, &differences)
            check(Int32.self, text, &differences)
            check(Int64.self, text, &differences)
            check(UInt.self, text, &differences)
            check(UInt8.self, text, &differences)
            check(UInt16.self, text, &differences)
            check(UInt32.self, text, &differences)
            check(UInt64.self, text, &differences)
        }
        // Both kinds of difference occur in these cases: the test would notice if either stopped being needed.
        #expect(differences.exactWhereJSONDecoderFails.contains("9223372036854775807.0 as Int"))
        #expect(differences.errorWhereJSONDecoderRounds.contains("1e-400 as Int"))
    }

    @Test("Double and Float: the same bits as JSONDecoder, or an error where it errs")
    func floatingPoint() {
        var zerosJSONDecoderRejects: Set<String> = []
        for text in Self.texts {
            same(Double.self, text, isSignedZero: { $0.isZero && ($0.sign == .minus) == text.hasPrefix("-") }, &zerosJSONDecoderRejects) {
                $0.bitPattern == $1.bitPattern
            }
            same(Float.self, text, isSignedZero: { $0.isZero && ($0.sign == .minus) == text.hasPrefix("-") }, &zerosJSONDecoderRejects) {
                $0.bitPattern == $1.bitPattern
            }
        }
    }

    @Test("a zero with an exponent is a zero of the sign written (difference 3)", arguments: ["0e5", "-0.0e5", "0.00e1", "0E+5", "-0e-400"])
    func zerosWithExponents(_ text: String) throws {
        let negative = text.hasPrefix("-")
        #expect(try TapeDecoder.decode(Double.self, from: Data(text.utf8)).bitPattern == (negative ? -0.0 : 0.0).bitPattern)
        #expect(try TapeDecoder.decode(Float.self, from: Data(text.utf8)).bitPattern == (negative ? Float(-0.0) : 0).bitPattern)
        #expect(try TapeDecoder.decode(Int8.self, from: Data(text.utf8)) == 0)
    }

    @Test("Decimal: the same value as JSONDecoder, or an error where it errs")
    func decimals() {
        var zerosJSONDecoderRejects: Set<String> = []
        for text in Self.texts {
            same(Decimal.self, text, isSignedZero: { $0.isZero }, &zerosJSONDecoderRejects) { $0 == $1 }
        }
    }

    @Test("the generator is seeded and writes valid JSON numbers")
    func casesAreDeterministicAndValid() {
        for text in Self.texts {
            let parsed = Data(text.utf8).withUnsafeBytes { bytes in Result { try JSONTape(parsing: bytes).nodes.count } }
            #expect((try? parsed.get()) == 1, "\(text.prefix(80)) is not a JSON number")
        }
        #expect(NumberTexts.random(count: 50, seed: Self.seed) == NumberTexts.random(count: 50, seed: Self.seed))
        #expect(NumberTexts.random(count: 50, seed: Self.seed) != NumberTexts.random(count: 50, seed: Self.seed + 1))
    }

    @Test("the reference works numbers out", arguments: [
        ("12.5e1", WholeNumberReference.whole("125")), ("-0.0e7", .whole("0")), ("1.5", .fractional), ("1e-400", .fractional),
        ("1e400", .huge), ("100e-2", .whole("1")), ("-9223372036854775808.000", .whole("-9223372036854775808")),
        ("1e-9223372036854775808", .fractional), ("0e99999999999999999999", .whole("0")),
    ])
    func reference(_ text: String, _ expected: WholeNumberReference) {
        #expect(WholeNumberReference(text) == expected)
    }

    // MARK: - Comparing

    /// Where the reader and `JSONDecoder` differ, by kind, as `text as Type`.
    private struct Differences {
        var exactWhereJSONDecoderFails: Set<String> = []
        var errorWhereJSONDecoderRounds: Set<String> = []
    }

    private func check<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ text: String, _ differences: inout Differences) {
        let reference = WholeNumberReference(text)
        let expected = reference.value(as: T.self)
        let ours = try? TapeDecoder.decode(T.self, from: Data(text.utf8))
        #expect(ours == expected, "\(text) as \(T.self): read \(String(describing: ours)), the reference says \(reference)")
        let label = "\(text) as \(T.self)"
        guard !Self.jsonDecoderTraps.contains(label) else { return }
        let theirs = try? JSONDecoder().decode(T.self, from: Data(text.utf8))
        guard ours != theirs else { return }
        switch (ours, theirs) {
        case (.some, nil):
            differences.exactWhereJSONDecoderFails.insert(label)  // Difference 1; `ours` is the reference's value.
        case (nil, .some) where reference == .fractional:
            differences.errorWhereJSONDecoderRounds.insert(label)  // Difference 2.
        default:
            Issue.record("\(label): read \(String(describing: ours)), JSONDecoder read \(String(describing: theirs))")
        }
    }

    /// Checks that the reader reads `text` as `JSONDecoder` does (values `equal`), or, where `JSONDecoder` rejects a
    /// zero (difference 3), that the reader reads the zero written (`isSignedZero`); those go into `zerosRejected`.
    private func same<T: Decodable>(_ type: T.Type, _ text: String, isSignedZero: (T) -> Bool, _ zerosRejected: inout Set<String>,
                                    _ equal: (T, T) -> Bool) {
        let ours = Result { try TapeDecoder.decode(T.self, from: Data(text.utf8)) }
        let theirs = Result { try JSONDecoder().decode(T.self, from: Data(text.utf8)) }
        switch (ours, theirs) {
        case (.success(let mine), .success(let foundation)):
            #expect(equal(mine, foundation), "\(text) as \(T.self): read \(mine), JSONDecoder read \(foundation)")
        case (.failure, .failure):
            break
        case (.success(let mine), .failure) where WholeNumberReference(text) == .whole("0") && isSignedZero(mine):
            zerosRejected.insert("\(text) as \(T.self)")
        case (.success(let mine), .failure):
            Issue.record("\(text) as \(T.self): read \(mine), where JSONDecoder fails")
        case (.failure(let error), .success(let foundation)):
            Issue.record("\(text) as \(T.self): failed (\(error)), where JSONDecoder read \(foundation)")
        }
    }
}
