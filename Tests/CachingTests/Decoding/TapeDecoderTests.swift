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

    @Test("a quote, backslash, control character or non-ASCII byte at any place of a long string reads as JSONDecoder reads it")
    func stringsReadWordAtATime() throws {
        let specials: [[UInt8]] = [[0x22], [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x34, 0x31], [0x5C, 0x71], [0x1F], [0x00], [0x20],
                                   [0x7F], [0x80], Array("é".utf8), Array("😀".utf8), [0x5B], [0x5C, 0x5C]]
        for special in specials {
            for place in 0..<26 {
                var bytes = [UInt8(ascii: "\"")] + [UInt8](repeating: UInt8(ascii: "a"), count: place) + special
                bytes += [UInt8](repeating: UInt8(ascii: "b"), count: 25 - place) + [UInt8(ascii: "\"")]
                let data = Data(bytes)
                let ours = Result { try TapeDecoder.decode(String.self, from: data) }
                let theirs = Result { try JSONDecoder.cacheDecoder.decode(String.self, from: data) }
                switch (ours, theirs) {
                case (.success(let a), .success(let b)): #expect(a == b, "\(bytes)")
                case (.failure, .failure): break
                default: Issue.record("\(bytes): ours \(ours), JSONDecoder \(theirs)")
                }
            }
        }
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

    @Test func objectsOfManyMembers() throws {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let many = try tape([String: Int].self, "{\(members)}")
        #expect(many.count == 40 && many["k39"] == 39)
        #expect(try tape(Wide.self, "{\(members)}").k33 == 33)
        // A repeated key is an error (where JSONDecoder takes the first value): see RepeatedKeyTests.
        #expect(throws: DecodingError.self) { try tape(Wide.self, "{\(members),\"k33\":-1}") }
    }

    @Test("an array element that fails to decode can be tried again as another type")
    func failedElementsAreNotConsumed() throws {
        let json = #"[1,"7",true,3]"#
        #expect(try tape(Lenient.self, json).values == foundation(Lenient.self, json).values)
        #expect(try tape(Lenient.self, json).values == [1, 7, -2, 3])
    }

    @Test func aDecoderKeptPastDecodingReadsNothing() throws {
        let kept = try tape(Keeper.self, #"{"a":"hello"}"#)
        let key = try #require(AnyKey(stringValue: "a"))
        let error = #expect(throws: DecodingError.self) { try kept.decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: key) }
        guard case .dataCorrupted(let context)? = error else { return }
        #expect(context.debugDescription.contains("after decoding ended"))
    }

    @Test("UTF-8 with a byte order mark, UTF-16 and UTF-32 read as the same document in UTF-8", arguments: [
        String.Encoding.utf8, .utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian, .utf16, .utf32,
    ])
    func encodings(_ encoding: String.Encoding) throws {
        let text = #"{"a":["é",1]}"#
        var data = try #require(text.data(using: encoding))
        if encoding == .utf8 { data = Data([0xEF, 0xBB, 0xBF]) + data }
        let expected = try JSONDecoder().decode([String: [StringOrInteger]].self, from: Data(text.utf8))
        #expect(try TapeDecoder.decode([String: [StringOrInteger]].self, from: data) == expected)
    }

    @Test func numbersBeyondTheTypeAreErrorsAndIntegersConvertExactly() throws {
        let outOfRange: [(String, any Decodable.Type)] = [("1e400", Double.self), ("-1e400", Double.self), ("1e-400", Double.self),
                                                        ("1e-50", Float.self), ("1e39", Float.self)]
        for (json, type) in outOfRange {
            #expect(throws: DecodingError.self) { _ = try TapeDecoder.decode(type, from: Data(json.utf8)) }
            #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(type, from: Data(json.utf8)) }
        }
        #expect(try tape(Double.self, "0e-400") == 0)
        for json in ["9007199254740993.0", "1e2", "-3.000", "12.5e1", "0.0", "-0.0e5"] {
            #expect(try tape(Int64.self, json) == foundation(Int64.self, json))
        }
        #expect(try tape(Int64.self, "922337203685477580.7e1") == .max)  // exact, where JSONDecoder gives up
        for json in ["1.5", "1e-1", "1e19", "1e999999999999999999999"] {
            #expect(throws: DecodingError.self) { try tape(Int64.self, json) }
        }
    }

    @Test func keysCompareAsSwiftStringsDo() throws {
        // The key is "é" precomposed; the file spells it decomposed, escaped and raw.
        let escaped = #"{"e\u0301":1}"#
        #expect(try tape(Accented.self, escaped).é == foundation(Accented.self, escaped).é)
        #expect(try tape(Accented.self, "{\"e\u{301}\":2}").é == 2)
    }

    @Test func unreadableKeysAreErrorsEvenWhenNotAskedFor() {
        let json = #"{"\udc00":1,"k0":2,"k33":3}"#
        #expect(throws: DecodingError.self) { try tape(Wide.self, json) }
        #expect(throws: DecodingError.self) { try foundation(Wide.self, json) }
    }

    @Test("every value is checked on parsing, even one never decoded (stricter than JSONDecoder)")
    func brokenValuesAnywhereAreReported() {
        #expect(throws: DecodingError.self) { try tape(Wide.self, #"{"k0":1,"k33":2,"x":01}"#) }
    }

    @Test func nullWhereAValueBelongsIsValueNotFoundAsInJSONDecoder() {
        for json in [#"{"items":null}"#, #"{"items":[null]}"#] {
            let ours = #expect(throws: DecodingError.self) { try tape(Listing.self, json) }
            let theirs = #expect(throws: DecodingError.self) { try foundation(Listing.self, json) }
            #expect(path(of: ours) == path(of: theirs))
            if case .valueNotFound? = ours, case .valueNotFound? = theirs { continue }
            Issue.record("expected valueNotFound from both, got \(String(describing: ours)) and \(String(describing: theirs))")
        }
        let date = #expect(throws: DecodingError.self) { try tape([Date].self, "[null]") }
        guard case .valueNotFound(let type, _)? = date else { Issue.record("expected valueNotFound"); return }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Date.self))
    }

    @Test func decodeNilAtTheEndOfAnArrayThrows() throws {
        #expect(throws: DecodingError.self) { try tape(NilAtEnd.self, "[]") }
        #expect(throws: DecodingError.self) { try foundation(NilAtEnd.self, "[]") }
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

/// Reads each element as an Int, else a String holding one, else a Bool (-2), as lossy decoding code does.
private struct Lenient: Decodable {
    let values: [Int]

    init(from decoder: any Decoder) throws {
        var array = try decoder.unkeyedContainer()
        var values: [Int] = []
        while !array.isAtEnd {
            if let number = try? array.decode(Int.self) {
                values.append(number)
            } else if let text = try? array.decode(String.self) {
                values.append(Int(text) ?? -1)
            } else {
                _ = try array.decode(Bool.self)
                values.append(-2)
            }
        }
        self.values = values
    }
}

/// Keeps its decoder, which JSONDecoder allows.
private final class Keeper: Decodable {
    let decoder: any Decoder
    init(from decoder: any Decoder) throws { self.decoder = decoder }
}

private struct NilAtEnd: Decodable {
    init(from decoder: any Decoder) throws {
        var array = try decoder.unkeyedContainer()
        _ = try array.decodeNil()
    }
}

private struct Accented: Decodable {
    let é: Int
}

/// A string or an integer, compared by value.
private enum StringOrInteger: Decodable, Equatable {
    case string(String), integer(Int)

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) { self = .string(text) } else { self = .integer(try single.decode(Int.self)) }
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
