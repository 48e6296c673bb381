import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Live: what each record mode writes", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveRecordModeTests {
    private func interactions(in directory: URL, _ name: String) throws -> [Interaction] {
        try CassetteFile.load(directory.appendingPathComponent(name + ".json")) ?? []
    }

    @Test func onceRecordsAMissingCassetteThenOnlyReplays() async throws {
        try await withTemporaryDirectory { directory in
            try await Cassette.use("once", record: .once, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get(TestServer.httpbin.url("/get?n=1"), on: session)
            }
            #expect(try interactions(in: directory, "once").map(\.request.url) == [TestServer.httpbin.url("/get?n=1")])
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("once", record: .once, options: .init(directory: .at(directory))) { session in
                    _ = try await Fixture.get(TestServer.httpbin.url("/get?n=1"), on: session)
                    _ = try await Fixture.get(TestServer.httpbin.url("/get?n=2"), on: session)
                }
            }
            #expect(error?.code == .noMatch)
        }
    }

    @Test func newKeepsWhatMatchesAndAppendsWhatDoesNot() async throws {
        try await withTemporaryDirectory { directory in
            try await Cassette.use("new", record: .all, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get(TestServer.httpbin.url("/uuid"), on: session)
            }
            let first = try interactions(in: directory, "new")
            try await Cassette.use("new", record: .new, options: .init(directory: .at(directory))) { session in
                let replayed = try await Fixture.get(TestServer.httpbin.url("/uuid"), on: session).0
                #expect(replayed == first.first?.response?.body?.data, "a matching request is replayed, not re-sent")
                _ = try await Fixture.get(TestServer.httpbin.url("/get?added=1"), on: session)
            }
            let second = try interactions(in: directory, "new")
            #expect(second.map(\.request.url) == [TestServer.httpbin.url("/uuid"), TestServer.httpbin.url("/get?added=1")])
            #expect(second.first == first.first)
        }
    }

    @Test func allReplacesTheFileAndKeepsUnchangedExchangesAsTheyWere() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("all.json")
            try await Cassette.use("all", record: .all, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get(TestServer.httpbin.url("/json"), on: session)
                _ = try await Fixture.get(TestServer.httpbin.url("/get?old=1"), on: session)
            }
            let before = try Data(contentsOf: file)
            try await Task.sleep(for: .seconds(1.1))
            try await Cassette.use("all", record: .all, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get(TestServer.httpbin.url("/json"), on: session)
            }
            let after = try interactions(in: directory, "all")
            #expect(after.map(\.request.url) == [TestServer.httpbin.url("/json")], "the old interaction is gone, not appended to")
            let old = try decodeInteractions(before)
            #expect(after.first == old.first, "an unchanged exchange keeps its recording date and Date header")
        }
    }

    @Test("20 concurrent recordings on one session, three times over, each answer reaching its own request")
    func concurrentRecordingsOnOneSession() async throws {
        try await withTemporaryDirectory { directory in
            for round in 0..<3 {
                let answers = try await Cassette.use("concurrent-\(round)", record: .all, options: .init(directory: .at(directory))) { session in
                    try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                        for index in 0..<20 {
                            group.addTask {
                                let (data, _) = try await Fixture.get(TestServer.httpbin.url("/get?n=\(index)"), on: session)
                                let echo = try JSONDecoder().decode([String: JSONValue].self, from: data)
                                guard case .object(let args)? = echo["args"], case .string(let n)? = args["n"] else { return (index, nil) }
                                return (index, n)
                            }
                        }
                        return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
                    }
                }
                #expect(answers.count == 20)
                for (index, echoed) in answers { #expect(echoed == String(index)) }
                let saved = try interactions(in: directory, "concurrent-\(round)")
                #expect(saved.count == 20)
            }
        }
    }

    @Test func aThrowingBodySavesNothingUnlessAsked() async throws {
        struct Boom: Error {}
        try await withTemporaryDirectory { directory in
            await #expect(throws: Boom.self) {
                try await Cassette.use("throws", record: .all, options: .init(directory: .at(directory))) { session in
                    _ = try await Fixture.get(TestServer.httpbin.url("/get"), on: session)
                    throw Boom()
                }
            }
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("throws.json").path))
            await #expect(throws: Boom.self) {
                try await Cassette.use("throws", record: .all, options: .init(directory: .at(directory), savesOnError: true)) { session in
                    _ = try await Fixture.get(TestServer.httpbin.url("/get"), on: session)
                    throw Boom()
                }
            }
            let saved = try interactions(in: directory, "throws")
            #expect(saved.count == 1)
        }
    }

    /// The interactions a cassette file's bytes hold.
    private func decodeInteractions(_ data: Data) throws -> [Interaction] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-\(UUID().uuidString).json")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try CassetteFile.load(file) ?? []
    }
}
