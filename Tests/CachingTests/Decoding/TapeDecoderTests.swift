import Foundation
import Testing
@testable import Caching

/// `TapeDecoder` must read every file `JSONDecoder` reads (with the cache's ISO-8601 dates) to the same values,
/// and reject what it rejects, with errors carrying the same kind of coding path.
@Suite("Tape decoder")
struct TapeDecoderTests {
    private func tape<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try TapeDecoder.decode(type, from: Data(json.utf8))
    }

    private func foundation<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder.cacheDecoder.decode(type, from: Data(json.utf8))
    }

    private func path(of error: (any Error)?) -> String {
        guard let error = error as? DecodingError else { return "not a DecodingError: \(String(describing: error))" }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return "unknown"
        }
        return context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    @Test("every kind of Codable value decodes as JSONDecoder decodes it")
    func valuesMatchJSONDecoder() throws {
        let value = Everything.sample
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(try tape(Everything.self, json) == value)
        #expect(try foundation(Everything.self, json) == value)
        #expect(try tape([Everything].self, "[\(json),\(json)]") == [value, value])
    }

    @Test("strings: escapes, surrogate pairs, raw UTF-8", arguments: [
        #""plain""#, #""""#, #""a\"b\\c\/d""#, #""\b\f\n\r\t""#, #""\u00e9\u0041\u20AC""#, #""\ud83d\ude00 smile""#,
        "\"é ✓ 😀 raw\"", #""\u0000 nul""#,
    ])
    func strings(_ json: String) throws {
        #expect(try tape(String.self, json) == foundation(String.self, json))
    }

    @Test("numbers: integer ranges, doubles to the last bit", arguments: [
        "0", "-0", "42", "-42", "9223372036854775807", "-9223372036854775808", "0.1", "1e-300", "-2.5E+10", "123456789.123456789",
        "1.7976931348623157e308", "5e-324",
    ])
    func numbers(_ json: String) throws {
        #expect(try tape(Double.self, json).bitPattern == foundation(Double.self, json).bitPattern)
        if !json.contains(where: { ".eE".contains($0) }) {
            #expect(try tape(Int64.self, json) == foundation(Int64.self, json))
        }
    }

    @Test func integersThatDoNotFitAreErrors() throws {
        #expect(try tape(UInt64.self, "18446744073709551615") == .max)
        #expect(try tape(Int8.self, "-128") == -128)
        #expect(try tape(Int.self, "2.0") == 2)
        for (json, type) in [("9223372036854775808", Int64.self as any Decodable.Type), ("256", UInt8.self), ("-1", UInt.self), ("1.5", Int.self)] {
            #expect(throws: DecodingError.self) { _ = try TapeDecoder.decode(type, from: Data(json.utf8)) }
        }
    }

    @Test("invalid JSON is a data-corrupted error at the top, with line and column", arguments: [
        "", "   ", "{", "[,]", "[1,,]", #"{,}"#, "01", "1.", "-", "tru", "nul", #""\x""#, #""\u12""#, "\"tab\there\"", "\"open",
        "[1] 2", #"{"a" 1}"#, #"{a:1}"#, "[1 2]", "{\"a\":1\n\"b\":2}",
    ])
    func syntaxErrors(_ json: String) {
        let error = #expect(throws: DecodingError.self) { try tape(JSONValueProbe.self, json) }
        guard case .dataCorrupted(let context)? = error else { return }
        #expect(context.codingPath.isEmpty)
        #expect(String(describing: context.underlyingError).contains("line"))
    }

    @Test func aTrailingCommaClosesAContainerAsInJSONDecoder() throws {
        #expect(try tape([Int].self, "[1, 2,]") == foundation([Int].self, "[1, 2,]"))
        #expect(try tape([String: Int].self, #"{"a": 1,}"#) == foundation([String: Int].self, #"{"a": 1,}"#))
    }

    @Test func tooDeeplyNestedDocumentsAreRejected() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: DecodingError.self) { try tape(JSONValueProbe.self, deep) }
    }

    @Test func invalidUTF8IsAnError() {
        let bytes = Data([UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\"")])
        #expect(throws: DecodingError.self) { try TapeDecoder.decode(String.self, from: bytes) }
        #expect(throws: DecodingError.self) { try tape(String.self, #""\ud83d alone""#) }
    }

    @Test("errors carry the coding path JSONDecoder gives", arguments: [
        #"{"items":[{"id":1,"name":"a"},{"id":"two","name":"b"}]}"#,  // type mismatch deep in an array
        #"{"items":[{"id":1}]}"#,  // missing key
        #"{"items":[{"id":null,"name":"a"}]}"#,  // null for a value
        #"{"items":{"id":1}}"#,  // object where an array belongs
        #"{}"#,
    ])
    func errorPaths(_ json: String) {
        let ours = #expect(throws: DecodingError.self) { try tape(Listing.self, json) }
        let theirs = #expect(throws: DecodingError.self) { try foundation(Listing.self, json) }
        #expect(path(of: ours) == path(of: theirs))
        #expect(String(describing: ours.map(Mirror.init(reflecting:))?.children.first?.label)
                == String(describing: theirs.map(Mirror.init(reflecting:))?.children.first?.label))
    }

    @Test func badDatesDataAndURLsAreErrorsAtTheirKey() {
        #expect(path(of: #expect(throws: DecodingError.self) { try tape([String: Date].self, #"{"d":"yesterday"}"#) }) == ".d")
        #expect(path(of: #expect(throws: DecodingError.self) { try tape([String: Data].self, #"{"d":"!!!!"}"#) }) == ".d")
        #expect(path(of: #expect(throws: DecodingError.self) { try tape([Data].self, #"["abc"]"#) }) == "[0]")
    }

    @Test("base64 is read straight from the document", arguments: ["", "QQ==", "QUI=", "QUJD", "AAECAwQFBgcICQ==", "/+/+"])
    func base64(_ text: String) throws {
        #expect(try tape(Data.self, "\"\(text)\"") == Data(base64Encoded: text))
        #expect(try tape(Data.self, "\"\(text.replacingOccurrences(of: "/", with: "\\/"))\"") == Data(base64Encoded: text))
    }

    @Test func objectsOfManyMembersAndRepeatedKeys() throws {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let many = try tape([String: Int].self, "{\(members)}")
        #expect(many.count == 40 && many["k39"] == 39)
        #expect(try tape(Wide.self, "{\(members)}").k33 == 33)
        // A repeated key: the first value wins, as in JSONDecoder.
        #expect(try tape([String: Int].self, #"{"a":1,"a":2}"#) == foundation([String: Int].self, #"{"a":1,"a":2}"#))
        #expect(try tape(Wide.self, "{\(members),\"k33\":-1}").k33 == 33)
        #expect(try tape(Listing.Item.self, #"{"id":1,"name":"a","id":2}"#).id == 1)
    }

    @Test func decodersReportTheKindOfTheirValue() throws {
        let kinds = try tape([JSONValueProbe].self, #"[null, true, "s", 1, 1.5, [], {}]"#).map(\.kind)
        #expect(kinds == [.null, .bool, .string, .integer, .number, .array, .object])
    }
}

/// Records the kind the tape decoder reports.
private struct JSONValueProbe: Decodable {
    let kind: JSONKind?

    init(from decoder: any Decoder) throws {
        kind = (decoder as? any JSONKindReporting)?.jsonKind
        // Walk containers so the whole document must be read.
        if kind == .array {
            var array = try decoder.unkeyedContainer()
            while !array.isAtEnd { _ = try array.decode(JSONValueProbe.self) }
        } else if kind == .object {
            let object = try decoder.container(keyedBy: AnyKey.self)
            for key in object.allKeys { _ = try object.decode(JSONValueProbe.self, forKey: key) }
        }
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private struct Listing: Decodable, Equatable {
    struct Item: Decodable, Equatable {
        let id: Int
        let name: String
    }
    let items: [Item]
}

private struct Wide: Decodable {
    let k0: Int
    let k33: Int
}

/// One of every kind of value a cache may hold.
private struct Everything: Codable, Equatable {
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case square(side: Int, label: String?)
    }
    enum Mood: String, Codable { case calm, busy }

    var bool = true
    var string = "tab\t quote\" é 😀"
    var int = Int.min
    var int8 = Int8.max
    var int16: Int16 = -300
    var int32: Int32 = 70_000
    var int64 = Int64.max
    var uint = UInt.max
    var uint8: UInt8 = 255
    var uint16: UInt16 = 65_535
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var double = 0.1
    var float: Float = 3.25
    var missing: String?
    var present: Int? = 7
    var date = Date(timeIntervalSince1970: 1_800_000_000)
    var data = Data([0, 1, 2, 250, 255])
    var url = URL(string: "https://example.com/a?b=c")
    var decimal = Decimal(string: "12.345")
    var shapes: [Shape] = [.circle(radius: 1.5), .square(side: 2, label: nil), .square(side: 3, label: "x")]
    var moods: [String: Mood] = ["a": .calm, "b": .busy]
    var byNumber: [Int: String] = [1: "one", 22: "twenty-two"]
    var nested: [[Int?]] = [[1, nil], [], [3]]
    var empty: [String: [String]] = [:]

    static let sample = Everything()
}
