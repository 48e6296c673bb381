import Foundation
import Locking
import Testing
@testable import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Pins the platform facts request routing relies on (see ../shared/PLATFORM-NOTES.md).
@Suite("Routing requests to their own cassette")
struct RoutingTests {
    @Test("URLSession asks the configuration's urlCache about each data task before the protocol starts")
    func cacheHookSeesEveryTask() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a"), Fixture.interaction("http://api.test/a"),
                               Fixture.interaction("POST", "http://api.test/a", requestBody: "x")],
                              name: "hook", in: directory)
            try await Cassette.useConfiguration("hook", mode: .none, directory: directory) { configuration in
                #expect(configuration.urlCache is RoutingURLCache)
                let session = URLSession(configuration: configuration)
                defer { session.finishTasksAndInvalidate() }
                var upload = URLRequest(url: URL(string: "http://api.test/a")!)
                upload.httpMethod = "POST"
                upload.httpBody = Data("x".utf8)
                for cachePolicy in [URLRequest.CachePolicy.useProtocolCachePolicy, .reloadIgnoringLocalCacheData] {
                    var request = URLRequest(url: URL(string: "http://api.test/a")!)
                    request.cachePolicy = cachePolicy
                    let (_, response) = try await Fixture.send(request, on: session)
                    #expect(response.statusCode == 200)
                }
                let (_, uploaded) = try await Fixture.send(upload, on: session)
                #expect(uploaded.statusCode == 200)
            }
        }
    }

    #if os(Linux)
    @Test("the fallback finds a task's session through corelibs' stored `session` property")
    func mirrorFindsTheSession() {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "http://api.test/")!)
        #expect(TaskRoutes.session(of: task) === session)
    }

    @Test("a recording answers on a queue serialized with every session's tasks: corelibs' work queues share one serial target")
    func workQueuesAreSerializedTogether() async throws {
        let recorder = URLSession(configuration: .ephemeral), app = URLSession(configuration: .ephemeral)
        defer { recorder.invalidateAndCancel(); app.invalidateAndCancel() }
        let clientQueue = try #require(TaskRoutes.clientQueue(for: recorder))
        let taskQueue = try #require(TaskRoutes.workQueue(of: app.dataTask(with: URL(string: "http://api.test/")!)))
        // A block on the task's queue that takes a while; once it runs, one on the client queue: if the two queues
        // ran concurrently, the second would see the first still running.
        let running = LockedBox(false)
        let overlapped = LockedBox<Bool?>(nil)
        let started = DispatchSemaphore(value: 0)
        taskQueue.async {
            running.withLock { $0 = true }
            started.signal()
            Thread.sleep(forTimeInterval: 0.1)
            running.withLock { $0 = false }
        }
        started.wait()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            clientQueue.async {
                overlapped.withLock { $0 = running.withLock { $0 } }
                done.resume()
            }
        }
        #expect(overlapped.withLock { $0 } == false)
    }
    #endif

    @Test func aSessionNoCassetteOwnsGetsAClearError() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CassetteURLProtocol.self]
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        await #expect {
            try await Fixture.get("http://api.test/", on: session)
        } throws: { error in
            (error as? CassetteError)?.code == .unroutedRequest || String(describing: error).contains("no cassette owns")
        }
    }
}
