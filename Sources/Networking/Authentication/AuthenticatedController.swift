import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends endpoints that need a token: refreshes an expired token first (once, however many requests wait for it)
/// and adds `Authorization: <tokenType> <token>` (`Bearer` unless the token says otherwise) to every request.
///
/// ```swift
/// let account = AuthenticatedController<AccountAPI>(session: session, token: savedToken) {
///     try await authService.refreshedToken()    // called only when the token has expired
/// }
/// let profile = try await account.decode(Profile.self, from: .profile)
/// ```
///
/// It shares ``Router``'s request path; only the header and the token handling are its own.
public final class AuthenticatedController<EndPoint: AuthenticatedEndPoint>: NetworkRouter {
    private let performer: RequestPerformer
    private let timeout: TimeInterval
    private let tokens: TokenStore

    /// Creates a controller.
    ///
    /// - Parameters:
    ///   - session: The session requests go through.
    ///   - timeout: Seconds a request may take.
    ///   - token: The token to start with; `nil` refreshes before the first request.
    ///   - clock: Decides whether the token has expired; inject one in tests.
    ///   - refresh: Obtains a new token.
    public init(session: URLSession = .shared, timeout: TimeInterval = 10, token: AuthToken? = nil,
                clock: @escaping @Sendable () -> Date = Date.init,
                refresh: @escaping @Sendable () async throws -> AuthToken) {
        performer = RequestPerformer(session: session)
        self.timeout = timeout
        tokens = TokenStore(token: token, clock: clock, refresh: refresh)
    }

    /// Sends `route` with a valid token; `completion` gets the body and response of a 2xx answer.
    public func request(_ route: EndPoint, completion: @escaping NetworkResultHandler<(Data, HTTPURLResponse)>) {
        Task {
            do throws(NetworkError) {
                completion(.success(try await request(route)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Sends `route` with a valid token and returns the body and response of a 2xx answer.
    public func request(_ route: EndPoint) async throws(NetworkError) -> (Data, HTTPURLResponse) {
        let token = try await tokens.validToken()
        let request = try RequestBuilder.makeRequest(for: route, timeout: timeout,
                                                     extraHeaders: ["Authorization": token.authorization])
        return try await performer.perform(request)
    }

    /// Cancels every request in flight.
    public func cancel() {
        performer.cancelAll()
    }
}
