import Foundation
import Testing
@testable import Caching

/// Errors name the line and column where a document stops being JSON, worked out in one pass over the bytes only
/// when an error is reported, so a large file's error costs about what reading it does.
@Suite("Error positions")
struct ErrorPositionTests {
    @Test("line and column of a byte offset", arguments: [
        ("", 0, 1, 1), ("abc", 0, 1, 1), ("abc", 2, 1, 3), ("abc", 3, 1, 4), ("a\nb", 1, 1, 2), ("a\nb", 2, 2, 1),
        ("a\n\n\nbc", 5, 4, 2), ("a\r\nb", 3, 2, 1), ("\n", 1, 2, 1), ("é\nxé!", 6, 2, 4), ("ab", 99, 1, 3), ("ab", -5, 1, 1),
    ])
    func positions(_ text: String, _ offset: Int, _ line: Int, _ column: Int) {
        let position = Data(text.utf8).withUnsafeBytes { TextPosition(offset: offset, in: $0) }
        #expect(position.line == line)
        #expect(position.column == column)
    }

    @Test("a syntax error at the end of a multi-megabyte file names its line and column")
    func errorAtTheEndOfALargeFile() throws {
        let entries = (0..<60_000).map { (key: $0, value: "value \($0) é") }
        var text = String(decoding: try Cache<Int, String>.encoded(entries: entries), as: UTF8.self)
        #expect(text.utf8.count > 3_000_000)
        let version = try #require(text.range(of: "\"version\" : 1"))
        text.replaceSubrange(version, with: "\"version\" : x1")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("\"version\" : x1") }) + 1
        let versionLine = lines[line - 1].utf8
        let column = versionLine.distance(from: versionLine.startIndex, to: try #require(versionLine.firstIndex(of: UInt8(ascii: "x")))) + 1
        #expect(line > 200_000)

        let error = #expect(throws: CacheError.self) { try Cache<Int, String>(data: Data(text.utf8)) }
        #expect(error?.code == .corruptFile)
        #expect(error?.reason.contains("Unexpected character 'x' at line \(line), column \(column)") == true, "\(String(describing: error))")
    }

    @Test("an error on the first line, and one after the last newline")
    func errorsAtTheEdges() throws {
        let first = #expect(throws: DecodingError.self) { try TapeDecoder.decode([Int].self, from: Data("[1,,2]".utf8)) }
        let last = #expect(throws: DecodingError.self) { try TapeDecoder.decode([Int].self, from: Data("[1,\n2,\n3".utf8)) }
        for (error, expected) in [(first, "at line 1, column 4"), (last, "at line 3, column 2")] {
            guard case .dataCorrupted(let context)? = error else { Issue.record("expected dataCorrupted"); continue }
            #expect(String(describing: context.underlyingError).contains(expected), "\(String(describing: context.underlyingError))")
        }
    }
}
