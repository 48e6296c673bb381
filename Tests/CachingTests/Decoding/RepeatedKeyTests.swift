import Foundation
import Testing
@testable import Caching

/// An object that repeats a key means different things to different readers (`JSONDecoder` takes the first value,
/// Python and jq the last), so a reviewer could read one value and a replay use another: such a file is rejected,
/// with the key, the object and both places named. This is a deliberate difference from `JSONDecoder`.
@Suite("Repeated keys")
struct RepeatedKeyTests {
    private struct Recorded: Codable {
        struct Response: Codable { let status: Int; let headers: [String: String] }
        let response: Response
    }

    private func tape<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try TapeDecoder.decode(type, from: Data(json.utf8))
    }

    /// The 1-based line and column (in bytes) of the `occurrence`-th (from 0) appearance of `needle` in `text`,
    /// counted on the text with `String` methods.
    private func place(of needle: String, occurrence: Int, in text: String) throws -> (line: Int, column: Int) {
        var found = try #require(text.range(of: needle))
        for _ in 0..<occurrence {
            found = try #require(text.range(of: needle, range: found.upperBound..<text.endIndex))
        }
        let before = text[..<found.lowerBound]
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (before.filter { $0 == "\n" }.count + 1, text.utf8.distance(from: lineStart, to: found.lowerBound) + 1)
    }

    @Test("a repeated header deep in a file: a CacheError at the member, naming the key, the object and both lines")
    func repeatedKeyInAFile() throws {
        let entries = (0..<5).map { index in
            (key: index, value: Recorded(response: .init(status: 200, headers: ["Content-Type": "text/plain", "X-Index": "\(index)"])))
        }
        let valid = try Cache<Int, Recorded>.encoded(entries: entries)
        #expect(try Cache<Int, Recorded>(data: valid).count == 5)
        var text = String(decoding: valid, as: UTF8.self)
        let marker = "\"X-Index\" : \"3\""
        let range = try #require(text.range(of: marker))
        text.replaceSubrange(range, with: marker + ",\n            \"Content-Type\" : \"application/json\"")

        let error = #expect(throws: CacheError.self) { try Cache<Int, Recorded>(data: Data(text.utf8)) }
        #expect(error?.code == .corruptFile)
        #expect(error?.codingPath == ["entries", "[3]", "value", "response", "headers", "Content-Type"])
        let first = try place(of: "\"Content-Type\"", occurrence: 3, in: text)
        let again = try place(of: "\"Content-Type\"", occurrence: 4, in: text)
        #expect(again.line == first.line + 2)
        let reason = error?.reason ?? ""
        #expect(reason.contains(#"The key "Content-Type" appears more than once in the object at entries[3].value.response.headers"#), "\(reason)")
        #expect(reason.contains("line \(first.line), column \(first.column), and again at line \(again.line), column \(again.column)"), "\(reason)")
    }

    @Test("a repeated key of the top-level object")
    func repeatedTopLevelKey() throws {
        let json = #"{"entries":[],"format":"Caching.Cache","version":1,"format":"Caching.Cache"}"#
        let error = #expect(throws: CacheError.self) { try Cache<Int, Int>(data: Data(json.utf8)) }
        #expect(error?.codingPath == ["format"])
        let (first, again) = (try place(of: "\"format\"", occurrence: 0, in: json), try place(of: "\"format\"", occurrence: 1, in: json))
        #expect((first.column, again.column) == (15, 52))
        #expect(error?.reason.contains(#"The key "format" appears more than once in the top-level object (line 1, column 15, and again at line 1, column 52)"#) == true,
                "\(String(describing: error))")
    }

    @Test("a repeat is an error anywhere, even in a member nothing decodes, and in an array")
    func repeatsAnywhere() {
        let unused = #"{"entries":[],"format":"Caching.Cache","version":1,"extra":[0,{"x":1,"x":2}]}"#
        let error = #expect(throws: CacheError.self) { try Cache<Int, Int>(data: Data(unused.utf8)) }
        #expect(error?.codingPath == ["extra", "[1]", "x"])
        let decodingError = #expect(throws: DecodingError.self) { try tape([[String: Int]].self, #"[{"a":1},{"b":1,"c":2,"b":3}]"#) }
        guard case .dataCorrupted(let context)? = decodingError else { return }
        #expect(context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue } == ["[1]", "b"])
    }

    @Test("keys are the same when Swift's strings are: escaped, precomposed or decomposed", arguments: [
        #"{"A":1,"\u0041":2}"#, "{\"é\":1,\"e\u{301}\":2}", #"{"é":1,"e\u0301":2}"#, #"{"\u00e9":1,"é":2}"#, #"{"a\/b":1,"a/b":2}"#,
    ])
    func sameTextDifferentBytes(_ json: String) {
        #expect(throws: DecodingError.self) { try tape([String: Int].self, json) }
        // JSONDecoder takes the first value, where the reader rejects the object.
        #expect((try? JSONDecoder().decode([String: Int].self, from: Data(json.utf8)))?.count == 1)
    }

    @Test("keys that only look alike are different", arguments: [
        #"{"a":1,"A":2}"#, #"{"a":1,"ab":2}"#, "{\"é\":1,\"e\":2}", #"{"":1," ":2}"#, #"{"a\u0000":1,"a":2}"#, #"{"\u00e9":1,"e":2}"#,
    ])
    func differentKeys(_ json: String) throws {
        #expect(try tape([String: Int].self, json).count == 2)
    }

    /// Objects of every size around where the search changes (pairwise up to 8 keys, hashed beyond), with a repeat
    /// at every pair of positions, and with none.
    @Test("every pair of positions in objects of 2 to 20 keys")
    func everyPairOfPositions() throws {
        for count in 2...20 {
            let keys = (0..<count).map { "key\($0)" }
            let distinct = "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
            #expect(try tape([String: Int].self, distinct).count == count)
            for first in 0..<count {
                for again in first + 1..<count {
                    var repeated = keys
                    repeated[again] = keys[first]
                    let json = "{" + repeated.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
                    let error = #expect(throws: DecodingError.self) { try tape([String: Int].self, json) }
                    guard case .dataCorrupted(let context)? = error else { continue }
                    #expect(context.codingPath.map(\.stringValue) == [keys[first]], "\(json)")
                    // The column of each key's quote: `{` then members of `"keyN":M,`.
                    let column = { (index: Int) in 2 + repeated[..<index].enumerated().map { $0.element.count + 4 + String($0.offset).count }.reduce(0, +) }
                    #expect(context.debugDescription.contains("column \(column(first)), and again at line 1, column \(column(again))"), "\(json): \(context.debugDescription)")
                }
            }
        }
    }

    @Test("of several repeats, the one that appears again first is reported")
    func earliestRepeat() {
        for json in [#"{"a":1,"b":2,"b":3,"a":4}"#, #"{"a":1,"b":2,"b":3,"a":4,"c":0,"d":0,"e":0,"f":0,"g":0,"h":0}"#,
                     #"{"a":{"x":1,"b":2,"b":3},"a":4}"#] {
            let error = #expect(throws: DecodingError.self) { try tape(JSONValueLike.self, json) }
            guard case .dataCorrupted(let context)? = error else { continue }
            #expect(context.codingPath.last?.stringValue == "b", "\(json)")
        }
    }
}

/// Decodes any JSON, for documents whose shape does not matter.
private struct JSONValueLike: Decodable {
    init(from decoder: any Decoder) throws {}
}
