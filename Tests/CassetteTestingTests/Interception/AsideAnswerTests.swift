import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request whose answer takes long (a large body, or a large recording not decoded yet) is answered aside: on
/// swift-corelibs-foundation, work done in a protocol's `startLoading()` holds every session of the process (a test
/// redacting a 10 MB upload stalled a stream another test was recording for 3.5 seconds, and the recording kept the
/// stall).
@Suite("Long answers are made aside")
struct AsideAnswerTests {
    private static let large = Data(repeating: UInt8(ascii: "x"), count: AsideAnswers.largeBody)

    /// While cassette "slow" works out its answer (held by a matcher until cassette "quick" has answered its own
    /// request), "quick", on another session, answers: nothing the sessions share waits for "slow".
    /// With a large request, and with a large recording still in the file (mode `never`) or decoded when the
    /// cassette opened (mode `new`, which may record).
    @Test("while one cassette answers a large request, or from a large recording, another session's request is answered",
          arguments: [(true, RecordMode.never), (false, .never), (false, .new)])
    func otherSessionsAreNotHeld(largeRequest: Bool, mode: RecordMode) async throws {
        try await withTemporaryDirectory { directory in
            let url = "http://api.test/upload"
            let body = largeRequest ? Self.large : Data("small".utf8)
            var slow = Fixture.interaction("POST", url, body: largeRequest ? "ok" : nil, requestBody: String(decoding: body, as: UTF8.self))
            if !largeRequest { slow.response?.body = Body(Self.large) }
            try Fixture.write([slow], name: "slow", in: directory)
            try Fixture.write([Fixture.interaction("http://api.test/ping", body: "pong")], name: "quick", in: directory)

            // Set once the gate holds "slow"; the test waits for it without holding a thread.
            let entered = LockedBox<(held: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
            let quickAnswered = DispatchSemaphore(value: 0)
            let waited = LockedBox<DispatchTimeoutResult?>(nil)
            // Holds the answer of "slow" (its first key worked out) until "quick" has answered, 20 seconds at most: had
            // "quick" to wait for "slow", it would be answered only when this gives up. Generous, because the queue
            // every session shares also carries other tests' inline work, which a loaded machine slows (5 seconds
            // timed out with two test runs and a profiler on two cores).
            let ranAside = LockedBox(false)
            let gate = RequestMatcher.custom("gate") { _ in
                if waited.withLock({ $0 == nil }) {
                    ranAside.withLock { $0 = DispatchQueue.getSpecific(key: AsideAnswers.key) == true }
                    entered.withLock { state in
                        state.held = true
                        defer { state.waiter = nil }
                        return state.waiter
                    }?.resume()
                    let result = quickAnswered.wait(timeout: .now() + 20)
                    waited.withLock { $0 = result }
                }
                return ""
            }
            let options = CassetteOptions(directory: .at(directory))
            async let slowAnswer: Data = Cassette.use("slow", record: mode, matching: [.method, .url, gate], options: options) { session in
                var request = URLRequest(url: URL(string: url)!)
                request.httpMethod = "POST"
                request.httpBody = body
                return try await session.data(for: request).0
            }
            await withCheckedContinuation { (held: CheckedContinuation<Void, Never>) in
                let already = entered.withLock { state in
                    if !state.held { state.waiter = held }
                    return state.held
                }
                if already { held.resume() }
            }
            let pong = try await Cassette.use("quick", record: .never, options: options) { session in
                try await Fixture.get("http://api.test/ping", on: session).0
            }
            quickAnswered.signal()
            #expect(pong == Data("pong".utf8))
            #expect(try await slowAnswer == (largeRequest ? Data("ok".utf8) : Self.large))
            #expect(waited.withLock { $0 } == .success, "the quick cassette's request waited for the slow cassette's answer")
            #expect(ranAside.withLock { $0 })
        }
    }

    @Test("small requests to a cassette of small recordings are answered at once, where the task started")
    func smallAnswersStayInline() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/ping", body: "pong")], name: "quick", in: directory)
            let onAside = LockedBox<Bool?>(nil)
            let probe = RequestMatcher.custom("probe") { _ in
                let aside = DispatchQueue.getSpecific(key: AsideAnswers.key) == true
                onAside.withLock { $0 = ($0 ?? false) || aside }
                return ""
            }
            let pong = try await Cassette.use("quick", record: .never, matching: [.url, probe],
                                              options: CassetteOptions(directory: .at(directory))) { session in
                try await Fixture.get("http://api.test/ping", on: session).0
            }
            #expect(pong == Data("pong".utf8))
            #expect(onAside.withLock { $0 } == false)
        }
    }
}
