import Foundation
import Testing
@testable import CassetteCore

@Suite("Loaded cassettes and decoding checks")
struct LoadedCassetteTests {
    private struct User: Decodable {
        let id: Int
        let name: String
        let tags: [String]
    }

    private func interaction(_ path: String, status: Int = 200, body: String?) -> Interaction {
        let url = "http://api.test\(path)"
        return Interaction(request: RecordedRequest(method: "GET", url: url),
                           response: RecordedResponse(status: status, headers: ["Content-Type": "application/json"],
                                                      body: body.map { Body(Data($0.utf8)) }, url: url),
                           recordedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// A cassette of users: one good, one with a wrong element, one without a name, a 404, a transport failure and
    /// a body that is not JSON.
    private func users() -> [Interaction] {
        [interaction("/users/1", body: #"{"id":1,"name":"Ada","tags":["a"]}"#),
         interaction("/users/2", body: #"{"id":2,"name":"Bo","tags":["a",3]}"#),
         interaction("/users/3", body: #"{"id":3,"tags":[]}"#),
         interaction("/users/4", status: 404, body: #"{"error":"not found"}"#),
         Interaction(request: RecordedRequest(method: "GET", url: "http://api.test/users/5"),
                     failure: RecordedFailure(URLError(.timedOut), description: "timed out"),
                     recordedAt: Date(timeIntervalSince1970: 1_800_000_000)),
         interaction("/users/6", body: "<html>maintenance</html>"),
         interaction("/health", body: #"{"ok":true}"#)]
    }

    @Test("a cassette loads by name as a value holding its interactions, requests and responses")
    func loadsByName() async throws {
        try await withTemporaryDirectory { directory in
            try CassetteFile.save(users(), to: directory.appendingPathComponent("api/users.json"))
            let cassette = try LoadedCassette("api/users", directory: directory)
            #expect(cassette.name == "api/users")
            #expect(cassette.file.lastPathComponent == "users.json")
            #expect(cassette.interactions.map(\.request.path) == ["/users/1", "/users/2", "/users/3", "/users/4", "/users/5", "/users/6", "/health"])
            #expect(cassette.interactions.compactMap(\.response?.status) == [200, 200, 200, 404, 200, 200])
            #expect(cassette.interactions[4].failure != nil)
            let byFile = try LoadedCassette(file: cassette.file)
            #expect(byFile.name == "users")
            #expect(byFile.interactions == cassette.interactions)
        }
    }

    @Test("a missing cassette is an error naming its file")
    func missingCassette() async throws {
        await withTemporaryDirectory { directory in
            let error = #expect(throws: CassetteError.self) { try LoadedCassette("absent", directory: directory) }
            #expect(error?.code == .cassetteNotFound)
            #expect(error?.cassette?.lastPathComponent == "absent.json")
        }
    }

    @Test("decoding reports each failing body with its interaction and coding path; 2xx responses by default")
    func decodingReportsCodingPaths() async throws {
        try await withTemporaryDirectory { directory in
            try CassetteFile.save(users(), to: directory.appendingPathComponent("users.json"))
            let cassette = try LoadedCassette("users", directory: directory)
            let check = cassette.decoding(User.self) { LoadedCassette.succeeded($0) && $0.request.path.hasPrefix("/users/") }
            #expect(check.checked == 4)
            #expect(check.failures.map(\.interaction) == [2, 3, 6])
            #expect(check.failures.map(\.codingPath) == ["tags[1]", "name", ""])
            #expect(check.failures.map(\.request) == ["GET http://api.test/users/2", "GET http://api.test/users/3", "GET http://api.test/users/6"])
            #expect(check.failures[2].reason.hasPrefix("The body is not valid JSON"))
            #expect(check.description.contains("users.json: interaction 2 (GET http://api.test/users/2): at tags[1]: Expected String"))
            // The default picks every 2xx response, the health check included; the 404 and the failure never.
            #expect(cassette.decoding(User.self).checked == 5)
        }
    }

    @Test("a server-sent-events body is decoded event by event, [DONE] skipped, a failure naming its event")
    func decodingEvents() async throws {
        struct Chunk: Decodable {
            struct Choice: Decodable { struct Delta: Decodable { let content: String }; let delta: Delta }
            let choices: [Choice]
        }
        try await withTemporaryDirectory { directory in
            let body = #"data: {"choices":[{"delta":{"content":"Hel"}}]}"# + "\n\n" + #"data: {"choices":[{"delta":{}}]}"# + "\n\ndata: [DONE]\n\n"
            try CassetteFile.save([Fixture.interaction("http://api.test/chat", body: body, headers: ["Content-Type": "text/event-stream"])],
                                  to: directory.appendingPathComponent("chat.json"))
            let check = try LoadedCassette("chat", directory: directory).decoding(Chunk.self)
            #expect(check.checked == 2)
            #expect(check.failures.map(\.codingPath) == ["event 2: choices[0].delta.content"])
        }
    }

    @Test("every cassette under a folder, in the order of their names, hidden files skipped")
    func allUnderAFolder() async throws {
        try await withTemporaryDirectory { directory in
            let good = [interaction("/users/1", body: #"{"id":1,"name":"Ada","tags":[]}"#)]
            try CassetteFile.save(good, to: directory.appendingPathComponent("b/nested/one.json"))
            try CassetteFile.save(users(), to: directory.appendingPathComponent("b/two.json"))
            try CassetteFile.save(good, to: directory.appendingPathComponent("a.json"))
            try Data("not a cassette".utf8).write(to: directory.appendingPathComponent("b/.two.json.123.tmp"))
            try Data().write(to: directory.appendingPathComponent("b/notes.txt"))
            #expect(try LoadedCassette.all(directory: directory).map(\.name) == ["a", "b/nested/one", "b/two"])
            let folder = try LoadedCassette.all(under: "b/", directory: directory)
            #expect(folder.map(\.name) == ["b/nested/one", "b/two"])
            let check = folder.decoding(User.self) { $0.request.path.hasPrefix("/users/") && LoadedCassette.succeeded($0) }
            #expect(check.checked == 5)
            #expect(check.failures.map { "\($0.cassette.lastPathComponent)#\($0.interaction)" } == ["two.json#2", "two.json#3", "two.json#6"])
            #expect(throws: CassetteError.self) { try LoadedCassette.all(under: "../elsewhere", directory: directory) }
        }
    }

    @Test("a JSON file under the folder that is not a cassette is an error naming it")
    func strayJSONFile() async throws {
        try await withTemporaryDirectory { directory in
            try Data(#"{"hello":"world"}"#.utf8).write(to: directory.appendingPathComponent("stray.json"))
            let error = #expect(throws: CassetteError.self) { try LoadedCassette.all(directory: directory) }
            #expect(error?.code == .unreadableCassette)
            #expect(error?.cassette?.lastPathComponent == "stray.json")
        }
    }
}
