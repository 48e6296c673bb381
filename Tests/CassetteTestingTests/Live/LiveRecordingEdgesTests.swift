import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording while the code under test cancels requests, or leaves them running.
@Suite("Live: cancelled and unfinished recordings", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveRecordingEdgesTests {
    private func slow() -> URL { URL(string: TestServer.httpbin.url("/delay/3"))! }

    /// What the code under test sees when it cancels two slow requests (an async one, and a completion-handler task
    /// cancelled by hand) 0.3 s after sending them, then sends a third: each one's error code or status.
    private func cancelTwice(on session: URLSession) async throws -> [String] {
        let task = Task { try await session.data(from: slow()) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        var seen: [String] = []
        do { _ = try await task.value; seen.append("answered") } catch { seen.append("\((error as NSError).code)") }
        let done = LockedBox<(any Error)?>(nil)
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let dataTask = session.dataTask(with: slow()) { _, _, error in
                done.withLock { $0 = error }
                finished.resume()
            }
            dataTask.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { dataTask.cancel() }
        }
        seen.append(done.withLock { $0 }.map { "\(($0 as NSError).code)" } ?? "answered")
        let (_, response) = try await Fixture.get(TestServer.httpbin.url("/get?after=cancel"), on: session)
        seen.append("\(response.statusCode)")
        return seen
    }

    @Test("a request the app cancels before its answer is recorded as cancelled; replay holds it until the app cancels again: the same errors live, recording and replaying")
    func cancelWhileRecording() async throws {
        try await withTemporaryDirectory { directory in
            let plain = URLSession(configuration: .ephemeral)
            defer { plain.finishTasksAndInvalidate() }
            let live = try await cancelTwice(on: plain)
            #expect(live == ["-999", "-999", "200"])
            let recording = try await Cassette.use("cancel", record: .all, options: .init(directory: .at(directory))) { session in
                try await cancelTwice(on: session)
            }
            let saved = try CassetteFile.load(directory.appendingPathComponent("cancel.json")) ?? []
            #expect(saved.map(\.request.url) == [slow().absoluteString, slow().absoluteString, TestServer.httpbin.url("/get?after=cancel")])
            #expect(saved.map { $0.failure?.isCancellation ?? false } == [true, true, false])
            // Replayed, then replayed with the recorded times: the cancelled two are held open either way.
            let replaying = try await Cassette.use("cancel", record: .never, options: .init(directory: .at(directory))) { session in
                try await cancelTwice(on: session)
            }
            let paced = try await Cassette.use("cancel", record: .never,
                                               options: .init(directory: .at(directory), latency: .recorded)) { session in
                try await cancelTwice(on: session)
            }
            #expect(recording == live)
            #expect(replaying == live)
            #expect(paced == live)
        }
    }

    /// What a delegate sees of a running task resumed again after 50 ms, then of one resumed and cancelled after
    /// 0.3 s, as Alamofire's `Request.cancel()` does: each call's kind, a body as its length.
    private func resumedAgain(on configuration: URLSessionConfiguration) async -> [String] {
        let again = await PieceLog().run(URLRequest(url: URL(string: TestServer.httpbin.url("/delay/1"))!), on: configuration,
                                         resumedAgainAfter: 0.05)
        let cancelled = await PieceLog().run(URLRequest(url: slow()), on: configuration, cancelledAfter: 0.3)
        let body = again.reduce(0) { total, event in
            if case .data(let data) = event.kind { return total + data.count } else { return total }
        }
        return again.compactMap { event -> String? in
            switch event.kind {
            case .response(let status): "response \(status)"
            case .data: nil
            case .end(let code): "end \(code.map(String.init) ?? "ok")"
            }
        } + ["body \(body > 0)"] + cancelled.map(\.description).map { String($0.split(separator: " ", maxSplits: 1)[1]) }
    }

    @Test("a running task resumed again, and one resumed then cancelled (Alamofire's cancel()), are recorded once and replay as live")
    func resumedAgainWhileRecording() async throws {
        try await withTemporaryDirectory { directory in
            let live = await resumedAgain(on: .ephemeral)
            #expect(live == ["response 200", "end ok", "body true", "end -999"])
            let recording = try await Cassette.useConfiguration("again", record: .all, options: .init(directory: .at(directory))) {
                await resumedAgain(on: $0)
            }
            let saved = try CassetteFile.load(directory.appendingPathComponent("again.json")) ?? []
            #expect(saved.map { $0.response?.status } == [200, nil])
            #expect(saved.map { $0.failure?.isCancellation ?? false } == [false, true])
            let replaying = try await Cassette.useConfiguration("again", record: .never, options: .init(directory: .at(directory))) {
                await resumedAgain(on: $0)
            }
            let paced = try await Cassette.useConfiguration("again", record: .never,
                                                            options: .init(directory: .at(directory), latency: .recorded)) {
                await resumedAgain(on: $0)
            }
            #expect(recording == live)
            #expect(replaying == live)
            #expect(paced == live)
        }
    }

    @Test("a request still running when the body returns is reported, not silently dropped")
    func unfinishedRequest() async {
        await withTemporaryDirectory { directory in
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("unfinished", record: .all, options: .init(directory: .at(directory))) { session in
                    // Long enough to outlast the request after it even when the other live tests keep every
                    // worker of the server busy and that request waits its turn.
                    session.dataTask(with: URL(string: TestServer.httpbin.url("/delay/10"))!).resume()
                    _ = try await Fixture.get(TestServer.httpbin.url("/get"), on: session)
                }
            }
            #expect(error?.code == .unfinishedRequest)
            #expect(error?.message.contains("/delay/10 was still running") == true)
        }
    }

    @Test("learned placeholders are numbered by final position, unique across recordings")
    func learnedNumbersStayUnique() async throws {
        try await withTemporaryDirectory { directory in
            let rules = Redaction.default.redactingJSONKeys("uuid")
            // The hook drops the second request: the recording after it moves up, and its placeholder with it.
            let hooks = CassetteHooks(beforeRecord: { $0.request.url.contains("dropped") ? nil : $0 })
            try await Cassette.use("numbers", record: .all, redaction: rules,
                                   options: .init(directory: .at(directory), hooks: hooks)) { session in
                _ = try await Fixture.get(TestServer.httpbin.url("/uuid"), on: session)
                _ = try await Fixture.get(TestServer.httpbin.url("/uuid?dropped"), on: session)
                _ = try await Fixture.get(TestServer.httpbin.url("/uuid?second"), on: session)
            }
            try await Cassette.use("numbers", record: .new, redaction: rules, options: .init(directory: .at(directory), unused: .ignore)) { session in
                _ = try await Fixture.get(TestServer.httpbin.url("/uuid?third"), on: session)
            }
            let saved = try CassetteFile.load(directory.appendingPathComponent("numbers.json")) ?? []
            let uuids = saved.map { String(decoding: $0.response?.body?.data ?? Data(), as: UTF8.self) }
            #expect(uuids.map { $0.contains("REDACTED_uuid_\(uuids.firstIndex(of: $0).map { $0 + 1 } ?? 0)") } == [true, true, true],
                    "\(uuids)")
        }
    }
}
