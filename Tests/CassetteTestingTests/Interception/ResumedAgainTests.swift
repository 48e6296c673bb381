import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A running task resumed a second time (Alamofire's `Request.cancel()` resumes before it cancels): on
/// swift-corelibs-foundation that calls the protocol's `startLoading()` again, which must not answer the request twice.
/// `LiveRecordingEdgesTests` records such tasks; these replay them without a server.
@Suite("A task resumed again is answered once")
struct ResumedAgainTests {
    private func write(_ interaction: Interaction, in directory: URL) throws {
        try Fixture.write([interaction], name: "again", in: directory)
    }

    /// Writes a GET of `/slow` answered `{}` after 0.3 s.
    private func writeSlow(in directory: URL) throws {
        var slow = Fixture.interaction("http://api.test/slow", body: "{}")
        slow.duration = 0.3
        try write(slow, in: directory)
    }

    private func events(in directory: URL, latency: ReplayLatency = .immediate,
                        resumedAgainAfter: TimeInterval? = nil, cancelledAfter: TimeInterval? = nil) async throws -> [PieceLog.Event.Kind] {
        try await Cassette.useConfiguration("again", record: .never,
                                            options: .init(directory: .at(directory), latency: latency)) { configuration in
            await PieceLog().run(URLRequest(url: URL(string: "http://api.test/slow")!), on: configuration,
                                 resumedAgainAfter: resumedAgainAfter, cancelledAfter: cancelledAfter).map(\.kind)
        }
    }

    @Test("resumed again while its replay waits for the recorded time: one response, one end (it crashed the process)")
    func resumedWhileWaiting() async throws {
        try await withTemporaryDirectory { directory in
            try writeSlow(in: directory)
            let seen = try await events(in: directory, latency: .recorded, resumedAgainAfter: 0.05)
            #expect(seen == [.response(200), .data(Data("{}".utf8)), .end(nil)])
        }
    }

    @Test("suspended while its replay waits, then resumed: answered once, as if never suspended (it never completed before)")
    func suspendedAndResumed() async throws {
        try await withTemporaryDirectory { directory in
            try writeSlow(in: directory)
            let seen = try await Cassette.useConfiguration("again", record: .never,
                                                           options: .init(directory: .at(directory), latency: .recorded)) { configuration in
                let log = PieceLog()
                return await log.run(URLRequest(url: URL(string: "http://api.test/slow")!), on: configuration,
                                     suspendedAfter: 0.05, resumedAgainAfter: 0.15, givingUpAfter: 5).map(\.kind)
            }
            #expect(seen == [.response(200), .data(Data("{}".utf8)), .end(nil)])
        }
    }

    @Test("resumed, then cancelled, as Alamofire cancels, while a recorded cancellation is held open: cancelled once")
    func resumedThenCancelled() async throws {
        try await withTemporaryDirectory { directory in
            try write(Fixture.failed("http://api.test/slow", URLError(.cancelled)), in: directory)
            let seen = try await events(in: directory, cancelledAfter: 0.1)
            #expect(seen == [.end(URLError.cancelled.rawValue)])
        }
    }
}

#if canImport(FoundationNetworking)
/// The platform fact the cassette's protocol answers for: on swift-corelibs-foundation, resuming a running task
/// again calls its protocol's `startLoading()` a second time, on the same instance.
@Suite("swift-corelibs-foundation starts a protocol's loading again when a running task is resumed again")
struct ResumedAgainPlatformTests {
    @Test func startLoadingRunsTwice() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StartCounter.self]
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let url = URL(string: "http://count.test/\(UUID().uuidString)")!
        let task = session.dataTask(with: url)
        let finished = Completion()
        StartCounter.finished.withLock { $0[url] = finished }
        task.resume()
        task.resume()
        await finished.wait()
        #expect(StartCounter.starts.withLock { $0[url] } == 2)
    }
}

/// Counts `startLoading()` calls per URL; answers at the second call on the same instance, or 5 s after the first
/// (so that a platform that does not call it again fails the test instead of hanging it).
private final class StartCounter: URLProtocol {
    static let starts = LockedBox<[URL: Int]>([:])
    static let finished = LockedBox<[URL: Completion]>([:])
    private let started = LockedBox((count: 0, answered: false))

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url else { return }
        Self.starts.withLock { $0[url, default: 0] += 1 }
        let count = started.withLock { state in
            state.count += 1
            return state.count
        }
        if count == 1 {
            nonisolated(unsafe) let loader = self
            DispatchQueue.global().asyncAfter(deadline: .now() + 5) { loader.answer(url) }
        } else {
            answer(url)
        }
    }

    private func answer(_ url: URL) {
        guard !started.withLock({ state in defer { state.answered = true }; return state.answered }) else { return }
        client?.urlProtocol(self, didReceive: HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!,
                            cacheStoragePolicy: .notAllowed)
        client?.urlProtocolDidFinishLoading(self)
        Self.finished.withLock { $0[url] }?.finish()
    }

    override func stopLoading() {}
}
#endif
