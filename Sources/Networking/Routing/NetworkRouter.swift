import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the completion of a request receives: the value, or why there is none.
public typealias NetworkResultHandler<T> = @Sendable (Result<T, NetworkError>) -> Void

/// Sends an API's endpoints and hands back validated responses.
///
/// ``Router`` (public endpoints) and ``AuthenticatedController`` (endpoints that need a token) adopt it; a test
/// double can too:
///
/// ```swift
/// struct StubRouter: NetworkRouter {
///     let body: Data
///     func request(_ route: MovieAPI, completion: @escaping NetworkResultHandler<(Data, HTTPURLResponse)>) {
///         let response = HTTPURLResponse(url: route.baseURL, statusCode: 200, httpVersion: nil, headerFields: nil)!
///         completion(.success((body, response)))
///     }
///     func request(_ route: MovieAPI) async throws(NetworkError) -> (Data, HTTPURLResponse) {
///         (body, HTTPURLResponse(url: route.baseURL, statusCode: 200, httpVersion: nil, headerFields: nil)!)
///     }
///     func cancel() {}
/// }
/// let movie = try await StubRouter(body: json).decode(Movie.self, from: .movie(id: 1))
/// ```
public protocol NetworkRouter: Sendable {
    /// The endpoints this router sends.
    associatedtype EndPoint: EndPointType

    /// Sends `route`; `completion` gets the body and response of a 2xx answer, else a ``NetworkError``.
    func request(_ route: EndPoint, completion: @escaping NetworkResultHandler<(Data, HTTPURLResponse)>)

    /// Sends `route` and returns the body and response of a 2xx answer; honours task cancellation.
    func request(_ route: EndPoint) async throws(NetworkError) -> (Data, HTTPURLResponse)

    /// Cancels every request in flight.
    func cancel()
}

extension NetworkRouter {
    /// Sends `route` and decodes its body as `T`. A decoding failure names the coding path and the URL.
    public func decode<T: Decodable>(_ type: T.Type, from route: EndPoint,
                                     decoder: JSONDecoder = JSONDecoder()) async throws(NetworkError) -> T {
        let (data, response) = try await request(route)
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw NetworkError(decoding: error, type: T.self, url: response.url)
        }
    }
}
