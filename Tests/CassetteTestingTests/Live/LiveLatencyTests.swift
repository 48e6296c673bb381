import Foundation
import Testing
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording keeps how long the real exchange took, and replay can take that long again.
@Suite("Live: recorded durations and replay latency", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveLatencyTests {
    @Test("a slow endpoint's recording keeps its duration, and .recorded replays it at least that slowly")
    func slowEndpoint() async throws {
        try await withTemporaryDirectory { directory in
            let url = TestServer.httpbin.url("/delay/1")
            try await Cassette.use("slow", record: .all, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get(url, on: session)
            }
            let duration = try #require(try LoadedCassette("slow", directory: directory).interactions.first?.duration)
            #expect(duration >= 1 && duration < 30, "\(duration)")
            let start = Date()
            try await Cassette.use("slow", record: .never, options: .init(directory: .at(directory), latency: .recorded)) { session in
                let (data, response) = try await Fixture.get(url, on: session)
                #expect(response.statusCode == 200 && !data.isEmpty)
            }
            #expect(Date().timeIntervalSince(start) >= duration)
        }
    }
}

/// Expired recordings are recorded again from the real server.
@Suite("Live: expired recordings are recorded again", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveExpiryTests {
    private func open(_ directory: URL, mode: RecordMode, at now: Date) throws(CassetteError) -> Cassette {
        var options = CassetteOptions()
        options.record = mode
        options.directory = .at(directory)
        options.expiry = .after(60)
        options.now = { now }
        return try Cassette("expiring", options: options.overridden(by: CassetteOptions(environment: [:])), filePath: #filePath, opener: .init(testName: "expiring"))
    }

    @Test("after its expiry, mode once records the request again and the expired recording leaves the file")
    func recordsAgain() async throws {
        try await withTemporaryDirectory { directory in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let url = TestServer.httpbin.url("/uuid")
            for (now, mode) in [(start, RecordMode.all), (start.addingTimeInterval(30), .once), (start.addingTimeInterval(120), .once)] {
                let cassette = try open(directory, mode: mode, at: now)
                _ = try await cassette.makeCurrent { try await Fixture.get(url, on: cassette.session) }
                #expect(cassette.close(bodyError: nil).failures.isEmpty)
                let saved = try #require(try CassetteFile.load(directory.appendingPathComponent("expiring.json")))
                #expect(saved.count == 1)
                // Recorded at `start`, still valid 30 s later, recorded again (so renewed) after 120 s.
                let recordedAt = now == start.addingTimeInterval(30) ? start : now
                #expect(saved.first?.recordedAt == recordedAt)
                #expect(saved.first?.expiresAt == recordedAt.addingTimeInterval(60))
            }
        }
    }
}
