import Foundation
import Testing
@testable import CassetteCore

@Suite("containsByte answers what Sequence.contains answers")
struct ContainsByteTests {
    @Test("containsByte agrees with contains, on empty data, slices that do not start at 0 and every byte value")
    func containsByteAgreesWithContains() {
        var generator = SystemRandomNumberGenerator()
        var datas: [Data] = [Data(), Data([0]), Data([0xFF]), Data("a%b=c\\d".utf8)]
        for length in [1, 7, 8, 9, 63, 64, 65, 1_024] {
            datas.append(Data((0..<length).map { _ in UInt8.random(in: 0...40, using: &generator) }))
        }
        // Slices keep their parent's indices: a search that read from index 0 would look outside them.
        let parent = Data("==%%\\\\".utf8) + Data("plain text".utf8) + Data("==%%\\\\".utf8)
        datas.append(parent[6..<16])
        datas.append(parent[6..<6])
        for data in datas {
            for byte in UInt8.min...UInt8.max {
                #expect(data.containsByte(byte) == data.contains(byte), "byte \(byte) in \(Array(data))")
            }
        }
    }

    @Test("a string's containsByte agrees with its UTF-8 view's contains: empty, small, long, non-ASCII and substring-made strings")
    func stringContainsByteAgreesWithContains() {
        let long = String(repeating: "abc%", count: 40) + "?"
        let strings = ["", "?", "a", "Bearer token", "x%20y", "héllo wörld ✓", "e\u{301}", long,
                       String(long.dropFirst(3)), String(decoding: [0x61, 0xFF, 0x62], as: UTF8.self)]
        for string in strings {
            for byte in UInt8.min...UInt8.max {
                #expect(string.containsByte(byte) == string.utf8.contains(byte), "byte \(byte) in \(string)")
            }
        }
    }
}
