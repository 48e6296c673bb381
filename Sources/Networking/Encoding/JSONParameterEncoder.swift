import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes parameters, or any `Encodable` value, as a JSON body.
///
/// The default output is deterministic: keys sorted, slashes not escaped. A value JSON cannot hold (a `Double.nan`,
/// a failing `encode(to:)`) throws ``NetworkError/encodingFailed(url:reason:)``; nothing crashes.
public enum JSONParameterEncoder: ParameterEncoder {
    /// Sets the body to `parameters` as JSON, and `Content-Type: application/json` unless one is set.
    public static func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(NetworkError) {
        try encode(urlRequest: &urlRequest, body: parameters)
    }

    /// Sets the body to `body` as JSON written by `encoder` (by default sorted keys, unescaped slashes), and
    /// `Content-Type: application/json` unless one is set.
    public static func encode(urlRequest: inout URLRequest, body: any Encodable,
                              encoder: JSONEncoder? = nil) throws(NetworkError) {
        do {
            urlRequest.httpBody = try (encoder ?? makeDefaultEncoder()).encode(body)
        } catch {
            throw NetworkError.encodingFailed(url: urlRequest.url, reason: "The body could not be encoded as JSON: \(error)")
        }
        urlRequest.setDefault("application/json", forHTTPHeaderField: "Content-Type")
    }

    private static func makeDefaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
