import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes parameters, or any `Encodable` value, as a JSON body with sorted keys.
public enum JSONParameterEncoder: ParameterEncoder {
    /// Sets the body to `parameters` as JSON, and `Content-Type: application/json` unless one is set.
    public static func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(NetworkError) {
        try encode(urlRequest: &urlRequest, body: parameters)
    }

    /// Sets the body to `body` as JSON, and `Content-Type: application/json` unless one is set.
    public static func encode(urlRequest: inout URLRequest, body: any Encodable) throws(NetworkError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            urlRequest.httpBody = try encoder.encode(body)
        } catch {
            throw NetworkError.encodingFailed(url: urlRequest.url, reason: "The body could not be encoded as JSON: \(error)")
        }
        urlRequest.setDefault("application/json", forHTTPHeaderField: "Content-Type")
    }
}
