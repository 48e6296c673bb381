import Caching
import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A cassette that only replays decodes a response when it is first replayed (``StoredResponse``): what the code
/// sees is the same, and a response the file holds malformed still fails with the file's typed error, on the
/// request that replays it.
@Suite("Responses decoded when first replayed")
struct DeferredResponseTests {
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

    @Test("a malformed response the test never replays costs it nothing; the request that replays it fails with the file and coding path")
    func malformedResponseFailsItsReplay() async throws {
        try await withTemporaryDirectory { directory in
            let file = try Self.writeBrokenSecond(in: directory)
            let options = CassetteOptions(directory: .at(directory), unused: .ignore)
            let first = try await Cassette.use("broken", record: .never, options: options) { session in
                try await Fixture.get("http://api.test/one", on: session).0
            }
            #expect(first == Data("1".utf8))

            var requestError: URLError?
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("broken", record: .never, options: options) { session in
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

    @Test("every cassette of the repository reads the same with its responses left in the file, and saves to the same bytes")
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
                let deferred = try #require(try CassetteFile.load(file, deferringResponses: true))
                #expect(deferred.contains { $0.storedResponse.isDeferred } == whole.contains { $0.response != nil }, "\(path)")
                // Saving encodes each response, decoding it first.
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
            let interactions = try #require(try CassetteFile.load(file, deferringResponses: true))
            let copy = directory.appendingPathComponent("copy.json")
            #expect(throws: CassetteError.self) { try CassetteFile.save(interactions, to: copy) }
            #expect(!FileManager.default.fileExists(atPath: copy.path))
            #expect(throws: CassetteError.self) { try CassetteFile.decodingResponses(of: interactions, in: file) }
        }
    }

    @Test("an interaction prints its response, however it is kept")
    func printsTheResponse() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/one", status: 203, body: "1")], name: "one", in: directory)
            let loaded = try #require(try CassetteFile.load(directory.appendingPathComponent("one.json"), deferringResponses: true))
            let text = String(describing: try #require(loaded.first))
            #expect(text.contains("response: Optional(CassetteCore.RecordedResponse(status: 203"))
            #expect(!text.contains("storedResponse"))
        }
    }
}
