import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording mistakes are loud and save nothing: a server that is down, a body that never used its session,
/// two cassettes recording one file.
@Suite("Recording mistakes fail loudly and save nothing")
struct RecordingMistakesTests {
    /// Nothing listens on port 9 of the loopback interface: every request is refused, offline or not.
    private static let refused = "http://127.0.0.1:9/down?api_key=key-123456"

    @Test("a missing cassette names the command that records it; a mode set in code is named, as the variable cannot override it")
    func missingCassetteNamesItsFix() async {
        await withTemporaryDirectory { directory in
            let fromCI = #expect(throws: CassetteError.self) {
                try Cassette.use("absent", options: .init(directory: .at(directory), environment: ["CI": "true"])) { _ in }
            }
            #expect(fromCI?.code == .cassetteNotFound)
            #expect(fromCI?.message.hasSuffix("Record it with: CASSETTE_RECORD=once swift test --filter missingCassetteNamesItsFix") == true)
            let inCode = #expect(throws: CassetteError.self) {
                try Cassette.use("absent", record: .never, options: .init(directory: .at(directory))) { _ in }
            }
            #expect(inCode?.message.hasSuffix("""
                Record it with: CASSETTE_RECORD=once swift test --filter missingCassetteNamesItsFix, after setting the \
                test's record: .never back to .automatic (CASSETTE_RECORD does not override a mode set in code)
                """) == true, "\(inCode?.message ?? "")")
        }
    }

    @Test("a transport error while recording fails use and writes no file")
    func transportErrorSavesNothing() async {
        await withTemporaryDirectory { directory in
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("down", record: .all, options: .init(directory: .at(directory))) { session in
                    // The task gets the network's own error, as it would live.
                    let refused = try? await Fixture.get(Self.refused, on: session)
                    #expect(refused == nil)
                }
            }
            #expect(error?.code == .transportError)
            #expect(error?.message.contains("options: .init(recordsTransportErrors: true)") == true)
            #expect(error?.description.contains("key-123456") == false)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("down.json").path))
        }
    }

    @Test("asked to, a cassette records the transport error and replays it")
    func transportErrorRecordedWhenAsked() async throws {
        try await withTemporaryDirectory { directory in
            try await Cassette.use("down", record: .all, options: .init(directory: .at(directory), recordsTransportErrors: true)) { session in
                let refused = try? await Fixture.get(Self.refused, on: session)
                #expect(refused == nil)
            }
            let replayed = await #expect(throws: URLError.self) {
                try await Cassette.use("down", record: .never, options: .init(directory: .at(directory))) { session in
                    try await Fixture.get(Self.refused, on: session)
                }
            }
            #expect(replayed?.code == .cannotConnectToHost)
        }
    }

    @Test("a body that sends nothing through its session records nothing, and says why")
    func nothingRecorded() async {
        await withTemporaryDirectory { directory in
            let error = #expect(throws: CassetteError.self) {
                try Cassette.use("empty", record: .once, options: .init(directory: .at(directory))) { _ in }
            }
            #expect(error?.code == .nothingRecorded)
            #expect(error?.message.contains("URLSession.shared") == true)
            #expect(error?.message.contains("A WebSocket task never reaches a cassette") == true)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("empty.json").path))
        }
    }

    @Test("re-recording with nothing sent leaves the old file as it was")
    func nothingRecordedKeepsTheOldFile() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a")], name: "kept", in: directory)
            let file = directory.appendingPathComponent("kept.json")
            let before = try Data(contentsOf: file)
            #expect(throws: CassetteError.self) {
                try Cassette.use("kept", record: .all, options: .init(directory: .at(directory))) { _ in }
            }
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test("a second cassette that would record the same file fails, naming it; replay-only cassettes share")
    func oneWriterPerFile() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a")], name: "shared", in: directory)
            let file = directory.appendingPathComponent("shared.json")
            // A recording cassette is open: another one on the file, recording or not, fails.
            try await Cassette.use("shared", record: .new, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get("http://api.test/a", on: session)
                for mode in [RecordMode.never, .new, .all] {
                    let error = #expect(throws: CassetteError.self) {
                        try Cassette.use("shared", record: mode, options: .init(directory: .at(directory))) { _ in }
                    }
                    #expect(error?.code == .alreadyOpen)
                    #expect(error?.cassette?.path == file.path)
                }
            }
            // Two that only replay share the file.
            try await Cassette.use("shared", record: .never, options: .init(directory: .at(directory))) { outer in
                try await Cassette.use("shared", record: .never, options: .init(directory: .at(directory))) { inner in
                    _ = try await Fixture.get("http://api.test/a", on: inner)
                }
                _ = try await Fixture.get("http://api.test/a", on: outer)
            }
            // Closed cassettes give up their claim.
            try await Cassette.use("shared", record: .new, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get("http://api.test/a", on: session)
            }
        }
    }
}
