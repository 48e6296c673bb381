import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a cassette says when it records: one line per cassette, with its path relative to the package, how many
/// interactions went where, and the mode that allowed it. Plain replay says nothing. Recorded offline: a refused
/// connection, kept with `recordsTransportErrors`, is a recording.
@Suite("A cassette that records says so in one line; replay is silent")
struct SavedLineTests {
    /// Sends GET `path` to a port where nothing listens through a cassette `name` in `directory` in `mode`, and
    /// returns what closing it said it saved.
    private func record(_ name: String, _ paths: [String], in directory: URL, mode: RecordMode?,
                        environment: [String: String] = [:]) async throws -> Cassette.Ending {
        let options = CassetteOptions(record: mode, directory: .at(directory), recordsTransportErrors: true, unused: .ignore,
                                      environment: environment)
        let cassette = try Cassette(.named(name), options: options, filePath: #filePath, opener: .init(testName: "saved"))
        for path in paths {
            _ = try? await Fixture.get("http://127.0.0.1:9/\(path)", on: cassette.session)
        }
        return cassette.close(bodyError: nil)
    }

    @Test("a new file, an added recording, a replaced file, and replay")
    func eachKindOfSave() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("api/users.json").path
            let new = try await record("api/users", ["a", "b"], in: directory, mode: .once)
            #expect(new.saved == "cassette: recorded 2 interactions into \(file) (a new file; record mode \"once\")")
            let added = try await record("api/users", ["a", "b", "c"], in: directory, mode: .new)
            #expect(added.saved == "cassette: recorded 1 interaction into \(file) (added to the 2 it held; record mode \"new\")")
            let replaced = try await record("api/users", ["a"], in: directory, mode: .all)
            #expect(replaced.saved == "cassette: recorded 1 interaction into \(file) (replacing the 3 it held; record mode \"all\")")
            let replayed = try await record("api/users", ["a"], in: directory, mode: .once)
            #expect(replayed.saved == nil, "replay is silent")
            let nothingNew = try await record("api/users", ["a"], in: directory, mode: .new)
            #expect(nothingNew.saved == nil, "nothing recorded, nothing written, nothing said")
        }
    }

    @Test("a cassette recorded because it was missing and no mode was given says where the mode came from")
    func theDefaultMode() async throws {
        try await withTemporaryDirectory { directory in
            let ending = try await record("first", ["a"], in: directory, mode: nil)
            #expect(ending.saved?.hasSuffix("(a new file; record mode \"once\", the default when the file is missing and no mode is given)") == true)
            #expect(ending.failures.map(\.code) == [.recordedOnFirstRun])
        }
    }

    #if CAN_SPAWN_PROCESSES
    @Test("Cassette.use writes the line to the standard error, once per cassette, in a process of its own")
    func writtenByTheEntryPoint() async throws {
        try await withTemporaryDirectory { directory in
            var lines: [String] = []
            for _ in 1...2 {
                let child = try ChildProcess(["record", directory.path, "line", "tag", "2"], readingErrors: true)
                try await child.expectLine("opened")
                child.send("go")
                let text = await child.errorText()
                #expect(await child.wait() == 0, "\(text)")
                lines += text.split(separator: "\n").map(String.init)
            }
            let file = directory.appendingPathComponent("line.json").path
            #expect(lines == [
                "cassette: recorded 2 interactions into \(file) (a new file; record mode \"new\")",
                "cassette: recorded 2 interactions into \(file) (added to the 2 it held; record mode \"new\")",
            ])
        }
    }
    #endif

    @Test("the path is relative to the package of the test that opened the cassette, when the file is inside it")
    func relativeToThePackage() {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let inside = package.appendingPathComponent("Cassettes/AppTests/UserTests/fetches.json")
        #expect(CassetteLocation.shown(inside, filePath: #filePath) == "Cassettes/AppTests/UserTests/fetches.json")
        let outside = URL(fileURLWithPath: "/elsewhere/Cassettes/a.json")
        #expect(CassetteLocation.shown(outside, filePath: #filePath) == "/elsewhere/Cassettes/a.json")
    }
}
