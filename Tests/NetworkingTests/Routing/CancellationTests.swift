import Foundation
import Locking
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Cancellation")
struct CancellationTests {
    @Test("cancel() cancels every request in flight, not only the last; nothing leaks")
    func cancelCancelsAll() async throws {
        let server = StubServer { request in request.url?.path == "/api/fast" ? .status(200, "fast") : .never }
        let router = Router<TestAPI>(session: server.session)
        let results = LockedBox<[Int: Result<(Data, HTTPURLResponse), NetworkError>]>([:])
        for index in 0..<5 {
            router.request(TestAPI(baseURL: server.baseURL, path: "slow/\(index)")) { result in
                results.withLock { $0[index] = result }
            }
        }
        #expect(await server.eventually { $0.received.count == 5 })
        #expect(router.inFlightCount == 5)
        router.cancel()
        #expect(await eventually { results.withLock { $0.count } == 5 }, "every request completed")
        for index in 0..<5 {
            let expected = server.baseURL.appendingPathComponent("slow/\(index)")
            guard case .failure(.cancelled(expected))? = results.withLock({ $0[index] }) else {
                Issue.record("request \(index): expected cancelled(\(expected)), got \(String(describing: results.withLock { $0[index] }))")
                continue
            }
        }
        #expect(router.inFlightCount == 0)
        #expect(await server.eventually { $0.stops == 5 }, "stopLoading() ran for each request")
        #expect(await server.eventually { $0.liveLoaders == 0 }, "every protocol instance was released")

        let (data, _) = try await router.request(TestAPI(baseURL: server.baseURL, path: "fast"))
        #expect(data == Data("fast".utf8), "cancel() affects only requests already started")
    }

    @Test func swiftTaskCancellationCancelsTheRequest() async throws {
        let server = StubServer { _ in .never }
        let router = Router<TestAPI>(session: server.session)
        let task = Task { try await router.request(TestAPI(baseURL: server.baseURL)) }
        #expect(await server.eventually { $0.received.count == 1 })
        task.cancel()
        let outcome = try #require(await result(of: task), "the request ended")
        #expect(throws: NetworkError.cancelled(url: server.baseURL.appendingPathComponent("items"))) { try outcome.get() }
        #expect(await server.eventually { $0.stops == 1 })
        #expect(router.inFlightCount == 0)
    }

    @Test func anAlreadyCancelledTaskSendsNothing() async throws {
        let server = StubServer(body: "ok")
        let router = Router<TestAPI>(session: server.session)
        let task = Task { () async -> NetworkError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(NetworkError) {
                _ = try await router.request(TestAPI(baseURL: server.baseURL))
                return nil
            } catch {
                return error
            }
        }
        #expect(await task.value == .cancelled(url: server.baseURL.appendingPathComponent("items")))
        #expect(server.received.isEmpty)
    }

    @Test("cancelling one task leaves the others running")
    func cancellingOneTask() async throws {
        let server = StubServer { request in request.url?.path == "/api/slow" ? .never : .status(200, "ok") }
        let router = Router<TestAPI>(session: server.session)
        let slow = Task { try await router.request(TestAPI(baseURL: server.baseURL, path: "slow")) }
        #expect(await server.eventually { $0.received.count == 1 })
        let fast = Task { try await router.request(TestAPI(baseURL: server.baseURL, path: "fast")) }
        slow.cancel()
        #expect(try await fast.value.0 == Data("ok".utf8))
        let outcome = try #require(await result(of: slow), "the cancelled request ended")
        #expect(throws: NetworkError.self) { try outcome.get() }
    }
}
