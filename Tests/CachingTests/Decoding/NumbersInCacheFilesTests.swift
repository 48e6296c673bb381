import Foundation
import Testing
@testable import Caching

/// A cache file is untrusted input: any number in it, in any integer field, is read or rejected with a typed error
/// at its coding path, never a trap.
@Suite("Numbers in cache files")
struct NumbersInCacheFilesTests {
    /// A value with an integer field and a nested one, as a cassette's response and failure have.
    private struct Response: Codable, Equatable {
        struct Failure: Codable, Equatable { let code: Int }
        let status: Int
        let failure: Failure
    }

    private func file(version: String = "1", key: String = "1", status: String = "200", code: String = "-1") -> Data {
        Data("""
        {"entries":[{"key":\(key),"value":{"status":\(status),"failure":{"code":\(code)}}}],"format":"Caching.Cache","version":\(version)}
        """.utf8)
    }

    @Test("an exponent that overflows when negated is an error at the field, in every integer field", arguments: [
        "1e-9223372036854775808", "1e9223372036854775807", "1.5e-9223372036854775808", "1e99999999999999999999", "1e19",
        "1.5", "-1e-400",
    ])
    func hostileNumbers(_ number: String) {
        let cases: [(Data, [String])] = [
            (file(version: number), ["version"]),
            (file(key: number), ["entries", "[0]", "key"]),
            (file(status: number), ["entries", "[0]", "value", "status"]),
            (file(code: number), ["entries", "[0]", "value", "failure", "code"]),
        ]
        for (data, path) in cases {
            let error = #expect(throws: CacheError.self) { try Cache<Int, Response>(data: data) }
            #expect(error?.code == .corruptFile)
            #expect(error?.codingPath == path)
            #expect(error?.reason.contains("does not fit in Int") == true, "\(String(describing: error))")
        }
    }

    @Test("whole numbers written with an exponent or fraction read exactly")
    func wholeNumbersWithExponents() throws {
        let cache = try Cache<Int, Response>(data: file(version: "1.0e0", key: "9.223372036854775807e18", status: "2.00e2",
                                                        code: "-1.0"))
        #expect(cache.value(forKey: .max) == Response(status: 200, failure: .init(code: -1)))
    }

    @Test("a long number is shortened in the message, not repeated whole")
    func longNumbersAreShortened() {
        let number = String(repeating: "9", count: 100_000)
        let error = #expect(throws: CacheError.self) { try Cache<Int, Response>(data: file(status: number)) }
        #expect(error?.codingPath == ["entries", "[0]", "value", "status"])
        #expect((error?.reason.count ?? .max) < 200, "\(String(describing: error?.reason.prefix(300)))")
    }
}
