import Foundation
import Testing
@testable import Caching

@Suite("Cache on disk")
struct CachePersistenceTests {
    @Test("the file format is pinned, byte for byte")
    func exactFormat() throws {
        let clock = TestClock()
        let cache = Cache<String, Int>(dateProvider: clock.provider)
        cache.insert(42, forKey: "answer", lifetime: 60)
        cache.insert(7, forKey: "forever")
        let text = String(decoding: try cache.encoded(), as: UTF8.self)
        #expect(text == """
        {
          "entries" : [
            {
              "expires" : "2027-01-15T08:01:00Z",
              "key" : "answer",
              "value" : 42
            },
            {
              "key" : "forever",
              "value" : 7
            }
          ],
          "format" : "Caching.Cache",
          "version" : 1
        }

        """)
    }

    @Test func equalContentsGiveIdenticalBytes() throws {
        let first = Cache<String, [String]>()
        let second = Cache<String, [String]>()
        for key in ["z", "a", "m"] {
            first.insert([key, "x/y"], forKey: key)
            second.insert([key, "x/y"], forKey: key)
        }
        _ = second.value(forKey: "z")  // use does not change the file: insertion order does
        #expect(try first.encoded() == second.encoded())
    }

    @Test("a 10,000-entry cache round-trips through a file")
    func roundTripOfTenThousand() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/big.json")
        let cache = Cache<Int, String>()
        for key in 0..<10_000 { cache.insert("value \(key) é", forKey: key) }
        try cache.save(to: file)
        let loaded = try Cache<Int, String>(contentsOf: file)
        #expect(loaded.count == 10_000)
        #expect(loaded.keys == Array(0..<10_000))
        #expect(loaded.value(forKey: 9_999) == "value 9999 é")
        #expect(try loaded.encoded() == Data(contentsOf: file))
    }

    @Test func expiredEntriesAreNotSavedAndExpireOnLoad() throws {
        let clock = TestClock()
        let cache = Cache<String, Int>(dateProvider: clock.provider)
        cache.insert(1, forKey: "soon", lifetime: 10)
        cache.insert(2, forKey: "later", lifetime: 100)
        cache.insert(3, forKey: "gone", lifetime: 1)
        clock.advance(by: 2)
        let data = try cache.encoded()
        #expect(!String(decoding: data, as: UTF8.self).contains("gone"))
        clock.advance(by: 20)
        let loaded = try Cache<String, Int>(data: data, dateProvider: clock.provider)
        #expect(loaded.keys == ["later"])
    }

    @Test("corrupt files give a typed error with the file and coding path", arguments: [
        ("", CacheError.Code.corruptFile, ""),
        (#"{"entries":[{"key":"a","value":1}],"format":"Caching.Cache","vers"#, .corruptFile, ""),
        ("not json at all", .corruptFile, ""),
        (#"[1, 2, 3]"#, .corruptFile, ""),
        (#"{"entries":[],"format":"Other.Thing","version":1}"#, .unknownFormat, "format"),
        (#"{"entries":[],"format":"Caching.Cache","version":2}"#, .unsupportedVersion, "version"),
        (#"{"entries":[{"key":"a","value":1},{"key":"b","value":"x"}],"format":"Caching.Cache","version":1}"#, .corruptFile, "entries[1].value"),
        (#"{"entries":[{"value":1}],"format":"Caching.Cache","version":1}"#, .corruptFile, "entries[0]"),
        (#"{"entries":[{"expires":"yesterday","key":"a","value":1}],"format":"Caching.Cache","version":1}"#, .corruptFile, "entries[0].expires"),
    ])
    func corruptFiles(_ contents: String, _ code: CacheError.Code, _ path: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("bad.json")
        try Data(contents.utf8).write(to: file)
        let error = #expect(throws: CacheError.self) { try Cache<String, Int>(contentsOf: file) }
        #expect(error?.code == code)
        #expect(error?.file == file)
        #expect(error?.codingPathDescription == path)
        #expect(error?.description.contains(file.path) == true)
        let readError = #expect(throws: CacheError.self) { try Cache<String, Int>.entries(contentsOf: file) }
        #expect(readError?.code == code && readError?.codingPathDescription == path)
    }

    @Test("reading a file's entries without a cache gives what loading the cache gives")
    func entriesWithoutACache() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("c.json")
        // "a" twice (its first place, its last value), one entry expired, one expiring later, one forever.
        let contents = """
        {"entries":[{"key":"a","value":1},{"expires":"2027-01-15T08:00:00Z","key":"old","value":2},
        {"expires":"2027-01-15T09:00:00Z","key":"soon","value":3},{"key":"a","value":4},{"key":"z","value":5}],
        "format":"Caching.Cache","version":1}
        """
        try Data(contents.utf8).write(to: file)
        let clock = TestClock()
        clock.advance(by: 60)
        let read = try Cache<String, Int>.entries(contentsOf: file, now: clock.provider())
        #expect(read.map(\.key) == ["a", "soon", "z"])
        #expect(read.map(\.value) == [4, 3, 5])
        let loaded = try Cache<String, Int>(contentsOf: file, dateProvider: clock.provider).entries
        #expect(loaded.map(\.key) == read.map(\.key) && loaded.map(\.value) == read.map(\.value))
    }

    @Test("writing entries without a cache gives the bytes the cache saves")
    func encodedEntriesWithoutACache() throws {
        let insertions = [(key: "b", value: 1), (key: "a", value: 2), (key: "b", value: 3), (key: "c/d é", value: 4)]
        let cache = Cache<String, Int>()
        for (key, value) in insertions { cache.insert(value, forKey: key) }
        #expect(try Cache<String, Int>.encoded(entries: insertions) == cache.encoded())

        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/entries.json")
        try Cache<String, Int>.save(entries: insertions, to: file)
        #expect(try Data(contentsOf: file) == cache.encoded())
        #expect(try Cache<String, Int>.entries(contentsOf: file).map(\.key) == ["b", "a", "c/d é"])
    }

    @Test func missingFile() {
        let file = temporaryFolder().appendingPathComponent("absent.json")
        let error = #expect(throws: CacheError.self) { try Cache<String, Int>(contentsOf: file) }
        #expect(error?.code == .fileNotFound)
        let readError = #expect(throws: CacheError.self) { try Cache<String, Int>.entries(contentsOf: file) }
        #expect(readError?.code == .fileNotFound)
    }

    @Test("a save whose rename fails leaves the previous file intact and no temporary file behind")
    func atomicSave() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The target is a non-empty directory: rename(2) over it must fail.
        let target = folder.appendingPathComponent("cache.json")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let previous = target.appendingPathComponent("previous-content")
        try Data("old".utf8).write(to: previous)

        let cache = Cache<String, Int>()
        cache["a"] = 1
        let error = #expect(throws: CacheError.self) { try cache.save(to: target) }
        #expect(error?.code == .writeFailed)
        #expect(try Data(contentsOf: previous) == Data("old".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func saveReplacesAnExistingFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("c.json")
        let cache = Cache<String, Int>()
        cache["a"] = 1
        try cache.save(to: file)
        cache["b"] = 2
        try cache.save(to: file)
        #expect(try Cache<String, Int>(contentsOf: file).keys == ["a", "b"])
    }

    @Test func codableConformanceUsesTheSameEnvelope() throws {
        let cache = Cache<String, Int>()
        cache["a"] = 1
        let decoded = try JSONDecoder.cacheDecoder.decode(Cache<String, Int>.self, from: try cache.encoded())
        #expect(decoded["a"] == 1)
    }
}
