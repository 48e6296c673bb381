import Foundation
import Testing
@testable import CassetteCore

/// Where the rules reach besides a message's own headers, URL and body fields: `headers` objects echoed in JSON
/// bodies, JSON held in JSON strings, URLs held in query values several levels deep, multipart bodies that no
/// `Content-Type` announces, the JSON data of server-sent events. `cassette verify` reports exactly what redaction would change, so it finds these too.
@Suite("Redaction: echoed headers, JSON in strings, nested URLs, unannounced multipart")
struct RedactionReachTests {
    @Test("a headers object at any depth, its name in any case, holds the secret headers of a message")
    func headersObjectsInJSON() throws {
        let body = #"{"echo":{"HEADERS":{"Cookie":"k=cookie-value-123","Authorization":"Bearer body-bearer-456","Accept":"*/*"}}}"#
        let request = RecordedRequest(method: "POST", url: "http://h/echo", body: Body(Data(body.utf8)))
        let response = RecordedResponse(
            status: 200, body: Body(Data(#"{"headers":{"X-Auth-Token":"server-token-789012","X-Other":"plain-value-345678"}}"#.utf8)),
            url: "http://h/echo")
        let stored = recorded(request, response)
        #expect(bodyText(stored.request.body)
            == #"{"echo":{"HEADERS":{"Cookie":"k=<REDACTED:cookie-k>","Authorization":"Bearer <REDACTED:authorization>","Accept":"*/*"}}}"#)
        #expect(bodyText(stored.response.body) == #"{"headers":{"X-Auth-Token":"REDACTED_x-auth-token_1","X-Other":"plain-value-345678"}}"#)
        // Header names count only in a `headers` object: elsewhere `Cookie` is an ordinary key.
        let plain = RecordedRequest(method: "POST", url: "http://h/", body: Body(Data(#"{"Cookie":"k=not-a-header-1"}"#.utf8)))
        #expect(Redaction.default.redact(plain).stored == plain)
    }

    @Test("JSON held in a JSON string is read for secret keys and headers, and replay restores the bytes")
    func jsonInAString() throws {
        let body = #"{"payload":"{\"refresh_token\": \"rt-0123456789\", \"n\": 1}","list":["[{\"api_key\":\"ak-in-array-42\"}]"]}"#
        let request = RecordedRequest(method: "POST", url: "http://h/", body: Body(Data(body.utf8)))
        let response = RecordedResponse(status: 200, body: Body(Data(#"{"data":"{\"access_token\":\"fresh-access-0001\"}"}"#.utf8)),
                                        url: "http://h/")
        let stored = recorded(request, response)
        #expect(!bodyText(stored.request.body).contains("rt-0123456789") && !bodyText(stored.request.body).contains("ak-in-array-42"))
        #expect(bodyText(stored.response.body) == #"{"data":"{\"access_token\":\"REDACTED_access_token_1\"}"}"#)
        #expect(stored.secrets.secret(for: "rt-0123456789")?.origin == .jsonKey("refresh_token"))
        // Echoed, the request body replays as live.
        let echo = RecordedResponse(status: 200, body: stored.request.body, url: "http://h/")
        #expect(bodyText(stored.secrets.restoringSecrets(in: echo).body) == body)
    }

    @Test("the JSON data of each server-sent event is read for secret keys, as a JSON body is, and the stream's pieces follow")
    func serverSentEvents() throws {
        let events = ["event: session\ndata: {\"access_token\": \"sse-token-0001\", \"n\": 1}\n\n",
                      "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\r\n\r\n", "data: [DONE]\n\n"]
        let response = RecordedResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: Body(Data(events.joined().utf8)),
                                        url: "http://h/chat", stream: RecordedStream(head: 0, chunks: events.map { .init(at: 0.1, size: $0.utf8.count) }))
        let stored = recorded(RecordedRequest(method: "GET", url: "http://h/chat"), response)
        let text = bodyText(stored.response.body)
        #expect(!text.contains("sse-token-0001") && text.contains(#""access_token": "REDACTED_access_token_1""#), "\(text)")
        #expect(text.hasSuffix("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\r\n\r\ndata: [DONE]\n\n"))
        // Each stored piece still holds its whole event: the placeholder's length changed only the first.
        let storedBody = stored.response.body?.data ?? Data()
        var offset = 0
        let pieces = (stored.response.stream?.chunks ?? []).map { chunk -> String in
            defer { offset += chunk.size }
            return String(decoding: storedBody[offset..<offset + chunk.size], as: UTF8.self)
        }
        #expect(pieces.count == 3 && pieces[0].hasPrefix("event: session") && pieces[0].hasSuffix("\n\n") && pieces[2] == "data: [DONE]\n\n", "\(pieces)")
        #expect(pieces.joined() == text)
        #expect(EventStream.eventData(in: Data("data: a\ndata: b\n\n: comment\ndatum: x\ndata\n\ndata: cut".utf8))
            == [Data("a\nb".utf8), Data()])
    }

    @Test("the event a stream ended inside, with no blank line after it, is read for secret keys too")
    func theLastUnterminatedEvent() throws {
        let body = "data: {\"n\": 1}\n\ndata: {\"access_token\": \"sse-token-0002\"}"
        let response = RecordedResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: Body(Data(body.utf8)),
                                        url: "http://h/chat", stream: RecordedStream(head: 0, chunks: [.init(at: 0.1, size: body.utf8.count)],
                                                                                     end: .failed(code: URLError.networkConnectionLost.rawValue)))
        let text = bodyText(recorded(RecordedRequest(method: "GET", url: "http://h/chat"), response).response.body)
        #expect(!text.contains("sse-token-0002") && text.contains(#""access_token": "REDACTED_access_token_1""#), "\(text)")
    }

    @Test("URLs held in query values are read four levels deep, in a request's URL and a response's Location")
    func nestedQueries() throws {
        let url = "http://h/?a=1?b=2?c=3?d=4?token=depth-four-123&e=1?f=2?g=3?h=4?i=5?token=depth-five-123"
        let (stored, _) = Redaction.default.redact(RecordedRequest(method: "GET", url: url))
        #expect(!stored.url.contains("depth-four-123"))
        #expect(stored.url.contains("depth-five-123"), "the fifth level is not read: the cost stays linear")
        let next = "https%3A%2F%2Fother.test%2Fcb%3Fsignature%3Dsig-abcdef123%23top"
        let response = RecordedResponse(status: 302, headers: ["Location": "http://h/login?next=\(next)"], url: "http://h/")
        let recorded = recorded(RecordedRequest(method: "GET", url: "http://h/"), response)
        #expect(recorded.response.headers["Location"] == "http://h/login?next=https%3A%2F%2Fother.test%2Fcb%3Fsignature%3DREDACTED_signature_1%23top")
    }

    @Test("a multipart body no Content-Type announces is read by the boundary of its first line")
    func multipartWithoutContentType() throws {
        let body = "--BOUNDARY\r\nContent-Disposition: form-data; name=\"client_secret\"\r\n\r\ncs-0123456789\r\n--BOUNDARY\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n--BOUNDARY--\r\n"
        let (stored, _) = Redaction.default.redact(RecordedRequest(method: "POST", url: "http://h/", body: Body(Data(body.utf8))))
        #expect(bodyText(stored.body) == body.replacingOccurrences(of: "cs-0123456789", with: "<REDACTED:client_secret>"))
        // A text that only starts with two dashes is read as it was before: here, as form fields.
        let form = RecordedRequest(method: "POST", url: "http://h/", body: Body(Data("--x&password=pw-0123456789".utf8)))
        #expect(bodyText(Redaction.default.redact(form).stored.body) == "--x&password=%3CREDACTED:password%3E")
    }
}

/// Redacting what recording stored changes nothing: values that are placeholders (`<REDACTED:token>`,
/// `REDACTED_token_3`, `<BOUNDARY>`) are no secrets. `cassette verify` relies on it: a change is a finding.
@Suite("Redaction: the committed cassettes are redacted already")
struct RedactionIdempotenceTests {
    static let cassettes = CassetteLocation.packageRoot(containing: #filePath).appendingPathComponent("Cassettes")

    static var files: [URL] {
        let paths = FileManager.default.enumerator(atPath: cassettes.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".json") }.sorted().map { cassettes.appendingPathComponent($0) }
    }

    @Test("there are committed cassettes to check")
    func cassettesAreFound() {
        #expect(Self.files.count >= 30, "\(Self.cassettes.path)")
    }

    @Test("redacting a committed cassette again changes nothing", arguments: files)
    func redactingAgainChangesNothing(_ file: URL) throws {
        let interactions = try #require(try CassetteFile.load(file))
        let again = Redaction.default.redacting(interactions)
        for (position, pair) in zip(interactions, again).enumerated() where pair.0 != pair.1 {
            Issue.record("\(file.lastPathComponent) #\(position + 1) changes when redacted again")
        }
    }
}
