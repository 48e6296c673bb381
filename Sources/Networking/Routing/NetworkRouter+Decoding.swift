import Foundation

extension NetworkRouter {
    /// A plain `JSONDecoder()`.
    public var decoder: JSONDecoder { JSONDecoder() }

    /// Sends `route` and decodes its body as `T` with `decoder`, or the router's ``decoder``.
    ///
    /// A body that does not decode throws ``NetworkError/decodingFailed(type:codingPath:reason:url:)`` naming where,
    /// e.g. `slideshow.slides[0].title`, and the URL.
    public func decode<T: Decodable>(_ type: T.Type, from route: EndPoint,
                                     decoder: JSONDecoder? = nil) async throws(NetworkError) -> T {
        let (data, response) = try await request(route)
        do {
            return try (decoder ?? self.decoder).decode(T.self, from: data)
        } catch {
            throw NetworkError(decoding: error, type: T.self, url: response.url)
        }
    }
}
