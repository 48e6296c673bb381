@testable import CassetteTool
import CassetteCore
import Testing

/// `JSONComparison` as `cassette verify` uses it: each place two JSON trees differ, with its coding path and its
/// text before and after.
@Suite struct JSONComparisonTests {
    /// A change as the redaction check reads it.
    private struct Change: Equatable {
        let path: String
        let before: String
        let after: String
    }

    private func textChanges(from before: JSONValue, to after: JSONValue, at path: String = "") -> [Change] {
        JSONComparison.changes(from: before, to: after, at: path, values: true, quotingKeys: true).map {
            Change(path: $0.path, before: RedactionCheck.text($0.old), after: RedactionCheck.text($0.new))
        }
    }

    @Test("a changed string, a member only one side has, an array of another length, another kind of value")
    func changes() {
        let before = JSONValue.object([
            "same": .string("x"), "a-b": .object(["c": .string("old")]), "list": .array([.integer(1)]),
            "gone": .bool(true), "kind": .string("1"), "rows": .array([.object(["k": .string("v")])]),
        ])
        let after = JSONValue.object([
            "same": .string("x"), "a-b": .object(["c": .string("new")]), "list": .array([.integer(1), .integer(2)]),
            "added": .null, "kind": .integer(1), "rows": .array([.object(["k": .string("w")])]),
        ])
        #expect(textChanges(from: before, to: after, at: "entries[0].value") == [
            .init(path: #"entries[0].value["a-b"].c"#, before: "old", after: "new"),
            .init(path: "entries[0].value.added", before: "", after: "null"),
            .init(path: "entries[0].value.gone", before: "true", after: ""),
            .init(path: "entries[0].value.kind", before: "1", after: "1"),
            .init(path: "entries[0].value.list", before: "[1]", after: "[1,2]"),
            .init(path: "entries[0].value.rows[0].k", before: "v", after: "w"),
        ])
        #expect(textChanges(from: before, to: before).isEmpty)
    }

    @Test("keys that are not identifiers are written as JSON strings in brackets")
    func memberPaths() {
        #expect(JSONComparison.member("Authorization", of: "headers") == "headers.Authorization")
        #expect(JSONComparison.member("_a1", of: "") == "_a1")
        #expect(JSONComparison.member("1a", of: "") == #"["1a"]"#)
        #expect(JSONComparison.member("X-Api-Key", of: "headers") == #"headers["X-Api-Key"]"#)
        #expect(JSONComparison.member("é", of: "a") == #"a["é"]"#)
        #expect(JSONComparison.member("a\"b\\\n\u{1}", of: "a") == #"a["a\"b\\\n\u0001"]"#)
        #expect(JSONComparison.member("", of: "a") == #"a[""]"#)
    }
}
