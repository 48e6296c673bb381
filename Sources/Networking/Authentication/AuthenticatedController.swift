import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends endpoints that need a token: refreshes an expired token first (once, however many requests wait for it)
/// and adds `Authorization: <tokenType> <accessToken>` (`Bearer` unless the token says otherwise) to every request.
///
/// ```swift
/// let account = AuthenticatedController<AccountAPI>(session: session, token: savedToken) {
///     try await authService.refreshedToken()    // called only when the token has expired
/// }
/// let profile = try await account.decode(Profile.self, from: .profile)
/// ```
///
/// It builds and sends requests as ``Router`` does; its `Authorization` header overrides any the endpoint sets.
public final class AuthenticatedController<EndPoint: AuthenticatedEndPoint>: NetworkRouter, Sendable {
    /// The decoder ``NetworkRouter/decode(_:from:decoder:)`` uses unless given another.
    public let decoder: JSONDecoder
    private let performer: RequestPerformer
    private let timeout: TimeInterval
    private let tokens: TokenStore

    /// Creates a controller.
    ///
    /// - Parameters:
    ///   - session: The session requests go through.
    ///   - timeout: Seconds a request may take.
    ///   - decoder: The decoder for ``NetworkRouter/decode(_:from:decoder:)``; don't change it once shared.
    ///   - token: The token to start with; `nil` refreshes before the first request.
    ///   - clock: The current time, which decides whether the token has expired; inject one in tests.
    ///   - refresh: Obtains a new token. Concurrent requests share one call; a failure reaches each of them as
    ///     ``NetworkError/authentication(reason:)``, and the next request tries again.
    public init(session: URLSession = .shared, timeout: TimeInterval = 10, decoder: JSONDecoder = JSONDecoder(),
                token: AuthToken? = nil, clock: @escaping @Sendable () -> Date = Date.init,
                refresh: @escaping @Sendable () async throws -> AuthToken) {
        performer = RequestPerformer(session: session)
        self.timeout = timeout
        self.decoder = decoder
        tokens = TokenStore(token: token, clock: clock, refresh: refresh)
    }

    /// The `URLRequest` this controller sends for `route`, with a valid token (refreshed first if needed).
    public func makeRequest(for route: EndPoint) async throws(NetworkError) -> URLRequest {
        let token = try await tokens.validToken()
        return try RequestBuilder.makeRequest(for: route, timeout: timeout, extraHeaders: ["Authorization": token.authorization])
    }

    /// Sends `route` with a valid token; `completion` gets the body and response of a 2xx answer.
    public func request(_ route: EndPoint, completion: @escaping NetworkResultHandler<(Data, HTTPURLResponse)>) {
        let ticket = performer.ticket()  // taken now, so cancel() reaches the request while it waits for a token
        Task {
            do throws(NetworkError) {
                performer.perform(try await makeRequest(for: route), ticket: ticket, completion: completion)
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Sends `route` with a valid token and returns the body and response of a 2xx answer; honours task
    /// cancellation.
    public func request(_ route: EndPoint) async throws(NetworkError) -> (Data, HTTPURLResponse) {
        let ticket = performer.ticket()
        return try await performer.perform(try await makeRequest(for: route), ticket: ticket)
    }

    /// Cancels every request in flight, including those still waiting for a token.
    public func cancel() {
        performer.cancelAll()
    }

    /// How many requests are in flight (for tests).
    var inFlightCount: Int { performer.inFlightCount }
}
