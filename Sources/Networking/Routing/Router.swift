import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends public endpoints on an injected `URLSession`.
///
/// ```swift
/// let router = Router<MovieAPI>(session: session)       // tests pass a stubbing or recording session here
/// let movie = try await router.decode(Movie.self, from: .movie(id: 1))
/// router.request(.popular(page: 1)) { result in ... }    // or with a completion handler
/// router.cancel()                                        // cancels every request in flight
/// ```
///
/// Endpoints that need a token are ``AuthenticatedEndPoint``s and go through ``AuthenticatedController`` (a `Router`
/// cannot be made for them). A `Router` is safe to share between tasks and threads.
public final class Router<EndPoint: PublicEndPoint>: NetworkRouter, Sendable {
    /// The decoder ``NetworkRouter/decode(_:from:decoder:)`` uses unless given another.
    public let decoder: JSONDecoder
    private let performer: RequestPerformer
    private let timeout: TimeInterval

    /// Creates a router.
    ///
    /// - Parameters:
    ///   - session: The session requests go through; inject one to record, replay or stub.
    ///   - timeout: Seconds a request may take (`URLRequest.timeoutInterval`).
    ///   - decoder: The decoder for ``NetworkRouter/decode(_:from:decoder:)``; don't change it once shared.
    public init(session: URLSession = .shared, timeout: TimeInterval = 10, decoder: JSONDecoder = JSONDecoder()) {
        performer = RequestPerformer(session: session)
        self.timeout = timeout
        self.decoder = decoder
    }

    /// The `URLRequest` this router sends for `route`: `baseURL` and `path` joined by one `/`; the endpoint's `headers`,
    /// then the task's `additionHeaders` (which win); defaults such as `Content-Type` fill in only what neither set.
    public func makeRequest(for route: EndPoint) throws(NetworkError) -> URLRequest {
        try RequestBuilder.makeRequest(for: route, timeout: timeout)
    }

    /// Sends `route`; `completion` gets the body and response of a 2xx answer, else a ``NetworkError``.
    public func request(_ route: EndPoint, completion: @escaping NetworkResultHandler<(Data, HTTPURLResponse)>) {
        do {
            performer.perform(try makeRequest(for: route), completion: completion)
        } catch {
            completion(.failure(error))
        }
    }

    /// Sends `route` and returns the body and response of a 2xx answer; honours task cancellation.
    public func request(_ route: EndPoint) async throws(NetworkError) -> (Data, HTTPURLResponse) {
        try await performer.perform(try makeRequest(for: route))
    }

    /// Cancels every request in flight; each one's caller gets ``NetworkError/cancelled(url:)``.
    public func cancel() {
        performer.cancelAll()
    }

    /// How many requests are in flight (for tests).
    var inFlightCount: Int { performer.inFlightCount }
}
