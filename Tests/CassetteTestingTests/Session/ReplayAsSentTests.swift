import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request whose match key redacting did not change once answers the next request with that key without
/// redacting it first (``CassetteSession/replayAsSent(_:url:key:)``): what each request gets stays what redacting it
/// would have given.
@Suite("Replay without redacting first")
struct ReplayAsSentTests {
    /// The interaction the default rules record for `request`, answered with `body`.
    private func recorded(_ request: URLRequest, body: String) -> Interaction {
        let stored = Redaction.default.redact(RecordedRequest(request, body: request.httpBody)).stored
        return Interaction(request: stored, response: RecordedResponse(status: 200, body: Body(Data(body.utf8)), url: stored.url),
                           recordedAt: Fixture.recordedAt)
    }

    private func request(_ url: String, token: String? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    private func text(_ request: URLRequest, on session: URLSession) async -> String {
        guard let (data, _) = try? await Fixture.send(request, on: session) else { return "failed" }
        return String(decoding: data, as: UTF8.self)
    }

    @Test("every replay of a recording that echoes the request's token gives that request's own token back")
    func secretsComeBackOnEveryReplay() async throws {
        try await withTemporaryDirectory { directory in
            let tokens = ["first-2f1e0d9c8b7a", "second-6a5b4c3d2e1f", "third-9c8b7a6f5e4d"]
            try Fixture.write([recorded(request("http://api.test/headers", token: tokens[0]), body: #"{"token": "<REDACTED:authorization>"}"#)],
                              name: "echo", in: directory)
            let bodies = try await Cassette.use("echo", record: .never, options: .init(directory: .at(directory), repeatsLastResponse: true)) { session in
                var bodies: [String] = []
                for token in tokens { bodies.append(await text(request("http://api.test/headers", token: token), on: session)) }
                return bodies
            }
            #expect(bodies == tokens.map { #"{"token": "\#($0)"}"# })
        }
    }

    @Test("a URL holding a secret is matched redacted every time, between requests answered as sent")
    func secretsInTheURLAreStillRedacted() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([recorded(request("http://api.test/items?page=1"), body: "page"),
                               recorded(request("http://api.test/items?access_token=rec-0a1b2c3d4e"), body: "<REDACTED:access_token>")],
                              name: "mixed", in: directory)
            let bodies = try await Cassette.use("mixed", record: .never, options: .init(directory: .at(directory), repeatsLastResponse: true)) { session in
                var bodies: [String] = []
                for url in ["items?page=1", "items?access_token=live-1a2b3c4d", "items?page=1", "items?access_token=live-5e6f7a8b", "items?page=1"] {
                    bodies.append(await text(request("http://api.test/" + url), on: session))
                }
                return bodies
            }
            #expect(bodies == ["page", "live-1a2b3c4d", "page", "live-5e6f7a8b", "page"])
        }
    }

    @Test("a recording holding a value the rules hide answers no request, however often it is sent")
    func aRecordingHoldingASecretNeverAnswers() async throws {
        try await withTemporaryDirectory { directory in
            // As a cassette recorded with no rules (or written by hand) holds it, beside one the rules left alone.
            try Fixture.write([Fixture.interaction("http://api.test/items?page=1", body: "page"),
                               Fixture.interaction("http://api.test/items?access_token=raw-9f8e7d6c5b", body: "raw")],
                              name: "raw", in: directory)
            var bodies: [String] = []
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("raw", record: .never, options: .init(directory: .at(directory), repeatsLastResponse: true)) { session in
                    for url in ["items?page=1", "items?access_token=raw-9f8e7d6c5b", "items?page=1", "items?access_token=raw-9f8e7d6c5b"] {
                        bodies.append(await text(request("http://api.test/" + url), on: session))
                    }
                }
            }
            #expect(bodies == ["page", "failed", "page", "failed"])
            #expect(error?.message.contains("differs in: only values the redaction rules hide") == true, "\(String(describing: error))")
        }
    }

    @Test("a matcher of yours is given only stored requests, however often a request is answered")
    func customMatchersSeeOnlyRedactedRequests() async throws {
        try await withTemporaryDirectory { directory in
            let token = "live-7d6c5b4a3f2e1d0c"
            let seen = LockedBox<[String]>([])
            let byPath = RequestMatcher.custom("path") { request in
                seen.withLock { $0.append(request.header("Authorization") ?? "") }
                return String(URLParts(request.url).path)
            }
            try Fixture.write([recorded(request("http://api.test/me", token: "recorded-0f1e2d3c4b"), body: "me")], name: "custom", in: directory)
            let bodies = try await Cassette.use("custom", record: .never, matching: [.method, byPath],
                                                options: .init(directory: .at(directory), repeatsLastResponse: true)) { session in
                var bodies: [String] = []
                for _ in 0..<3 { bodies.append(await text(request("http://api.test/me", token: token), on: session)) }
                return bodies
            }
            #expect(bodies == ["me", "me", "me"])
            #expect(!seen.withLock { $0 }.contains { $0.contains(token) })
        }
    }
}
