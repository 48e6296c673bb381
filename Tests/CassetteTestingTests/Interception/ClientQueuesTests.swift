import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Pins the reflection `ClientQueues` does on swift-corelibs-foundation (see its design note): the work queue it
/// finds for a task is the queue the task's protocol runs on, and a replay that waits calls its client there.
/// `RoutingTests.workQueuesAreSerializedTogether` pins the other half: a recording's queue is serialized with it.
#if canImport(FoundationNetworking)
@Suite("The queues a protocol calls its client on")
struct ClientQueuesTests {
    @Test("the work queue found for a task is the queue its protocol's startLoading runs on")
    func taskWorkQueueIsWhereStartLoadingRuns() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [QueueProbe.self]
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let (data, _) = try await session.data(from: URL(string: "http://probe.test/")!)
        #expect(String(decoding: data, as: UTF8.self) == "on the task's work queue")
    }

    @Test("a replay that waits calls its client on its task's work queue")
    func waitingReplayAnswersOnTheTaskQueue() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/slow", body: "late")], name: "slow", in: directory)
            try Cassette.use("slow", record: .never, options: .init(directory: .at(directory), latency: .fixed(0.05))) { _ in
                let protocolClass = try #require(Cassette.current?.configuration.protocolClasses?.first as? URLProtocol.Type)
                // A task of a plain session, never resumed: the cassette's protocol is handed it as corelibs would.
                let plain = URLSession(configuration: .ephemeral)
                defer { plain.invalidateAndCancel() }
                let task = plain.dataTask(with: URL(string: "http://api.test/slow")!)
                let workQueue = try #require(ClientQueues.workQueue(of: task))
                let key = DispatchSpecificKey<Int>()
                workQueue.setSpecific(key: key, value: 1)
                defer { workQueue.setSpecific(key: key, value: nil) }
                let client = QueueClient(key: key)
                let loader = protocolClass.init(task: task, cachedResponse: nil, client: client)
                loader.startLoading()
                #expect(client.finished.wait(timeout: .now() + 10) == .success)
                #expect(client.events.withLock { $0 } == ["response on the work queue", "data on the work queue",
                                                          "finished on the work queue"])
            }
        }
    }
}

/// A protocol that answers whether ``ClientQueues/workQueue(of:)`` found the queue its `startLoading()` runs on.
private final class QueueProbe: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let answer: String
        if let task, let queue = ClientQueues.workQueue(of: task) {
            let key = DispatchSpecificKey<Int>()
            queue.setSpecific(key: key, value: 1)
            answer = DispatchQueue.getSpecific(key: key) == 1 ? "on the task's work queue" : "elsewhere"
            queue.setSpecific(key: key, value: nil)
        } else {
            answer = "no work queue found"
        }
        let url = request.url ?? URL(fileURLWithPath: "/")
        client?.urlProtocol(self, didReceive: HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!,
                            cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(answer.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// A `URLProtocolClient` that writes down each call and whether it came on the queue holding `key`.
private final class QueueClient: NSObject, URLProtocolClient, Sendable {
    let events = LockedBox<[String]>([])
    let finished = DispatchSemaphore(value: 0)
    private let key: DispatchSpecificKey<Int>

    init(key: DispatchSpecificKey<Int>) {
        self.key = key
    }

    private func note(_ event: String) {
        let place = DispatchQueue.getSpecific(key: key) == 1 ? "on the work queue" : "elsewhere"
        events.withLock { $0.append("\(event) \(place)") }
    }

    func urlProtocol(_ protocol: URLProtocol, didReceive response: URLResponse, cacheStoragePolicy policy: URLCache.StoragePolicy) {
        note("response")
    }
    func urlProtocol(_ protocol: URLProtocol, didLoad data: Data) { note("data") }
    func urlProtocolDidFinishLoading(_ protocol: URLProtocol) {
        note("finished")
        finished.signal()
    }
    func urlProtocol(_ protocol: URLProtocol, didFailWithError error: any Error) {
        note("failed")
        finished.signal()
    }
    func urlProtocol(_ protocol: URLProtocol, wasRedirectedTo request: URLRequest, redirectResponse: URLResponse) {}
    func urlProtocol(_ protocol: URLProtocol, cachedResponseIsValid cachedResponse: CachedURLResponse) {}
    func urlProtocol(_ protocol: URLProtocol, didReceive challenge: URLAuthenticationChallenge) {}
    func urlProtocol(_ protocol: URLProtocol, didCancel challenge: URLAuthenticationChallenge) {}
}
#endif
