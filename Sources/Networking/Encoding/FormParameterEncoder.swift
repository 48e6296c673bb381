import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes parameters as an `application/x-www-form-urlencoded` body, with ``URLParameterEncoder``'s conventions
/// (sorted keys, RFC 3986 percent-encoding, so a space is `%20` and `+` is `%2B`).
public enum FormParameterEncoder: ParameterEncoder {
    /// Sets the body, and `Content-Type: application/x-www-form-urlencoded; charset=utf-8` unless one is set.
    public static func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(NetworkError) {
        urlRequest.httpBody = Data(URLParameterEncoder.query(for: parameters).utf8)
        urlRequest.setDefault("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
    }
}
