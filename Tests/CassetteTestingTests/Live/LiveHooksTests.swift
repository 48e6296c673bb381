import Foundation
import Locking
import Testing
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The beforeRecord hook, recording from the real httpbin.
@Suite("Live: the beforeRecord hook", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveHooksTests {
    @Test("runs once per recording, may drop or edit it, redaction runs after it, and the test still sees the real response")
    func editsAndDropsBeforeStoring() async throws {
        try await withTemporaryDirectory { directory in
            let calls = LockedBox(0)
            let hooks = CassetteHooks(beforeRecord: { interaction in
                calls.withLock { $0 += 1 }
                if interaction.request.url.contains("drop=1") { return nil }
                var kept = interaction
                // A volatile value normalised, and a secret added after the request was sent: redaction sees it.
                if interaction.request.path == "/uuid" {
                    kept.response?.body = Body(Data(#"{"uuid": "00000000-0000-0000-0000-000000000000"}"#.utf8))
                }
                kept.request.headers["X-Api-Key"] = "hook-added-secret-value"
                kept.recordedAt = Date(timeIntervalSince1970: 1_700_000_000)
                return kept
            })
            let live = try await Cassette.use("hooked", record: .all, options: .init(directory: .at(directory), hooks: hooks)) { session in
                let (uuid, _) = try await Fixture.get(TestServer.httpbin.url("/uuid"), on: session)
                _ = try await Fixture.get(TestServer.httpbin.url("/get?drop=1"), on: session)
                _ = try await Fixture.get(TestServer.httpbin.url("/get?keep=1"), on: session)
                return String(decoding: uuid, as: UTF8.self)
            }
            #expect(!live.contains("00000000-0000-0000-0000-000000000000"), "the test sees the real response")
            #expect(calls.withLock { $0 } == 3)
            let file = directory.appendingPathComponent("hooked.json")
            let saved = try #require(try CassetteFile.load(file))
            #expect(saved.map(\.request.path) == ["/uuid", "/get"])
            #expect(saved.allSatisfy { $0.request.header("X-Api-Key") == "<REDACTED:x-api-key>" })
            #expect(saved.allSatisfy { $0.recordedAt == Date(timeIntervalSince1970: 1_700_000_000) })
            #expect(!String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("hook-added-secret-value"))
            // Replay serves what the hook stored.
            let replayed = try await Cassette.use("hooked", record: .never, options: .init(directory: .at(directory), unused: .ignore)) { session in
                try await Fixture.get(TestServer.httpbin.url("/uuid"), on: session).0
            }
            #expect(String(decoding: replayed, as: UTF8.self).contains("00000000-0000-0000-0000-000000000000"))
        }
    }

    @Test("a secret the hook removed from the request is still redacted where the response echoes it")
    func removedSecretStaysSecret() async throws {
        try await withTemporaryDirectory { directory in
            let token = "hook-removed-token-8d1f"
            let hooks = CassetteHooks(beforeRecord: { interaction in
                var kept = interaction
                kept.request.headers = kept.request.headers.filter { $0.key.lowercased() != "authorization" }
                return kept
            })
            try await Cassette.use("echoed", record: .all, options: .init(directory: .at(directory), hooks: hooks)) { session in
                var request = URLRequest(url: URL(string: TestServer.httpbin.url("/bearer"))!)
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                let (data, _) = try await Fixture.send(request, on: session)
                #expect(String(decoding: data, as: UTF8.self).contains(token), "httpbin echoes the token")
            }
            let text = try String(contentsOf: directory.appendingPathComponent("echoed.json"), encoding: .utf8)
            #expect(!text.contains(token))
            #expect(text.contains("<REDACTED:authorization>"))
        }
    }
}
