import Foundation
import Testing
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Mode drift against the real httpbin: recordings the hook altered play the part of an API that moved since.
@Suite("Live: drift check", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveDriftTests {
    private let paths = ["/json", "/get?changed=1", "/get?same=1"]

    /// Records `paths`; `alter` makes the recordings of /json and /get?changed differ from what httpbin answers. The
    /// cassette is the calling test's (`function`), which opens it again.
    private func record(in directory: URL, alter: Bool, function: String = #function) async throws {
        let hooks = CassetteHooks(beforeRecord: { interaction in
            guard alter else { return interaction }
            var altered = interaction
            if interaction.request.path == "/json", let body = interaction.response?.body,
               case .object(var root)? = JSONValue(parsing: body.data), case .object(var show)? = root["slideshow"] {
                show["writer"] = show.removeValue(forKey: "author")
                show["title"] = .integer(1)
                root["slideshow"] = .object(show)
                altered.response?.body = Body(JSONValue.object(root).serialized(in: JSONLayout()))
            }
            if interaction.request.url.contains("changed=1") {
                altered.response?.status = 201
                altered.response?.headers["Content-Type"] = "text/plain; charset=utf-8"
            }
            return altered
        })
        try await Cassette.use("api", record: .all, options: .init(directory: .at(directory), hooks: hooks), function: function) { session in
            for path in paths { _ = try await Fixture.get(TestServer.httpbin.url(path), on: session) }
        }
    }

    @Test("a changed answer is reported per request: status, media type and JSON shape; the file is not touched")
    func driftIsReported() async throws {
        try await withTemporaryDirectory { directory in
            try await record(in: directory, alter: true)
            let file = directory.appendingPathComponent("api.json")
            let before = try Data(contentsOf: file)
            var statuses: [Int] = []
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("api", record: .drift, options: .init(directory: .at(directory))) { session in
                    for path in paths + ["/get?unrecorded=1"] {
                        statuses.append(try await Fixture.get(TestServer.httpbin.url(path), on: session).1.statusCode)
                    }
                }
            }
            #expect(statuses == [200, 200, 200, 200], "the code under test gets the live answers")
            let message = error?.message ?? ""
            #expect(error?.code == .drift)
            #expect(message.contains("GET \(TestServer.httpbin.url("/json")) (recording #1) drifted: $.slideshow.author: new live (string); $.slideshow.title: recorded number, live string; $.slideshow.writer: recorded string, missing live."), "\(message)")
            #expect(message.contains("(recording #2) drifted: status: recorded 201, live 200; Content-Type: recorded text/plain, live application/json."), "\(message)")
            #expect(message.contains("GET \(TestServer.httpbin.url("/get?unrecorded=1")) drifted: no recorded interaction matches this request."), "\(message)")
            #expect(!message.contains("same=1"), "an unchanged answer is not reported")
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test("an unchanged API passes the check")
    func noDrift() async throws {
        try await withTemporaryDirectory { directory in
            try await record(in: directory, alter: false)
            try await Cassette.use("api", record: .drift, options: .init(directory: .at(directory))) { session in
                for path in paths { _ = try await Fixture.get(TestServer.httpbin.url(path), on: session) }
            }
        }
    }

    @Test("a value the server hands out and a later request sends back matches in the check as in recording")
    func learnedValuesMatch() async throws {
        try await withTemporaryDirectory { directory in
            let rules = Redaction.default.redactingJSONKeys("uuid")
            let flow: @Sendable (URLSession) async throws -> Void = { session in
                let (data, _) = try await Fixture.get(TestServer.httpbin.url("/uuid"), on: session)
                let uuid = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])["uuid"] ?? ""
                _ = try await Fixture.get(TestServer.httpbin.url("/anything/\(uuid)"), on: session)
            }
            try await Cassette.use("learned", record: .all, redaction: rules, options: .init(directory: .at(directory))) { try await flow($0) }
            // A new uuid live: it must stand in for the recorded placeholder, and never show in a message.
            try await Cassette.use("learned", record: .drift, redaction: rules, options: .init(directory: .at(directory))) { try await flow($0) }
        }
    }
}
