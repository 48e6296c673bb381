import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Code that uses `URLSession.shared`, run while recording and while replaying through a process-scoped cassette
/// against httpbin, observes what the same code sees live. Live, it runs on a session made from
/// `URLSessionConfiguration.default` (what the shared session is made from, with the shared cookie storage): sent
/// through `URLSession.shared` itself outside a process scope, it would be taken by a process-scoped cassette of
/// another test running then, and reported to every other test's cassette (see ``CassetteScope``). Two process-scoped cassettes started
/// together record one after the other, each only its own requests, while a session-scoped one beside them keeps its
/// own. `.serialized`: the shared session is the process's (see ``CassetteScope``).
@Suite("Live: URLSession.shared through a process-scoped cassette", .serialized, .sharedSessionPrepared,
       .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveSharedSessionTests {
    private static func request(_ path: String) -> URLRequest {
        URLRequest(url: URL(string: TestServer.httpbin.url(path))!)
    }

    /// What the code sees for `GET /anything/shared` through `session` (the shared one, but live): async
    /// `data(for:)`, then a completion-handler task (its body is a note).
    private static func observe(_ session: URLSession = .shared) async -> Observation {
        var seen = await Observation.data(request("/anything/shared?via=async"), on: session)
        let completion = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            session.dataTask(with: request("/anything/shared?via=completion")) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                continuation.resume(returning: "completion: \(status) \(data?.count ?? 0) bytes \(error.map { "\(($0 as NSError).code)" } ?? "no error")")
            }.resume()
        }
        seen.notes = [completion]
        return seen
    }

    @Test("async data(for:) and a completion-handler task on URLSession.shared: recording and replay observe what live does")
    func liveRecordReplay() async throws {
        try await withTemporaryDirectory { directory in
            let options = CassetteOptions(directory: .at(directory), environment: [:], scope: .process)
            let configuration = URLSessionConfiguration.default
            configuration.httpCookieStorage = .shared
            let liveSession = URLSession(configuration: configuration)
            defer { liveSession.finishTasksAndInvalidate() }
            let live = await Self.observe(liveSession)
            let recording = try await Cassette.use("shared", record: .all, options: options) { _ in await Self.observe() }
            let replay = try await Cassette.use("shared", record: .never, options: options) { _ in await Self.observe() }
            #expect(live.status == 200)
            #expect(recording == live, "recording differs from live\nlive:\n  \(live)\nrecording:\n  \(recording)")
            #expect(replay == live, "replay differs from live\nlive:\n  \(live)\nreplay:\n  \(replay)")
            let file = try #require(try CassetteFile.load(directory.appendingPathComponent("shared.json")))
            #expect(file.map(\.request.url).map { URLParts.withoutQuery($0) }.allSatisfy { $0.hasSuffix("/anything/shared?…") })
            #expect(file.count == 2)
        }
    }

    @Test("two process-scoped recordings started together: the second waits for the first, each file holds its own; a session-scoped one beside them keeps its own")
    func oneAtATimeWhileRecording() async throws {
        try await withTemporaryDirectory { directory in
            let options = CassetteOptions(directory: .at(directory), environment: [:], scope: .process)
            let events = LockedBox<[String]>([])
            let note: @Sendable (String) -> Void = { event in events.withLock { $0.append(event) } }
            async let first: Void = Cassette.use("first", record: .all, options: options) { _ in
                note("first opened")
                _ = try await URLSession.shared.data(for: Self.request("/anything/first"))
                _ = try await URLSession.shared.data(for: Self.request("/delay/1"))
                note("first closing")
            }
            async let second: Void = Cassette.use("second", record: .all, options: options) { _ in
                note("second opened")
                _ = try await URLSession.shared.data(for: Self.request("/anything/second"))
                note("second closing")
            }
            let beside = try await Cassette.use("beside", record: .all, options: .init(directory: .at(directory), environment: [:])) { session in
                try await session.data(for: Self.request("/anything/beside")).0
            }
            _ = try await (first, second)
            // Whichever opened first, the other opened only after it was closing.
            let order = events.withLock { $0 }
            #expect(order == ["first opened", "first closing", "second opened", "second closing"]
                        || order == ["second opened", "second closing", "first opened", "first closing"], "\(order)")
            let paths = { (name: String) in
                try CassetteFile.load(directory.appendingPathComponent(name + ".json"))?.map { URL(string: $0.request.url)?.path ?? "" } ?? []
            }
            #expect(try paths("first") == ["/anything/first", "/delay/1"])
            #expect(try paths("second") == ["/anything/second"])
            #expect(try paths("beside") == ["/anything/beside"])
            #expect(String(decoding: beside, as: UTF8.self).contains("/anything/beside"))
        }
    }
}
