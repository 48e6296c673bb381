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

    @Test("cancelling a request while it is recorded fails it as cancelled, and nothing crashes")
    func cancelWhileRecording() async throws {
        try await withTemporaryDirectory { directory in
            try await Cassette.use("cancel", record: .all, options: .init(directory: .at(directory))) { session in
                let task = Task { try await session.data(from: slow()) }
                try await Task.sleep(for: .milliseconds(300))
                task.cancel()
                await #expect(throws: (any Error).self) { try await task.value }
                // A completion-handler task cancelled by hand, too.
                let done = LockedBox<(any Error)?>(nil)
                await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                    let dataTask = session.dataTask(with: slow()) { _, _, error in
                        done.withLock { $0 = error }
                        finished.resume()
                    }
                    dataTask.resume()
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { dataTask.cancel() }
                }
                #expect((done.withLock { $0 } as? URLError)?.code == .cancelled)
                _ = try await Fixture.get(TestServer.httpbin.url("/get?after=cancel"), on: session)
            }
            let saved = try CassetteFile.load(directory.appendingPathComponent("cancel.json")) ?? []
            #expect(saved.map(\.request.url) == [TestServer.httpbin.url("/get?after=cancel")], "cancelled requests record nothing")
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
            try await Cassette.use("numbers", record: .all, redaction: rules, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get(TestServer.httpbin.url("/uuid"), on: session)
                let cancelled = Task { try await session.data(from: slow()) }
                try await Task.sleep(for: .milliseconds(200))
                cancelled.cancel()
                _ = try? await cancelled.value
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
