import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The promise, as a table: for each case the same client code runs live (a plain session, no cassette), while
/// recording, and while replaying (`none` mode: no recorder exists, so nothing can reach the network), and what it
/// observed (status, headers, body, final URL, error, cookies in its session's storage, a downloaded file) is the
/// same, or differs only as the case's documented difference says (see ReplayComparedWithLive.md).
@Suite("Live: live = record = replay", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveFidelityTests {
    @Test(arguments: FidelityCase.all)
    func sameObservations(_ fidelityCase: FidelityCase) async {
        await withTemporaryDirectory { directory in
            let live = await fidelityCase.run(.ephemeral)
            let recording = await observe(fidelityCase, mode: .all, in: directory)
            // The cases' password, in a header, a body, a URL's user information or its path (a delegate's
            // credential for httpbin's /basic-auth/demo/<password>), never reaches the file.
            let file = (try? Data(contentsOf: directory.appendingPathComponent("fidelity.json"))) ?? Data()
            #expect(file.firstOffset(of: Data(FidelityCase.password.utf8)) == nil, "the password reached the cassette")
            // A task the platform does not let a cassette serve records nothing; replay it from an empty cassette,
            // to see that it fails the same way there.
            if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("fidelity.json").path) {
                try? Fixture.write([], name: "fidelity", in: directory)
            }
            let replay = await observe(fidelityCase, mode: .never, in: directory)
            if let difference = fidelityCase.documentedDifference {
                #expect(difference.check(live, recording, replay), "\(difference.why)\nlive:\n  \(live)\nrecording:\n  \(recording)\nreplay:\n  \(replay)")
            } else {
                #expect(recording == live, "recording differs from live")
                #expect(replay == live, "replay differs from live")
            }
        }
    }

    /// The same cases replayed from a HAR file: the recording exported (as `cassette export-har` does) and replayed
    /// with `Cassette.useConfiguration(.har())` shows the code what replaying the cassette shows it; and importing that
    /// HAR file gives back the cassette file byte for byte.
    @Test(arguments: FidelityCase.all)
    func sameObservationsFromHAR(_ fidelityCase: FidelityCase) async throws {
        try await withTemporaryDirectory { directory in
            _ = await observe(fidelityCase, mode: .all, in: directory)
            let file = directory.appendingPathComponent("fidelity.json")
            guard let recorded = try CassetteFile.load(file) else { return }
            let har = directory.appendingPathComponent("fidelity.har")
            try HTTPArchive.encoded(recorded).write(to: har)
            let replay = await observe(fidelityCase, mode: .never, in: directory)
            let fromHAR: Observation
            do {
                fromHAR = try await Cassette.useConfiguration(.har(har), redaction: fidelityCase.redaction) { configuration in
                    await fidelityCase.run(configuration)
                }
            } catch {
                Issue.record("replaying the HAR file failed: \(error)")
                return
            }
            #expect(fromHAR == replay, "HAR replay differs from cassette replay\nreplay:\n  \(replay)\nHAR:\n  \(fromHAR)")
            let imported = directory.appendingPathComponent("imported.json")
            try CassetteFile.save(fidelityCase.redaction.redacting(try HTTPArchive.interactions(contentsOf: har).interactions), to: imported)
            #expect(try Data(contentsOf: imported) == Data(contentsOf: file), "cassette → HAR → cassette changed the file")
        }
    }

    /// What the case observed through a cassette in `mode`; a `CassetteError` thrown by `use` counts as its error.
    private func observe(_ fidelityCase: FidelityCase, mode: RecordMode, in directory: URL) async -> Observation {
        do {
            return try await Cassette.useConfiguration("fidelity", record: mode, redaction: fidelityCase.redaction, options: .init(directory: .at(directory), recordsTransportErrors: fidelityCase.recordsTransportErrors)) { configuration in
                await fidelityCase.run(configuration)
            }
        } catch let error as CassetteError {
            var observation = Observation(notes: [error.description], session: URLSession(configuration: .ephemeral))
            observation.error = "CassetteError \(error.code)"
            return observation
        } catch {
            return Observation(notes: ["\(error)"], session: URLSession(configuration: .ephemeral))
        }
    }
}
