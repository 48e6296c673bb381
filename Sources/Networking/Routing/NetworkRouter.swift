import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the completion of a request receives: the value, or why there is none. `@Sendable`, since it is called on
/// the session's delegate queue.
public typealias NetworkResultHandler<T> = @Sendable (Result<T, NetworkError>) -> Void

/// Sends an API's endpoints and hands back validated responses.
///
/// ``Router`` (public endpoints) and ``AuthenticatedController`` (endpoints that need a token) adopt it. Write code
/// against it to swap in a test double:
///
/// ```swift
/// struct StubRouter: NetworkRouter {
///     let body: Data
///
///     func request(_ route: MovieAPI, completion: @escaping NetworkResultHandler<(Data, HTTPURLResponse)>) {
///         completion(Result { () throws(NetworkError) in try answer(route) })
///     }
///     func request(_ route: MovieAPI) async throws(NetworkError) -> (Data, HTTPURLResponse) {
///         try answer(route)
///     }
///     func cancel() {}
///
///     private func answer(_ route: MovieAPI) throws(NetworkError) -> (Data, HTTPURLResponse) {
///         guard let response = HTTPURLResponse(url: route.baseURL, statusCode: 200, httpVersion: nil, headerFields: nil) else {
///             throw NetworkError.nonHTTPResponse(url: route.baseURL)
///         }
///         return (body, response)
///     }
/// }
///
/// let movie = try await StubRouter(body: json).decode(Movie.self, from: .movie(id: 1))
/// ```
public protocol NetworkRouter: Sendable {
    /// The endpoints this router sends.
    associatedtype EndPoint: EndPointType

    /// The decoder ``decode(_:from:decoder:)`` uses unless given another; a plain `JSONDecoder()` by default.
    var decoder: JSONDecoder { get }

    /// Sends `route`; `completion` gets the body and response of a 2xx answer, else a ``NetworkError``.
    func request(_ route: EndPoint, completion: @escaping NetworkResultHandler<(Data, HTTPURLResponse)>)

    /// Sends `route` and returns the body and response of a 2xx answer, else throws a ``NetworkError``;
    /// honours task cancellation.
    func request(_ route: EndPoint) async throws(NetworkError) -> (Data, HTTPURLResponse)

    /// Cancels every request in flight.
    func cancel()
}
