import Foundation
import Locking
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Authenticated endpoints")
struct AuthenticatedControllerTests {
    /// A server that echoes the `Authorization` header it received.
    private static func echoServer() -> StubServer {
        StubServer { request in .status(200, request.value(forHTTPHeaderField: "Authorization") ?? "none") }
    }

    @Test("20 concurrent requests with an expired token trigger exactly one refresh")
    func singleRefresh() async throws {
        let server = Self.echoServer()
        let clock = TestClock()
        let refreshes = LockedBox(0)
        let controller = AuthenticatedController<SecureAPI>(
            session: server.session,
            token: AuthToken(accessToken: "old", expiresAt: clock.now.addingTimeInterval(-1)),
            clock: { clock.now }
        ) {
            let count = refreshes.withLock { $0 += 1; return $0 }
            try await Task.sleep(for: .milliseconds(50))
            return AuthToken(accessToken: "fresh-\(count)", expiresAt: clock.now.addingTimeInterval(3600))
        }
        let headers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 {
                group.addTask { String(decoding: try await controller.request(SecureAPI(baseURL: server.baseURL)).0, as: UTF8.self) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(refreshes.withLock { $0 } == 1)
        #expect(headers == Array(repeating: "Bearer fresh-1", count: 20))
        #expect(server.received.count == 20)

        clock.advance(3599)
        _ = try await controller.request(SecureAPI(baseURL: server.baseURL))
        #expect(refreshes.withLock { $0 } == 1, "a token still valid is reused")
        clock.advance(1)
        _ = try await controller.request(SecureAPI(baseURL: server.baseURL))
        #expect(refreshes.withLock { $0 } == 2, "a token expired again is refreshed again")
        #expect(server.received.last?.value(forHTTPHeaderField: "Authorization") == "Bearer fresh-2")
    }

    @Test func theBearerHeaderOverridesTheEndpointsAndOtherHeadersStay() async throws {
        let server = StubServer(body: "ok")
        let controller = AuthenticatedController<SecureAPI>(
            session: server.session, token: AuthToken(accessToken: "t", expiresAt: .distantFuture)
        ) { throw URLError(.userAuthenticationRequired) }
        _ = try await controller.request(SecureAPI(baseURL: server.baseURL))
        let request = try await controller.makeRequest(for: SecureAPI(baseURL: server.baseURL))
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(request.timeoutInterval == 10)
        #expect(server.received.first?.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(server.received.first?.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func withoutATokenTheFirstRequestRefreshesFirst() async throws {
        let server = Self.echoServer()
        let controller = AuthenticatedController<SecureAPI>(session: server.session) {
            AuthToken(accessToken: "first", expiresAt: .distantFuture)
        }
        #expect(try await controller.request(SecureAPI(baseURL: server.baseURL)).0 == Data("Bearer first".utf8))
    }

    @Test func aFailedRefreshIsAnAuthenticationErrorAndIsRetriedNextTime() async {
        let server = StubServer(body: "ok")
        let attempts = LockedBox(0)
        let controller = AuthenticatedController<SecureAPI>(session: server.session) {
            attempts.withLock { $0 += 1 }
            throw URLError(.userAuthenticationRequired)
        }
        for _ in 0..<2 {
            let error = await #expect(throws: NetworkError.self) { try await controller.request(SecureAPI(baseURL: server.baseURL)) }
            guard case .authentication(let reason)? = error else {
                Issue.record("expected authentication, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("refresh"))
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(server.received.isEmpty, "no request goes out without a token")
    }

    @Test func basicCredentialsUseTheirOwnScheme() async throws {
        let server = Self.echoServer()
        let controller = AuthenticatedController<SecureAPI>(session: server.session, token: .basic(user: "u", password: "p:w")) {
            throw URLError(.userAuthenticationRequired)
        }
        #expect(try await controller.request(SecureAPI(baseURL: server.baseURL)).0 == Data("Basic dTpwOnc=".utf8))
    }

    @Test func completionHandlerForm() async {
        let server = StubServer { request in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer t" ? .status(200, "welcome") : .status(401)
        }
        let controller = AuthenticatedController<SecureAPI>(session: server.session, token: AuthToken(accessToken: "t", expiresAt: .distantFuture)) {
            throw URLError(.userAuthenticationRequired)
        }
        let result = await completion { controller.request(SecureAPI(baseURL: server.baseURL), completion: $0) }
        #expect((try? result?.get().0) == Data("welcome".utf8))
    }

    @Test("cancel() also cancels requests still waiting for a token")
    func cancelWhileRefreshing() async throws {
        let server = StubServer(body: "ok")
        let gate = AsyncStream<Void>.makeStream()
        let controller = AuthenticatedController<SecureAPI>(session: server.session) {
            for await _ in gate.stream {}  // waits until the test finishes the stream
            return AuthToken(accessToken: "late", expiresAt: .distantFuture)
        }
        let results = LockedBox<[Result<(Data, HTTPURLResponse), NetworkError>]>([])
        for _ in 0..<3 {
            controller.request(SecureAPI(baseURL: server.baseURL)) { result in results.withLock { $0.append(result) } }
        }
        controller.cancel()
        gate.continuation.finish()
        #expect(await eventually { results.withLock { $0.count } == 3 }, "every request completed")
        for result in results.withLock({ $0 }) {
            guard case .failure(.cancelled) = result else {
                Issue.record("expected cancelled, got \(result)")
                continue
            }
        }
        #expect(server.received.isEmpty)
        #expect(controller.inFlightCount == 0)
        #expect(try await controller.request(SecureAPI(baseURL: server.baseURL)).0 == Data("ok".utf8), "later requests go through")
    }

    @Test func swiftTaskCancellationWhileRequesting() async throws {
        let server = StubServer { _ in .never }
        let controller = AuthenticatedController<SecureAPI>(session: server.session, token: AuthToken(accessToken: "t", expiresAt: .distantFuture)) {
            throw URLError(.userAuthenticationRequired)
        }
        let task = Task { try await controller.request(SecureAPI(baseURL: server.baseURL)) }
        #expect(await server.eventually { $0.received.count == 1 })
        task.cancel()
        let outcome = try #require(await result(of: task), "the request ended")
        #expect(throws: NetworkError.cancelled(url: server.baseURL.appendingPathComponent("me"))) { try outcome.get() }
    }
}
