import Caching
import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A cassette that only replays reads each request's method and URL when it opens, and decodes an interaction when a
/// request with its method and URL first comes (``PendingInteraction``): what the code sees is the same, and an
/// interaction the file holds malformed still fails with the file's typed error, on the request that needs it.
@Suite("Interactions decoded when first needed")
struct PendingInteractionTests {
    /// Two recordings, the second with a response whose status is text: the file is JSON, but that entry is not an
    /// interaction.
    private static func writeBrokenSecond(in directory: URL) throws -> URL {
        try Fixture.write([Fixture.interaction("http://api.test/one", body: "1"), Fixture.interaction("http://api.test/two", body: "2")],
                          name: "broken", in: directory)
        let file = directory.appendingPathComponent("broken.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let statuses = text.components(separatedBy: "\"status\" : 200")
        try #require(statuses.count == 3)
        try (statuses[0] + "\"status\" : 200" + statuses[1] + "\"status\" : \"two hundred\"" + statuses[2]).write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("a malformed response the test never replays costs it nothing; the request that replays it fails with the file and coding path",
          arguments: [RequestMatcher.defaults, [.method, .url]])
    func malformedResponseFailsItsReplay(matchers: [RequestMatcher]) async throws {
        try await withTemporaryDirectory { directory in
            let file = try Self.writeBrokenSecond(in: directory)
            let options = CassetteOptions(directory: .at(directory), unused: .ignore)
            let first = try await Cassette.use("broken", record: .never, matching: matchers, options: options) { session in
                try await Fixture.get("http://api.test/one", on: session).0
            }
            #expect(first == Data("1".utf8))

            var requestError: URLError?
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("broken", record: .never, matching: matchers, options: options) { session in
                    do { _ = try await Fixture.get("http://api.test/two", on: session) } catch let error as URLError { requestError = error }
                }
            }
            #expect(requestError?.code == .resourceUnavailable)
            #expect(error?.code == .unreadableCassette)
            #expect(error?.cassette == file)
            #expect(error?.underlying?.codingPathDescription == "entries[1].value.response.status")
            #expect(error?.message.contains("Record the cassette again with CASSETTE_RECORD=all.") == true)
        }
    }

    @Test("a malformed request header under a method and URL no request sends costs nothing; one under the request's fails it")
    func malformedRequestFailsTheRequestThatNeedsIt() async throws {
        try await withTemporaryDirectory { directory in
            var second = Fixture.interaction("http://api.test/two", body: "2")
            second.request.headers = ["Accept": "text/plain"]
            try Fixture.write([Fixture.interaction("http://api.test/one", body: "1"), second], name: "headers", in: directory)
            let file = directory.appendingPathComponent("headers.json")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "\"Accept\" : \"text/plain\"", with: "\"Accept\" : 7").write(to: file, atomically: true, encoding: .utf8)
            let options = CassetteOptions(directory: .at(directory), unused: .ignore)
            let first = try await Cassette.use("headers", record: .never, options: options) { session in
                try await Fixture.get("http://api.test/one", on: session).0
            }
            #expect(first == Data("1".utf8))
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("headers", record: .never, options: options) { session in
                    _ = try? await Fixture.get("http://api.test/two", on: session)
                }
            }
            #expect(error?.code == .unreadableCassette)
            #expect(error?.underlying?.codingPathDescription == "entries[1].value.request.headers.Accept")
        }
    }

    @Test("a cassette that records, or has a playback hook, reads every response when it opens, as before")
    func recordingReadsEverything() async throws {
        try await withTemporaryDirectory { directory in
            _ = try Self.writeBrokenSecond(in: directory)
            let hooks = CassetteHooks(beforePlayback: { $0.response! })
            for (mode, options) in [(RecordMode.new, CassetteOptions(directory: .at(directory))),
                                    (.never, CassetteOptions(directory: .at(directory), hooks: hooks))] {
                var ran = false
                let error = #expect(throws: CassetteError.self) {
                    try Cassette.use("broken", record: mode, options: options) { _ in ran = true }
                }
                #expect(error?.code == .unreadableCassette)
                #expect(error?.underlying?.codingPathDescription == "entries[1].value.response.status")
                #expect(!ran)
            }
        }
    }

    @Test("every cassette of the repository reads the same with its interactions left in the file, and saves to the same bytes")
    func sameInteractions() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Cassettes")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".json") }
        try #require(files.count > 10)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deferred-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            for path in files {
                let file = root.appendingPathComponent(path)
                let whole = try #require(try CassetteFile.load(file))
                let deferred = try #require(try CassetteFile.load(file, deferring: true))
                #expect(deferred.allSatisfy(\.isPending) && !whole.contains(where: \.isPending), "\(path)")
                #expect(deferred.map(\.requestHead.url) == whole.map(\.request.url), "\(path)")
                // Saving encodes each interaction, decoding it first.
                let copy = directory.appendingPathComponent("copy.json")
                try CassetteFile.save(deferred, to: copy)
                #expect(try Data(contentsOf: copy) == Data(contentsOf: file), "\(path)")
                #expect(deferred == whole, "\(path)")
            }
        }
    }

    @Test("an interaction whose response does not decode is never saved without it")
    func malformedResponseIsNotSavedAway() async throws {
        try await withTemporaryDirectory { directory in
            let file = try Self.writeBrokenSecond(in: directory)
            let interactions = try #require(try CassetteFile.load(file, deferring: true))
            let copy = directory.appendingPathComponent("copy.json")
            #expect(throws: CassetteError.self) { try CassetteFile.save(interactions, to: copy) }
            #expect(!FileManager.default.fileExists(atPath: copy.path))
            #expect(throws: CassetteError.self) { try CassetteFile.decodingAll(interactions, in: file) }
        }
    }

    @Test("an interaction prints its response, however it is kept")
    func printsTheResponse() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/one", status: 203, body: "1")], name: "one", in: directory)
            let loaded = try #require(try CassetteFile.load(directory.appendingPathComponent("one.json"), deferring: true))
            let text = String(describing: try #require(loaded.first))
            #expect(text.contains("response: Optional(CassetteCore.RecordedResponse(status: 203"))
            #expect(!text.contains("pending") && !text.contains("stored"))
        }
    }
}
