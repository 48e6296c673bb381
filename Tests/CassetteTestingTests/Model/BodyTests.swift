import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

@Suite("Body: readable in the file, exact on replay")
struct BodyTests {
    /// Encodes a body the way a cassette file does and reads it back, with JSONDecoder and through a cassette file
    /// (the decoder `Caching` reads files with); both readings must agree.
    private func roundTrip(_ body: Body) throws -> (Body, String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(body)
        let decoded = try JSONDecoder().decode(Body.self, from: data)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let interaction = Interaction(request: RecordedRequest(method: "GET", url: "http://h/"),
                                      response: RecordedResponse(status: 200, body: body, url: "http://h/"), recordedAt: Fixture.recordedAt)
        try CassetteFile.save([interaction], to: file)
        let fromFile = try CassetteFile.load(file)?.first?.response?.body
        #expect(fromFile?.data == decoded.data)
        #expect(fromFile?.json == decoded.json)
        return (decoded, String(decoding: data, as: UTF8.self))
    }

    @Test("JSON bodies are stored inline and replay byte for byte", arguments: [
        // httpbin (Python json.dumps indent=2, ensure_ascii) with its trailing newline
        "{\n  \"args\": {\n    \"b\": \"\\u00e9\"\n  }, \n  \"url\": \"http://x/get\"\n}\n".replacingOccurrences(of: ", \n", with: ",\n"),
        // JavaScript JSON.stringify
        #"{"a":[1,2.5,true,null],"b":{"c":"d/e"}}"#,
        // Python json.dumps default separators
        #"{"a": 1, "b": [1, 2]}"#,
        // Swift JSONEncoder .prettyPrinted with escaped slashes
        "{\n  \"a\" : \"x\\/y\"\n}",
        // unicode kept as is, emoji included
        #"{"n":-12,"name":"Zoë 😀"}"#,
        "[]",
        #"[{"a":{}}]"#,
        // escapes on the writer's fast path: quote, backslash, newline, tab, and a control character
        #"{"a":"line\nbreak \"q\" \\ tab\t \u0001 end"}"#,
        // numbers at the edges: 64-bit limits, and an integer too large for them (a floating-point number)
        #"{"big":9223372036854775807,"huge":1e+30,"small":-9223372036854775808,"x":0.1,"z":[-0.5,2.5e+20]}"#,
    ])
    func jsonInline(_ text: String) throws {
        let bytes = Data(text.utf8)
        let body = Body(bytes)
        #expect(body.json != nil, "expected \(text) to be stored as JSON")
        let (decoded, file) = try roundTrip(body)
        #expect(decoded.data == bytes)
        #expect(file.contains("\"json\""))
        #expect(file.contains("\"layout\""))
    }

    @Test("JSON that would not come back byte for byte is stored as text", arguments: [
        #"{"b":1,"a":2}"#,          // keys not sorted
        #"{"a":1.0}"#,              // JSONEncoder writes 1.0 as 1
        "{\n\t\"a\": 1\n}",         // tab indentation
        #"{"a":1}   "#,             // trailing spaces
    ])
    func jsonFallsBackToText(_ text: String) throws {
        let body = Body(Data(text.utf8))
        #expect(body.json == nil)
        let (decoded, file) = try roundTrip(body)
        #expect(decoded.data == Data(text.utf8))
        #expect(file.contains("\"text\""))
    }

    @Test func binaryIsBase64() throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xFE, 0x0A])
        let (decoded, file) = try roundTrip(Body(bytes))
        #expect(decoded.data == bytes)
        #expect(file.contains("\"base64\" : \"\(bytes.base64EncodedString())\""))
    }

    @Test func plainTextIsAString() throws {
        let text = "<xml attr=\"1\">é</xml>\n"
        let (decoded, file) = try roundTrip(Body(Data(text.utf8)))
        #expect(decoded.data == Data(text.utf8))
        #expect(file.contains(#""text" : "<xml"#))
    }

    @Test func unknownLayoutIsAPreciseError() throws {
        let file = #"{"json": {"a": 1}, "layout": "indent=2 sideways"}"#
        #expect {
            try JSONDecoder().decode(Body.self, from: Data(file.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            // The layout's length, never its text: a hostile file could hold a secret there.
            return context.codingPath.map(\.stringValue) == ["layout"]
                && context.debugDescription.contains("Unknown JSON layout (17 characters, not shown)")
                && !context.debugDescription.contains("sideways")
        }
    }

    @Test func bodyWithoutAFormIsAnError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Body.self, from: Data(#"{"utf16": "x"}"#.utf8))
        }
    }

    @Test("layout words survive a round trip", arguments: [
        JSONLayout(),
        JSONLayout(indent: 2, colon: ": ", asciiOnly: true, trailingNewline: true),
        JSONLayout(colon: ": ", comma: ", "),
        JSONLayout(indent: 4, colon: " : ", escapesSlashes: true),
    ])
    func layoutWords(_ layout: JSONLayout) {
        #expect(JSONLayout(words: layout.words) == layout)
    }
}

/// A server-sent-events body is shown one event per entry, its data as JSON where it can be, and reads back as the
/// same bytes; events in any other shape stay text.
@Suite("Bodies: server-sent events in the file")
struct EventBodyTests {
    @Test("events with fields, JSON data and text data are written one per entry and read back byte for byte")
    func eventsRoundTrip() throws {
        let text = "event: delta\nid: 7\ndata: {\"a\":1,\"b\":[true]}\n\n: keep-alive\n\ndata: [DONE]\n\n"
        let body = Body(Data(text.utf8))
        guard case .events(let events) = body.form else {
            Issue.record("not shown as events: \(body.form)")
            return
        }
        #expect(events.map(\.fields) == [["event: delta", "id: 7"], [": keep-alive"], []])
        #expect(events[0].data?.json != nil && events[1].data == nil && events[2].data?.data == Data("[DONE]".utf8))
        let file = try JSONEncoder().encode(body)
        #expect(String(decoding: file, as: UTF8.self).contains(#""events""#))
        #expect(try JSONDecoder().decode(Body.self, from: file).data == Data(text.utf8))
    }

    @Test("events that would not write back exactly stay text: CRLF, two data lines, no final blank line, a data line first in no event")
    func otherShapesStayText() {
        for text in ["data: 1\r\n\r\n", "data: a\ndata: b\n\n", "data: 1\n", "data: 1\nevent: late\n\n"] {
            guard case .text = Body(Data(text.utf8)).form else {
                Issue.record("\(text.debugDescription) is not text")
                continue
            }
        }
    }

    @Test("a file's event whose data holds a line break is an error, not other bytes")
    func multilineDataIsRejected() {
        let file = #"{"events":[{"data":{"text":"a\nb"}}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Body.self, from: Data(file.utf8)) }
    }
}
