import Foundation
import Locking
import Testing
@testable import CassetteCore
@testable import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A cassette with `scope: .process` answers what the code sends through `URLSession.shared`, one such cassette at a
/// time; session-scoped cassettes beside it keep their own answers. Offline: the recordings' host does not exist, so an
/// answer proves the cassette gave it. These tests share the process's shared session and its one process scope:
/// `.serialized`, as GettingStarted.md advises for such suites. What the shared session does outside a process scope
/// runs in a process of its own (`SharedSessionCaptureTests`): there it would be reported to every cassette other tests
/// have open.
@Suite("The process scope: URLSession.shared through a cassette", .serialized, .sharedSessionPrepared)
struct ProcessScopeTests {
    /// A port nothing listens on: connecting is refused at once (`URLError.cannotConnectToHost`).
    private static let refused = URL(string: "http://127.0.0.1:9/shared")!

    private static func options(_ directory: URL, _ mode: RecordMode = .never) -> CassetteOptions {
        CassetteOptions(record: mode, directory: .at(directory), environment: [:], scope: .process)
    }

    @Test("async data(from:), a completion-handler task and the cassette's own session, all answered from one process-scoped cassette")
    func sharedSessionReplays() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/feed", body: #"{"items":3}"#),
                               Fixture.interaction("http://api.test/user", body: #"{"id":1}"#),
                               Fixture.interaction("http://api.test/own", body: #"{"own":true}"#)], name: "shared", in: directory)
            let bodies = try await Cassette.use("shared", options: Self.options(directory)) { session in
                let (feed, _) = try await URLSession.shared.data(from: URL(string: "http://api.test/feed")!)
                let user = await withCheckedContinuation { (continuation: CheckedContinuation<Data?, Never>) in
                    URLSession.shared.dataTask(with: URL(string: "http://api.test/user")!) { data, _, _ in continuation.resume(returning: data) }.resume()
                }
                let own = try await Fixture.get("http://api.test/own", on: session).0
                return [feed, user ?? Data(), own].map { String(decoding: $0, as: UTF8.self) }
            }
            #expect(bodies == [#"{"items":3}"#, #"{"id":1}"#, #"{"own":true}"#])
        }
    }

    @Test("a second process-scoped cassette waits for the first to close, first come first served; a session-scoped one does not")
    func oneAtATime() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/first", body: "first")], name: "first", in: directory)
            try Fixture.write([Fixture.interaction("http://api.test/second", body: "second")], name: "second", in: directory)
            try Fixture.write([Fixture.interaction("http://api.test/beside", body: "beside")], name: "beside", in: directory)
            let events = LockedBox<[String]>([])
            let note: @Sendable (String) -> Void = { event in events.withLock { $0.append(event) } }
            let firstOpen = Completion()
            async let first: String = Cassette.use("first", options: Self.options(directory)) { _ in
                note("first opened")
                firstOpen.finish()
                try await Task.sleep(for: .milliseconds(300))
                let body = try await URLSession.shared.data(from: URL(string: "http://api.test/first")!).0
                note("first closes")
                return String(decoding: body, as: UTF8.self)
            }
            await firstOpen.wait()
            async let second: String = Cassette.use("second", options: Self.options(directory)) { _ in
                note("second opened")
                return String(decoding: try await URLSession.shared.data(from: URL(string: "http://api.test/second")!).0, as: UTF8.self)
            }
            // A session-scoped cassette runs meanwhile, with its own answers.
            let beside = try await Cassette.use("beside", record: .never, options: .init(directory: .at(directory), environment: [:])) { session in
                note("beside ran")
                return String(decoding: try await Fixture.get("http://api.test/beside", on: session).0, as: UTF8.self)
            }
            #expect(try await [first, second, beside] == ["first", "second", "beside"])
            #expect(events.withLock { $0 } == ["first opened", "beside ran", "first closes", "second opened"])
        }
    }

    @Test("a waiting cassette whose task is cancelled leaves the queue; the synchronous form fails at once when the scope is taken")
    func cancelledAndSynchronous() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a")], name: "a", in: directory)
            try await Cassette.use("a", options: Self.options(directory).overridden(by: .init(unused: .ignore))) { _ in
                // Another test's cassettes: detached, so that they do not open inside this one.
                let waiting = Task.detached {
                    try await Cassette.use("a", options: Self.options(directory).overridden(by: .init(unused: .ignore))) { (_: URLSession) async in "ran" }
                }
                try await Task.sleep(for: .milliseconds(50))
                waiting.cancel()
                let result = await waiting.result
                #expect(throws: CancellationError.self) { _ = try result.get() }
                let busy = await Task.detached { () -> CassetteError? in
                    do {
                        try Cassette.use("a", options: Self.options(directory).overridden(by: .init(unused: .ignore))) { _ in }
                        return nil
                    } catch {
                        return error as? CassetteError
                    }
                }.value
                #expect(busy?.code == .processScopeBusy)
                #expect(busy?.message.contains("cannot wait for it without blocking a thread") == true)
            }
            // The turn came back: the scope opens again.
            let again = try await Cassette.use("a", options: Self.options(directory)) { _ in
                try await URLSession.shared.data(from: URL(string: "http://api.test/a")!).1
            }
            #expect((again as? HTTPURLResponse)?.statusCode == 200)
        }
    }

    @Test("process-scoped cassettes do not nest: an inner one, given the scope or inheriting it from the trait, fails at once")
    func noNesting() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/outer")], name: "outer", in: directory)
            let options = Self.options(directory).overridden(by: .init(unused: .ignore))
            try await Cassette.use("outer", options: options) { _ in
                let given = await #expect(throws: CassetteError.self) {
                    try await Cassette.use("inner", options: options) { (_: URLSession) async in }
                }
                #expect(given?.code == .processScopeBusy)
                #expect(given?.message.contains("process-scoped cassettes do not nest") == true)
                let synchronous = #expect(throws: CassetteError.self) { try Cassette.use("inner", options: options) { _ in } }
                #expect(synchronous?.message.contains("process-scoped cassettes do not nest") == true)
            }
            let test = try #require(Test.current)
            let inherited = LockedBox<CassetteError?>(nil)
            try await CassetteTrait.cassette("outer", options: options).provideScope(for: test, testCase: Test.Case.current) {
                do {
                    try await Cassette.use("inner", record: .never, options: .init(directory: .at(directory), environment: [:])) { (_: URLSession) async in }
                } catch let error as CassetteError {
                    inherited.withLock { $0 = error }
                }
            }
            #expect(inherited.withLock { $0 }?.code == .processScopeBusy)
        }
    }
}
