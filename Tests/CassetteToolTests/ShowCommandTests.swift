@testable import CassetteCore
import Foundation
import Testing

/// `cassette show`: the stored body's length, and why it differs from the `Content-Length` the response was sent with.
@Suite struct ShowCommandTests {
    private static let url = "http://127.0.0.1:8765/bearer"
    private static let token = "demo-bearer-6b1f0c2e9d"

    /// A response as the server sent it: `body`, and its headers with `Content-Length`.
    private static func sent(_ body: Data, headers: [String: String] = [:], length: Int? = nil,
                             stream: RecordedStream? = nil) -> Interaction {
        Interaction(request: RecordedRequest(method: "GET", url: url, headers: ["Authorization": "Bearer \(token)"]),
                    response: RecordedResponse(status: 200, headers: ["Content-Type": "application/json",
                                                                      "Content-Length": String(length ?? body.count)]
                                                   .merging(headers) { $1 },
                                               body: Body(body), url: url, stream: stream),
                    recordedAt: Date(timeIntervalSince1970: 1_795_392_000))
    }

    /// The line `show` prints for the response of the one interaction of `interactions`, saved as the file is.
    private static func summary(of interactions: [Interaction]) throws -> (line: String, stored: Int) {
        try ToolSandbox.with { sandbox in
            let file = sandbox.file("Cassettes/shown.json")
            try CassetteFile.save(interactions, to: file)
            let stored = try #require(try CassetteFile.load(file)?.first?.response?.body?.data.count)
            let run = sandbox.run(["show", "shown"])
            #expect(run.status == 0, "\(run.errors)")
            let line = run.output.split(separator: "\n").first { $0.hasPrefix("    → 200") }
            return (line.map(String.init) ?? run.output, stored)
        }
    }

    @Test("httpbin's /bearer echoes the token, which redaction replaces by a placeholder of another length")
    func redactedEcho() throws {
        let body = Data("{\n  \"authenticated\": true, \n  \"token\": \"\(Self.token)\"\n}\n".utf8)
        let (line, stored) = try Self.summary(of: Redaction.default.redacting([Self.sent(body)]))
        #expect(stored != body.count, "the placeholder should have another length than the token")
        #expect(line == "    → 200 application/json, \(stored) bytes (Content-Length \(body.count) as sent; redaction placeholders or a beforeRecord hook changed the stored body's length)")
    }

    @Test("a compressed response: Content-Length counts the encoded body, the cassette stores it decoded")
    func encoded() throws {
        let body = Data(#"{"gzipped":true,"headers":{"Accept":"application/json"}}"#.utf8)
        let (line, _) = try Self.summary(of: [Self.sent(body, headers: ["Content-Encoding": "gzip"], length: 40)])
        #expect(line == "    → 200 application/json, \(body.count) bytes (Content-Length 40 as sent, gzip-encoded; the body is stored decoded)")
    }

    @Test("a body cut short is shorter than its Content-Length")
    func cutShort() throws {
        let body = Data("data: one\n\n".utf8)
        let stream = RecordedStream(head: 0.01, chunks: [.init(at: 0.02, size: body.count)], end: .failed(code: URLError.networkConnectionLost.rawValue))
        let (line, _) = try Self.summary(of: [Self.sent(body, length: 100, stream: stream)])
        #expect(line == "    → 200 application/json, \(body.count) bytes (Content-Length 100 as sent; the body was cut short)")
    }

    @Test("lengths that agree get no note")
    func agreeing() throws {
        let body = Data(#"{"authenticated":true}"#.utf8)
        #expect(try Self.summary(of: [Self.sent(body)]).line == "    → 200 application/json, \(body.count) bytes")
    }
}
