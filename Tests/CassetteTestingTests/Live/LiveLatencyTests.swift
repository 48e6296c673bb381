import Foundation
import Testing
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording keeps how long the real exchange took, and replay can take that long again.
@Suite("Live: recorded durations and replay latency", .enabled(if: LiveServer.isRunning, LiveServer.skipMessage))
struct LiveLatencyTests {
    @Test("a slow endpoint's recording keeps its duration, and .recorded replays it at least that slowly")
    func slowEndpoint() async throws {
        try await withTemporaryDirectory { directory in
            let url = LiveServer.url("/delay/1")
            try await Cassette.use("slow", mode: .all, directory: directory) { session in
                _ = try await Fixture.get(url, on: session)
            }
            let duration = try #require(try LoadedCassette("slow", directory: directory).interactions.first?.duration)
            #expect(duration >= 1 && duration < 30, "\(duration)")
            let start = Date()
            try await Cassette.use("slow", mode: .none, directory: directory, latency: .recorded) { session in
                let (data, response) = try await Fixture.get(url, on: session)
                #expect(response.statusCode == 200 && !data.isEmpty)
            }
            #expect(Date().timeIntervalSince(start) >= duration)
        }
    }
}
