import Testing
@testable import Networking

@Suite("ParameterValue")
struct ParameterValueTests {
    @Test func literalsBuildTheMatchingCases() {
        let parameters: Parameters = ["q": "swift", "page": 2, "ratio": 0.5, "new": true, "tags": ["a", "b"],
                                      "filter": ["year": 2024], "none": nil]
        #expect(parameters["q"] == .string("swift"))
        #expect(parameters["page"] == .int(2))
        #expect(parameters["ratio"] == .double(0.5))
        #expect(parameters["new"] == .bool(true))
        #expect(parameters["tags"] == .array([.string("a"), .string("b")]))
        #expect(parameters["filter"] == .dictionary(["year": .int(2024)]))
        #expect(parameters["none"] == .null)
    }

    @Test func repeatedDictionaryLiteralKeysKeepTheLastValue() {
        let value: ParameterValue = ["a": 1, "a": 2]
        #expect(value == .dictionary(["a": .int(2)]))
    }

    @Test func descriptionIsPlainText() {
        let value: ParameterValue = ["b": ["x", 1, 2.5, false, nil], "a": "text"]
        #expect(value.description == "[a: text, b: [x, 1, 2.5, false, null]]")
    }
}
