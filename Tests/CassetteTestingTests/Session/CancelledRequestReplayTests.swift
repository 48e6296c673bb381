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
                return await timedFailure("http://api.test/slow", timeout: 0.5, on: session).error
            }
            #expect(failure?.code == .timedOut)
        }
    }

    @Test("replayed at its recorded pace, a held request's timeout still counts from its start")
    func pacedTimeoutCountsFromTheStart() async throws {
        try await withTemporaryDirectory { directory in
            // Two requests held open, one recorded as cancelled after 2 s, one at once, sent together with a 3 s
            // timeout: both time out together (before, the first waited its recorded 2 s, then the whole timeout).
            // Compared with each other, not with the clock: on a busy machine both come late alike.
            try Fixture.write([Fixture.failed("http://api.test/slow", URLError(.cancelled), duration: 2),
                               Fixture.failed("http://api.test/quick", URLError(.cancelled), duration: 0)], name: "paced", in: directory)
            let (slow, quick) = try await Cassette.use("paced", record: .never,
                                                       options: .init(directory: .at(directory), latency: .recorded)) { session in
                async let slow = timedFailure("http://api.test/slow", timeout: 3, on: session)
                async let quick = timedFailure("http://api.test/quick", timeout: 3, on: session)
                return await (slow, quick)
            }
            #expect(slow.error?.code == .timedOut && quick.error?.code == .timedOut)
            #expect(abs((slow.ended - quick.ended) / .seconds(1)) < 1, "the recorded 2 s came before the timeout")
        }
    }

    /// The `URLError` a GET of `url` with `timeout` fails with on `session` (`nil` when answered), and when it ended.
    private func timedFailure(_ url: String, timeout: TimeInterval,
                              on session: URLSession) async -> (error: URLError?, ended: ContinuousClock.Instant) {
        var request = URLRequest(url: URL(string: url)!)
        request.timeoutInterval = timeout
        do {
            _ = try await Fixture.send(request, on: session)
            return (nil, .now)
        } catch {
            return (error as? URLError, .now)
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
                                         filePath: #filePath, opener: .init(testName: "t"))
            #expect(replaying.close(bodyError: URLError(.timedOut)).failures.isEmpty)
        }
    }
}
