import Foundation
import Testing
@testable import Caching

/// Reading a cache file one entry at a time (``StoredEntries``) gives what reading it whole gives, and the same
/// error for a file that does not read; the outline it starts from checks the whole file's syntax.
@Suite("Stored entries, one at a time")
struct StoredEntriesTests {
    private struct Point: Codable, Hashable, Sendable {
        var x: Int
        var label: String
    }

    /// What a whole read gives, entry by entry, as stored (no repeated key dropped).
    private static func whole(_ data: Data) throws(CacheError) -> [(key: Int, value: Point, expirationDate: Date)] {
        try Cache<Int, Point>.storedEntries(in: data, file: nil)
    }

    /// Every entry read one at a time, as stored.
    private static func inTurn(_ data: Data) throws -> [(key: Int, value: Point, expirationDate: Date)] {
        let entries = try Cache<Int, Point>.storedEntriesInTurn(in: data, file: nil)
        return try (0..<entries.count).map { (entries.keys[$0], try entries.value(at: $0), entries.expirationDates[$0]) }
    }

    private static func file(_ entries: String) -> Data {
        Data(#"{"entries":[\#(entries)],"format":"Caching.Cache","version":1}"#.utf8)
    }

    @Test("the entries of files as written, compact, out of order, with repeated keys and expirations", arguments: [
        file(#"{"key":1,"value":{"x":1,"label":"one"}},{"key":2,"value":{"label":"two","x":2}}"#),
        file(#" { "value" : { "x" : 3 , "label" : "é\n\u00e9" } , "key" : 3 , "expires" : "2030-01-02T03:04:05Z" } , "#),
        file(#"{"key":2,"value":{"x":2,"label":"b"}},{"key":1,"value":{"x":1,"label":"a"}},{"key":2,"value":{"x":9,"label":"c"}}"#),
        file(""),
        Data(#"{"version":1,"format":"Caching.Cache","entries":[{"key":5,"value":{"x":5,"label":"last member first"}}]}"#.utf8),
    ])
    func sameAsWhole(_ data: Data) throws {
        let whole = try Self.whole(data)
        let inTurn = try Self.inTurn(data)
        #expect(inTurn.map(\.key) == whole.map(\.key))
        #expect(inTurn.map(\.value) == whole.map(\.value))
        #expect(inTurn.map(\.expirationDate) == whole.map(\.expirationDate))
        #expect(try Cache<Int, Point>.storedEntriesInTurn(in: data, file: nil).readsInTurn)
    }

    @Test("a file this cannot read entry by entry throws the whole read's error", arguments: [
        file(#"{"key":1,"value":{"x":1,"label":"one"}},{"key":2,"value":{"x":"two","label":"two"}}"#),
        file(#"{"key":1,"value":{"x":1,"x":2,"label":"one"}}"#),
        file(#"{"key":1,"value":{"x":1,"label":"one"}},{"key":2,"value":{"x":2,"label":"two"}"#),
        Data(#"{"entries":[{"key":1,"value":{"x":1,"label":"a"}}],"entries":[],"format":"Caching.Cache","version":1}"#.utf8),
        Data(#"{"entries":[{"key":1,"value":{"x":1,"label":"a"}}],"format":"Other","version":1}"#.utf8),
        Data(#"{"entries":[{"key":1,"value":{"x":1,"label":"a"}}],"format":"Caching.Cache","version":7}"#.utf8),
        Data(#"{"entries":{"key":1},"format":"Caching.Cache","version":1}"#.utf8),
        Data(#"[{"key":1,"value":{"x":1,"label":"a"}}]"#.utf8),
        Data(),
    ])
    func sameErrorAsWhole(_ data: Data) throws {
        let whole = #expect(throws: CacheError.self) { try Self.whole(data) }
        let inTurn = #expect(throws: CacheError.self) { try Self.inTurn(data) }
        #expect(inTurn?.code == whole?.code)
        #expect(inTurn?.codingPath == whole?.codingPath)
        #expect(inTurn?.reason == whole?.reason)
    }

    @Test("a file saved as UTF-16 reads entry by entry")
    func utf16() throws {
        let text = String(decoding: Self.file(#"{"key":1,"value":{"x":1,"label":"ü"}}"#), as: UTF8.self)
        let data = try #require(text.data(using: .utf16))
        #expect(try Self.inTurn(data).map(\.value) == [Point(x: 1, label: "ü")])
    }

    @Test("the outline leaves out each value at its depth, parses the rest, and throws every syntax error")
    func outline() throws {
        let text = Data(#"{"a":[1,{"b":[2]},"c"],"d":{"e":3}}"#.utf8)
        try text.withUnsafeBytes { bytes in
            let outline = try JSONTape(parsing: bytes, leavingOutDepth: 2)
            let leftOut = outline.leftOut.map { String(decoding: bytes[$0.bytes], as: UTF8.self) }
            #expect(leftOut == ["1", #"{"b":[2]}"#, #""c""#, "3"])
            for value in outline.leftOut {
                guard case .null = outline.nodes[value.node] else { Issue.record("not a stand-in"); continue }
                let alone = try JSONTape(parsingValueAt: value.bytes.lowerBound, depth: 2, in: bytes)
                #expect(alone.nodes.count >= 1)
            }
        }
        let broken = Data(#"{"a":[1,{"b":[2,]x},"c"]}"#.utf8)
        broken.withUnsafeBytes { bytes in
            _ = #expect(throws: JSONSyntaxError.self) { try JSONTape(parsing: bytes, leavingOutDepth: 2) }
        }
    }

    @Test("a tape's nodes read back across blocks, and dropping the last ones keeps the first")
    func nodesAcrossBlocks() {
        var nodes = JSONTape.Nodes()
        let count = 40_000
        for index in 0..<count { nodes.append(index.isMultiple(of: 2) ? .string(start: index, end: index + 3) : .array(count: index, end: 1 << 40)) }
        #expect(nodes.count == count)
        for index in [0, 1, 16_383, 16_384, 16_385, 32_768, count - 1] {
            switch nodes[index] {
            case .string(let start, let end): #expect(index.isMultiple(of: 2) && start == index && end == index + 3)
            case .array(let elements, let end): #expect(!index.isMultiple(of: 2) && elements == index && end == 1 << 40)
            default: Issue.record("node \(index) changed kind")
            }
        }
        nodes.removeAll(from: 16_384)
        #expect(nodes.count == 16_384)
        nodes.append(.bool(true))
        nodes[0] = .null
        guard case .bool(true) = nodes[16_384], case .null = nodes[0], case .array(16_383, _) = nodes[16_383] else {
            Issue.record("nodes after dropping: \(nodes[16_384]), \(nodes[0]), \(nodes[16_383])")
            return
        }
    }
}
