import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request the app cancelled before its response came is recorded as cancelled (see `LiveRecordingEdgesTests` for
/// the recording); these replay such a recording without a server.
@Suite("Replaying a request the app cancelled live: held open until the app cancels again")
struct CancelledRequestReplayTests {
    /// A cassette holding one answered GET of `/first`, then a GET of `/slow` the app cancelled after 0.3 s.
    private func writeCancelled(in directory: URL) throws {
        try Fixture.write([Fixture.interaction("http://api.test/first"), Fixture.failed("http://api.test/slow", URLError(.cancelled), duration: 0.3)],
                          name: "cancelled", in: directory)
    }

    /// The `URLError` a GET of `/slow` with `timeout` fails with on `session`, or `nil` when it is answered.
    private func slowFailure(timeout: TimeInterval, on session: URLSession) async -> URLError? {
        var request = URLRequest(url: URL(string: "http://api.test/slow")!)
        request.timeoutInterval = timeout
        do {
            _ = try await Fixture.send(request, on: session)
            return nil
        } catch {
            return error as? URLError
        }
    }

    @Test("the app's own cancel ends it as cancelled; nothing is delivered before, and the cassette closes cleanly")
    func heldUntilTheAppCancels() async throws {
        try await withTemporaryDirectory { directory in
            try writeCancelled(in: directory)
            let (failure, endedAt, cancelledAt) = try await Cassette.use("cancelled", record: .never,
                                                                         options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get("http://api.test/first", on: session)
                let slow = Task { () -> (URLError?, ContinuousClock.Instant) in
                    do {
                        _ = try await Fixture.get("http://api.test/slow", on: session)
                        return (nil, .now)
                    } catch {
                        return (error as? URLError, .now)
                    }
                }
                try await Task.sleep(for: .milliseconds(300))
                let cancelledAt = ContinuousClock.now
                slow.cancel()
                let (failure, endedAt) = await slow.value
                return (failure, endedAt, cancelledAt)
            }
            #expect(failure?.code == .cancelled)
            // Held, not answered at once: the app's cancel is what ended it.
            #expect(endedAt >= cancelledAt)
        }
    }

    @Test("an app that does not cancel again gets its timeout, as from a server that never answers")
    func timesOutWhenNotCancelled() async throws {
        try await withTemporaryDirectory { directory in
            try writeCancelled(in: directory)
            let failure = try await Cassette.use("cancelled", record: .never, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get("http://api.test/first", on: session)
                return await slowFailure(timeout: 0.5, on: session)
            }
            #expect(failure?.code == .timedOut)
        }
    }

    @Test("replayed at its recorded pace, a held request's timeout still counts from its start")
    func pacedTimeoutCountsFromTheStart() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.failed("http://api.test/slow", URLError(.cancelled), duration: 2.5)], name: "paced", in: directory)
            let started = ContinuousClock.now
            let failure = try await Cassette.use("paced", record: .never,
                                                 options: .init(directory: .at(directory), latency: .recorded)) { session in
                await slowFailure(timeout: 3, on: session)
            }
            #expect(failure?.code == .timedOut)
            // Not the recorded 2.5 s and then the whole timeout (5.5 s, as before); timers only come late, so the margin
            // is for a busy machine.
            #expect(ContinuousClock.now - started < .milliseconds(4_800))
        }
    }

    @Test("a cancellation recording is no bypass when the app's timeout ends it, and saves and reads back unchanged")
    func timeoutIsTheCassettesOwn() async throws {
        try await withTemporaryDirectory { directory in
            try writeCancelled(in: directory)
            let file = directory.appendingPathComponent("cancelled.json")
            let loaded = try CassetteFile.load(file) ?? []
            #expect(loaded.map { $0.failure?.isCancellation ?? false } == [false, true])
            let before = try Data(contentsOf: file)
            try CassetteFile.save(loaded, to: file)
            #expect(try Data(contentsOf: file) == before)
            let replaying = try Cassette(.named("cancelled"), options: .init(record: .never, directory: .at(directory), unused: .ignore),
                                         filePath: #filePath, testName: "t")
            #expect(replaying.close(bodyError: URLError(.timedOut)).failures.isEmpty)
        }
    }
}
