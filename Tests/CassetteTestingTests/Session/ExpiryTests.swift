import Foundation
import Testing
@testable import CassetteCore

/// Expiry, judged by an injected clock.
@Suite("Expired recordings")
struct ExpiryTests {
    private static let day: TimeInterval = 86_400
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// `/fresh` expires in a day, `/stale` a day ago (both counted from `start`), `/forever` never.
    private func write(in directory: URL) throws {
        var fresh = Fixture.interaction("http://api.test/fresh", body: "fresh")
        fresh.expiresAt = Self.start.addingTimeInterval(Self.day)
        var stale = Fixture.interaction("http://api.test/stale", body: "stale")
        stale.expiresAt = Self.start.addingTimeInterval(-Self.day)
        try Fixture.write([fresh, stale, Fixture.interaction("http://api.test/forever", body: "forever")], name: "dated", in: directory)
    }

    private func open(_ directory: URL, mode: RecordMode, expiry: Expiry?, at now: Date) throws(CassetteError) -> Cassette {
        var options = CassetteOptions()
        options.record = mode
        options.directory = .at(directory)
        options.expiry = expiry
        options.unused = .ignore
        options.now = { now }
        return try Cassette("dated", options: options.overridden(by: CassetteOptions(environment: [:])), filePath: #filePath, opener: .init(testName: "expiry"))
    }

    @Test("an interaction's expiry is its cache entry's expiration in the file, read back as expiresAt")
    func storedAsTheEntryLifetime() async throws {
        try await withTemporaryDirectory { directory in
            try write(in: directory)
            let text = try String(contentsOf: directory.appendingPathComponent("dated.json"), encoding: .utf8)
            #expect(text.contains(#""expires" : "2027-01-16T08:00:00Z""#), "\(text.prefix(400))")
            let loaded = try LoadedCassette("dated", directory: directory).interactions
            #expect(loaded.map(\.expiresAt) == [Self.start.addingTimeInterval(Self.day), Self.start.addingTimeInterval(-Self.day), nil])
        }
    }

    @Test("mode none with otherwise: .fail refuses to open, naming each expired recording and the command that renews it")
    func failRefusesToOpen() async throws {
        try await withTemporaryDirectory { directory in
            try write(in: directory)
            let error = #expect(throws: CassetteError.self) {
                try open(directory, mode: .never, expiry: .after(days: 30, otherwise: .fail), at: Self.start)
            }
            #expect(error?.code == .expiredRecordings)
            #expect(error?.message.contains("1 recording(s) are past their expiry") == true)
            #expect(error?.message.contains("#2 GET http://api.test/stale (expired 2027-01-14T08:00:00Z)") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("CASSETTE_RECORD=new swift test --filter expiry") == true)
            // The injected clock decides: two days earlier, nothing has expired yet.
            let earlier = try open(directory, mode: .never, expiry: .after(days: 30, otherwise: .fail), at: Self.start.addingTimeInterval(-2 * Self.day))
            #expect(earlier.close(bodyError: nil).warnings.isEmpty)
        }
    }

    @Test("mode none with the default .warn replays an expired recording, and says so when it closes")
    func warnReplaysAndSaysSo() async throws {
        try await withTemporaryDirectory { directory in
            try write(in: directory)
            let cassette = try open(directory, mode: .never, expiry: nil, at: Self.start)
            let (data, _) = try await cassette.makeCurrent { try await Fixture.get("http://api.test/stale", on: cassette.session) }
            #expect(String(decoding: data, as: UTF8.self) == "stale")
            let ending = cassette.close(bodyError: nil)
            #expect(ending.failures.isEmpty)
            #expect(ending.warnings.map(\.code) == [.expiredRecordings])
            // After two more days the fresh one has expired too.
            let later = try open(directory, mode: .never, expiry: nil, at: Self.start.addingTimeInterval(2 * Self.day))
            #expect(later.close(bodyError: nil).warnings.first?.message.contains("2 recording(s)") == true)
        }
    }

    @Test("a mode that may record does not replay an expired recording: its request goes to the network")
    func recordingModesDoNotReplayExpired() async throws {
        try await withTemporaryDirectory { directory in
            try write(in: directory)
            let cassette = try open(directory, mode: .once, expiry: nil, at: Self.start)
            let (fresh, _) = try await cassette.makeCurrent { try await Fixture.get("http://api.test/fresh", on: cassette.session) }
            #expect(String(decoding: fresh, as: UTF8.self) == "fresh")
            // No server answers api.test: the expired request was sent for real, and failed in transport.
            await #expect(throws: URLError.self) {
                try await cassette.makeCurrent { try await Fixture.get("http://api.test/stale", on: cassette.session) }
            }
            let ending = cassette.close(bodyError: nil)
            #expect(ending.failures.map(\.code) == [.transportError])
            #expect(ending.warnings.isEmpty)
        }
    }
}
