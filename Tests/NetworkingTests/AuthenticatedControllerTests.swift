import Foundation
import Locking
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Authenticated endpoints")
struct AuthenticatedControllerTests {
    final class Clock: Sendable {
        private let time = LockedBox(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    @Test("20 concurrent requests with an expired token trigger exactly one refresh")
    func singleRefresh() async throws {
        let server = StubServer { request in (200, [:], Data((request.value(forHTTPHeaderField: "Authorization") ?? "none").utf8)) }
        let clock = Clock()
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

        clock.advance(3601)
        _ = try await controller.request(SecureAPI(baseURL: server.baseURL))
        #expect(refreshes.withLock { $0 } == 2, "an expired token is refreshed again")
    }

    @Test func validTokenIsNotRefreshed() async throws {
        let server = StubServer(body: "ok")
        let controller = AuthenticatedController<SecureAPI>(
            session: server.session, token: AuthToken(accessToken: "t", expiresAt: .distantFuture)
        ) { throw URLError(.userAuthenticationRequired) }
        _ = try await controller.request(SecureAPI(baseURL: server.baseURL))
        #expect(server.received.first?.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }

    @Test func failedRefreshIsAnAuthenticationErrorAndIsRetriedNextTime() async {
        let server = StubServer(body: "ok")
        let attempts = LockedBox(0)
        let controller = AuthenticatedController<SecureAPI>(session: server.session) {
            attempts.withLock { $0 += 1 }
            throw URLError(.userAuthenticationRequired)
        }
        for _ in 0..<2 {
            let error = await #expect(throws: NetworkError.self) { try await controller.request(SecureAPI(baseURL: server.baseURL)) }
            guard case .authentication? = error else { Issue.record("expected authentication, got \(String(describing: error))"); return }
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(server.received.isEmpty, "no request goes out without a token")
    }

    @Test func basicCredentialsUseTheirOwnScheme() async throws {
        let server = StubServer(body: "ok")
        let controller = AuthenticatedController<SecureAPI>(session: server.session, token: .basic(user: "u", password: "p:w")) {
            throw URLError(.userAuthenticationRequired)
        }
        _ = try await controller.request(SecureAPI(baseURL: server.baseURL))
        #expect(server.received.first?.value(forHTTPHeaderField: "Authorization") == "Basic dTpwOnc=")
    }

    @Test func tokensNeverAppearInDescriptions() {
        let token = AuthToken(accessToken: "secret-access", expiresAt: .distantFuture, refreshToken: "secret-refresh")
        #expect(!token.description.contains("secret"))
    }

    @Test("public and authenticated endpoints are different types")
    func typeLevelSplit() async throws {
        let server = StubServer(body: "ok")
        // The right way type-checks:
        _ = try await Router<TestAPI>(session: server.session).request(TestAPI(baseURL: server.baseURL))
        _ = try await AuthenticatedController<SecureAPI>(session: server.session, token: AuthToken(accessToken: "t", expiresAt: .distantFuture)) {
            AuthToken(accessToken: "t", expiresAt: .distantFuture)
        }.request(SecureAPI(baseURL: server.baseURL))
        // Neither of these compiles: SecureAPI is not a PublicEndPoint, and a Router<TestAPI> takes only TestAPI.
        //   _ = Router<SecureAPI>(session: server.session)
        //   try await Router<TestAPI>(session: server.session).request(SecureAPI(baseURL: server.baseURL))
        let endpointTypes: [any EndPointType.Type] = [TestAPI.self, SecureAPI.self]
        #expect(endpointTypes.map { $0 is any PublicEndPoint.Type } == [true, false])
    }
}
