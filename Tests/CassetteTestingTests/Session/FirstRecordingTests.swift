import Foundation
import Testing
@testable import CassetteCore
@testable import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A cassette recorded only because it was missing, with no record mode chosen anywhere, is saved and fails its test
/// once: a test run whose environment never reached the tests (`xcodebuild test` drops `CI`) does not pass on the
/// network unnoticed. Recorded offline: a refused connection, kept with `recordsTransportErrors`, is a recording.
@Suite("A first recording that nobody asked for fails once, then replays")
struct FirstRecordingTests {
    /// Nothing listens on port 9 of the loopback interface: every request is refused, offline or not.
    private static let refused = "http://127.0.0.1:9/first"

    /// Sends one request through a cassette `name` in `directory`, with no `CASSETTE_RECORD` and no `CI`.
    private func send(_ name: String, in directory: URL, record: RecordMode? = nil,
                      environment: [String: String] = [:]) throws {
        try Cassette.use(.named(name), record: record, options: .init(directory: .at(directory), recordsTransportErrors: true,
                                                              environment: environment)) { session in
            let done = DispatchSemaphore(value: 0)
            session.dataTask(with: URL(string: Self.refused)!) { _, _, _ in done.signal() }.resume()
            done.wait()
        }
    }

    @Test("with no mode in code, no CASSETTE_RECORD and no CI: saved, the test fails once, the next run replays")
    func recordedByDefaultFailsOnce() async throws {
        try await withTemporaryDirectory { directory in
            let first = #expect(throws: CassetteError.self) { try send("first", in: directory) }
            #expect(first?.code == .recordedOnFirstRun)
            #expect(first?.message.hasPrefix("Recorded 1 interaction(s) into a new cassette because it was missing and no record mode was given") == true)
            #expect(first?.message.contains("CASSETTE_RECORD=once, or record: .once") == true)
            #expect(first?.cassette?.lastPathComponent == "first.json")
            let interactions = try LoadedCassette("first", directory: directory).interactions
            #expect(interactions.count == 1)
            // The same test again replays what was saved, and passes.
            try send("first", in: directory)
        }
    }

    @Test("a mode given explicitly, in code or in the environment, records and passes", arguments: [
        (RecordMode?.some(.once), [String: String]()),
        (nil, ["CASSETTE_RECORD": "once"]),
        (nil, ["CASSETTE_RECORD": "new"]),
        (RecordMode?.some(.all), [:]),
    ])
    func explicitModesPass(record: RecordMode?, environment: [String: String]) async throws {
        try await withTemporaryDirectory { directory in
            try send("explicit", in: directory, record: record, environment: environment)
            #expect(try LoadedCassette("explicit", directory: directory).interactions.count == 1)
        }
    }

    @Test("which resolutions are the default's: automatic with neither CASSETTE_RECORD nor CI")
    func defaultResolution() throws {
        #expect(try RecordMode.automatic.resolution(in: [:]).mode == .once)
        #expect(try RecordMode.automatic.resolution(in: [:]).isDefault == true)
        #expect(try RecordMode.automatic.resolution(in: ["CI": "false"]).mode == .once)
        #expect(try RecordMode.automatic.resolution(in: ["CI": "false"]).isDefault == true)
        #expect(try RecordMode.automatic.resolution(in: ["CI": "true"]).mode == .never)
        #expect(try RecordMode.automatic.resolution(in: ["CI": "true"]).isDefault == false)
        #expect(try RecordMode.automatic.resolution(in: ["CASSETTE_RECORD": "once"]).mode == .once)
        #expect(try RecordMode.automatic.resolution(in: ["CASSETTE_RECORD": "once"]).isDefault == false)
        #expect(try RecordMode.once.resolution(in: [:]).mode == .once)
        #expect(try RecordMode.once.resolution(in: [:]).isDefault == false)
    }

    static let firstRun = ExpectedIssues { ($0.error as? CassetteError)?.code == .recordedOnFirstRun }

    @Test("under the trait the first recording is one issue at the test, and the file is saved", firstRun.trait)
    func traitReportsTheFirstRecording() async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            try await CassetteTrait.cassette("first", options: .init(directory: .at(directory), recordsTransportErrors: true, environment: [:]))
                .provideScope(for: test, testCase: Test.Case.current) {
                    let session = try #require(Cassette.current).session
                    _ = try? await Fixture.get(Self.refused, on: session)
                }
            #expect(try LoadedCassette("first", directory: directory).interactions.count == 1)
        }
        #expect(Self.firstRun.issues.map(\.sourceLocation) == [test.sourceLocation])
    }
}
