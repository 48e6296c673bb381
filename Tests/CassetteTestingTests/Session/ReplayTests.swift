import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Replay through Cassette.use")
struct ReplayTests {
    @Test func replaysStatusHeadersAndBytes() async throws {
        try await withTemporaryDirectory { directory in
            let body = "{\n  \"ok\": true\n}\n"
            try Fixture.write([Fixture.interaction("http://api.test/items?b=2&a=1", status: 201, body: body,
                                                   headers: ["Content-Type": "application/json", "X-Trace": "t1"])],
                              name: "replay", in: directory)
            let (data, response) = try await Cassette.use("replay", record: .never, options: .init(directory: .at(directory))) { session in
                try await Fixture.get("http://api.test/items?a=1&b=2", on: session)
            }
            #expect(data == Data(body.utf8))
            #expect(response.statusCode == 201)
            #expect(response.value(forHTTPHeaderField: "X-Trace") == "t1")
            // Not redirected: the response comes from the URL the request went to, as it would live.
            #expect(response.url?.absoluteString == "http://api.test/items?a=1&b=2")
        }
    }

    @Test("a plain and a conditional GET of one URL each replay their own answer, in either order")
    func conditionalRequestsMatchTheirOwnAnswers() async throws {
        try await withTemporaryDirectory { directory in
            var plain = Fixture.interaction("http://api.test/etag/v1", body: "full")
            plain.response?.headers["ETag"] = "\"v1\""
            var conditional = Fixture.interaction("http://api.test/etag/v1", status: 304, body: nil, headers: ["ETag": "\"v1\""])
            conditional.request.headers = ["If-None-Match": "\"v1\""]
            var ranged = Fixture.interaction("http://api.test/etag/v1", status: 206, body: "fu")
            ranged.request.headers = ["range": "bytes=0-1"]
            try Fixture.write([plain, conditional, ranged], name: "conditional", in: directory)
            let statuses = try await Cassette.use("conditional", record: .never, options: .init(directory: .at(directory))) { session in
                var request = URLRequest(url: URL(string: "http://api.test/etag/v1")!)
                request.setValue("\"v1\"", forHTTPHeaderField: "if-none-match")
                let notModified = try await Fixture.send(request, on: session).1.statusCode
                request.setValue(nil, forHTTPHeaderField: "if-none-match")
                request.setValue("bytes=0-1", forHTTPHeaderField: "Range")
                let partial = try await Fixture.send(request, on: session)
                let full = try await Fixture.get("http://api.test/etag/v1", on: session)
                return [notModified, partial.1.statusCode, full.1.statusCode, full.0.count]
            }
            #expect(statuses == [304, 206, 200, 4])
        }
    }

    @Test func identicalRequestsReplayInOrderThenFailClearly() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/n", body: "1"), Fixture.interaction("http://api.test/n", body: "2")],
                              name: "order", in: directory)
            var bodies: [String] = []
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("order", record: .never, options: .init(directory: .at(directory))) { session in
                    for _ in 0..<3 {
                        if let (data, _) = try? await Fixture.get("http://api.test/n", on: session) {
                            bodies.append(String(decoding: data, as: UTF8.self))
                        }
                    }
                }
            }
            #expect(bodies == ["1", "2"])
            #expect(error?.code == .exhausted)
            #expect(error?.message.contains("recorded 2 times, and this is request #3") == true)
            #expect(error?.message.contains("CASSETTE_RECORD=new swift test --filter identicalRequestsReplayInOrderThenFailClearly") == true)
        }
    }

    @Test func repeatsLastResponseWhenAsked() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/n", body: "only")], name: "repeat", in: directory)
            let bodies = try await Cassette.use("repeat", record: .never, options: .init(directory: .at(directory), repeatsLastResponse: true)) { session in
                var bodies: [Data] = []
                for _ in 0..<3 { bodies.append(try await Fixture.get("http://api.test/n", on: session).0) }
                return bodies
            }
            #expect(bodies == Array(repeating: Data("only".utf8), count: 3))
        }
    }

    @Test func noMatchNamesTheClosestRequestsAndTheFix() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([
                Fixture.interaction("http://api.test/users/1"),
                Fixture.interaction("POST", "http://api.test/users/2", requestBody: #"{"a":1}"#),
                Fixture.interaction("http://other.test/x"),
            ], name: "nomatch", in: directory)
            let taskError = LockedBox<URLError?>(nil)
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("nomatch", record: .never, redaction: Redaction.default.redactingSecret("hunter2", as: "<PW>"), options: .init(directory: .at(directory))) { session in
                    do {
                        _ = try await Fixture.get("http://api.test/users/2?password=hunter2&q=hunter2", on: session)
                    } catch let failed as URLError {
                        taskError.withLock { $0 = failed }
                    }
                }
            }
            let message = error?.description ?? ""
            // The task's own error says what happened in one line and carries the whole report as its underlying error,
            // so a test that rethrows it does not print the report twice more.
            let failed = try #require(taskError.withLock { $0 })
            #expect(failed.code == .resourceUnavailable)
            #expect(failed.localizedDescription.contains("No recorded interaction matches GET http://api.test/users/2"))
            #expect(!failed.localizedDescription.contains("\n") && !failed.localizedDescription.contains("Closest recorded requests"))
            #expect((failed.errorUserInfo[NSUnderlyingErrorKey] as? CassetteError)?.message.contains("Closest recorded requests") == true)
            #expect(error?.code == .noMatch)
            // The literal secret is also the password item's value: one secret, under the caller's placeholder.
            #expect(message.contains("No recorded interaction matches GET http://api.test/users/2?password=%3CPW%3E&q=%3CPW%3E"))
            #expect(message.contains("#1 GET http://api.test/users/1 — differs in: url"))
            #expect(message.contains("#2 POST http://api.test/users/2 body: {\"a\":1} — differs in: method, url, body"))
            #expect(message.contains("CASSETTE_RECORD=new swift test --filter noMatchNamesTheClosestRequestsAndTheFix"))
            #expect(message.components(separatedBy: directory.appendingPathComponent("nomatch.json").path).count == 2,
                    "the file is named once")
            #expect(!message.contains("hunter2"))
        }
    }

    @Test func theBodysCaughtErrorStillFailsTheCassette() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([], name: "swallowed", in: directory)
            await #expect(throws: CassetteError.self) {
                try await Cassette.use("swallowed", record: .never, options: .init(directory: .at(directory))) { session in
                    _ = try? await Fixture.get("http://api.test/missing", on: session)
                }
            }
        }
    }

    @Test func missingCassetteInNoneModeSaysHowToRecord() async throws {
        await withTemporaryDirectory { directory in
            let error = #expect(throws: CassetteError.self) {
                try Cassette.use("absent", record: .never, options: .init(directory: .at(directory))) { _ in }
            }
            #expect(error?.code == .cassetteNotFound)
            #expect(error?.message.contains("CASSETTE_RECORD=once swift test --filter missingCassetteInNoneModeSaysHowToRecord") == true)
        }
    }

    @Test func invalidEnvironmentModeFailsBeforeTheBodyRuns() async throws {
        var ran = false
        #expect(throws: CassetteError.self) {
            try Cassette.use("x", options: .init(environment: ["CASSETTE_RECORD": "maybe"])) { _ in ran = true }
        }
        #expect(!ran)
    }

    @Test func corruptCassetteNamesTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("corrupt.json")
            try Data("{ not json".utf8).write(to: file)
            // Inside #expect's closure, #line is the macro's own line.
            let line = #line + 1
            let error = #expect(throws: CassetteError.self) {
                try Cassette.use("corrupt", record: .never, options: .init(directory: .at(directory))) { _ in }
            }
            #expect(error?.code == .unreadableCassette)
            // The call site, the file named once, where the JSON broke (as Troubleshooting.md's entry shows
            // it), one fix.
            #expect(error?.callSite?.line == line)
            #expect(error?.description.hasPrefix("CassetteTestingTests/ReplayTests.swift:\(line):") == true)
            #expect(error?.description.hasSuffix(": Cassette \(file.path): The file is not valid JSON (empty, truncated or not JSON) (Expected a key in quotes at line 1, column 3). Record the cassette again with CASSETTE_RECORD=all.") == true)
        }
    }

    @Test func synchronousFormWithCompletionHandlers() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/sync", body: "s")], name: "sync", in: directory)
            let status = try Cassette.use("sync", record: .never, options: .init(directory: .at(directory))) { (session: URLSession) -> Int in
                let done = DispatchSemaphore(value: 0)
                let result = LockedBox(-1)
                session.dataTask(with: URL(string: "http://api.test/sync")!) { _, response, _ in
                    result.withLock { $0 = (response as? HTTPURLResponse)?.statusCode ?? -1 }
                    done.signal()
                }.resume()
                done.wait()
                return result.withLock { $0 }
            }
            #expect(status == 200)
        }
    }

    @Test func configurationFormServesSessionsTheCodeBuilds() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/c", body: "c")], name: "configuration", in: directory)
            let data = try await Cassette.useConfiguration("configuration", record: .never, options: .init(directory: .at(directory))) { configuration in
                let session = URLSession(configuration: configuration)
                defer { session.finishTasksAndInvalidate() }
                return try await Fixture.get("http://api.test/c", on: session).0
            }
            #expect(data == Data("c".utf8))
        }
    }

    @Test func transportFailuresReplayAsTheSameURLError() async throws {
        try await withTemporaryDirectory { directory in
            let failing = Interaction(request: RecordedRequest(method: "GET", url: "http://api.test/down"),
                                      failure: RecordedFailure(code: URLError.cannotConnectToHost.rawValue, description: "Could not connect"),
                                      recordedAt: Fixture.recordedAt)
            try Fixture.write([failing], name: "down", in: directory)
            let error = await #expect(throws: URLError.self) {
                try await Cassette.use("down", record: .never, options: .init(directory: .at(directory))) { session in
                    try await Fixture.get("http://api.test/down", on: session)
                }
            }
            #expect(error?.code == .cannotConnectToHost)
        }
    }

    @Test("8 cassettes in parallel, 100 requests each to one URL: no cross-talk")
    func parallelCassettesNeverSeeEachOthersTraffic() async throws {
        try await withTemporaryDirectory { directory in
            for cassette in 0..<8 {
                let interactions = (0..<100).map { Fixture.interaction("http://api.test/same", body: "c\(cassette)-r\($0)") }
                try Fixture.write(interactions, name: "parallel-\(cassette)", in: directory)
            }
            try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
                for cassette in 0..<8 {
                    group.addTask {
                        let bodies = try await Cassette.use("parallel-\(cassette)", record: .never, options: .init(directory: .at(directory))) { session in
                            var bodies: [String] = []
                            for _ in 0..<100 {
                                bodies.append(String(decoding: try await Fixture.get("http://api.test/same", on: session).0, as: UTF8.self))
                            }
                            return bodies
                        }
                        return (cassette, bodies)
                    }
                }
                for try await (cassette, bodies) in group {
                    #expect(bodies == (0..<100).map { "c\(cassette)-r\($0)" })
                }
            }
        }
    }
}
