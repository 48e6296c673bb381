import Foundation
import Testing
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Replay's waits are checked from below only (a wait at least this long): never an upper bound on a busy machine.
@Suite("Replay latency")
struct ReplayLatencyTests {
    private func slowCassette(_ name: String, duration: TimeInterval?, in directory: URL) throws {
        var interaction = Fixture.interaction("http://api.test/slow", body: "late")
        interaction.duration = duration
        try Fixture.write([interaction], name: name, in: directory)
    }

    private func elapsed(_ body: () async throws -> Void) async rethrows -> TimeInterval {
        let start = Date()
        try await body()
        return Date().timeIntervalSince(start)
    }

    @Test("the delay each latency gives a recording")
    func delays() {
        #expect(ReplayLatency.immediate.delay(recorded: 2) == 0)
        #expect(ReplayLatency.recorded.delay(recorded: 2) == 2)
        #expect(ReplayLatency.recorded.delay(recorded: nil) == 0)
        #expect(ReplayLatency.recorded(scaledBy: 0.25).delay(recorded: 2) == 0.5)
        #expect(ReplayLatency.recorded(scaledBy: -1).delay(recorded: 2) == 0)
        #expect(ReplayLatency.fixed(0.3).delay(recorded: nil) == 0.3)
    }

    @Test("recorded and fixed latency wait before the answer, which is the recorded one")
    func waitsThenAnswers() async throws {
        try await withTemporaryDirectory { directory in
            try slowCassette("slow", duration: 0.4, in: directory)
            for (latency, least) in [(ReplayLatency.recorded, 0.4), (.recorded(scaledBy: 0.5), 0.2), (.fixed(0.3), 0.3)] {
                let seconds = try await elapsed {
                    try await Cassette.use("slow", record: .never, options: .init(directory: .at(directory), latency: latency)) { session in
                        let (data, response) = try await Fixture.get("http://api.test/slow", on: session)
                        #expect(String(decoding: data, as: UTF8.self) == "late" && response.statusCode == 200)
                    }
                }
                #expect(seconds >= least, "\(latency)")
            }
        }
    }

    @Test("a wait as long as the timeout (the request's own, or its session's timeoutIntervalForRequest) ends in URLError.timedOut then",
          arguments: [true, false])
    func timesOut(setOnRequest: Bool) async throws {
        try await withTemporaryDirectory { directory in
            try slowCassette("slow", duration: 30, in: directory)
            let seconds = try await elapsed {
                try await Cassette.useConfiguration("slow", record: .never, options: .init(directory: .at(directory), unused: .ignore, latency: .recorded)) { configuration in
                    var request = URLRequest(url: URL(string: "http://api.test/slow")!)
                    if setOnRequest { request.timeoutInterval = 0.3 } else { configuration.timeoutIntervalForRequest = 0.3 }
                    let session = URLSession(configuration: configuration)
                    defer { session.finishTasksAndInvalidate() }
                    let error = await #expect(throws: URLError.self) { try await Fixture.send(request, on: session) }
                    #expect(error?.code == .timedOut)
                    #expect(error?.failingURL?.absoluteString == "http://api.test/slow")
                }
            }
            #expect(seconds >= 0.3)
            #expect(seconds < 20, "the recorded 30 s were cut short by the timeout")
        }
    }

    @Test("a task cancelled while replay waits fails as cancelled, and the late answer never arrives")
    func cancelWhileWaiting() async throws {
        try await withTemporaryDirectory { directory in
            try slowCassette("slow", duration: nil, in: directory)
            // The wait is long enough that the cancel comes first even on a busy machine (the whole suite runs in
            // parallel on two cores: a 100 ms sleep has overslept half a second there).
            try await Cassette.use("slow", record: .never, options: .init(directory: .at(directory), latency: .fixed(2))) { session in
                let task = Task { try await Fixture.get("http://api.test/slow", on: session) }
                try await Task.sleep(for: .milliseconds(100))
                task.cancel()
                let error = await #expect(throws: URLError.self) { try await task.value }
                #expect(error?.code == .cancelled)
                // Outlive the wait: the stopped protocol must not call its client.
                try await Task.sleep(for: .milliseconds(2100))
            }
        }
    }

    @Test("a recording's duration is stored in seconds and read back; files without one still load")
    func durationRoundTrips() async throws {
        try await withTemporaryDirectory { directory in
            try slowCassette("timed", duration: 0.123, in: directory)
            try slowCassette("untimed", duration: nil, in: directory)
            let timed = try String(contentsOf: directory.appendingPathComponent("timed.json"), encoding: .utf8)
            #expect(timed.contains(#""duration" : 0.123"#))
            let untimed = try String(contentsOf: directory.appendingPathComponent("untimed.json"), encoding: .utf8)
            #expect(!untimed.contains("duration"))
            #expect(try LoadedCassette("timed", directory: directory).interactions.first?.duration == 0.123)
            #expect(try LoadedCassette("untimed", directory: directory).interactions.first?.duration == nil)
        }
    }
}
