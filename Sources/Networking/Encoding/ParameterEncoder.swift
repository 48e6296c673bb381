import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes parameters into a request: into its query, or into its body.
public protocol ParameterEncoder {
    /// Encodes `parameters` into `urlRequest`; throws ``NetworkError/encodingFailed(url:reason:)`` on failure.
    static func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(NetworkError)
}

/// How a request's body parameters are written; URL parameters always go into the query.
public enum ParameterEncoding: Sendable, Hashable {
    /// Body parameters are added to the query too (the request has no body).
    case urlEncoding
    /// Body parameters become a JSON body (`Content-Type: application/json` unless set).
    case jsonEncoding
    /// URL parameters go into the query, body parameters into a JSON body.
    case urlAndJsonEncoding
    /// Body parameters become a form body (`Content-Type: application/x-www-form-urlencoded; charset=utf-8` unless set).
    case formEncoding

    /// Encodes `bodyParameters` and `urlParameters` into `urlRequest`.
    public func encode(urlRequest: inout URLRequest, bodyParameters: Parameters?,
                       urlParameters: Parameters?) throws(NetworkError) {
        if let urlParameters, !urlParameters.isEmpty {
            try URLParameterEncoder.encode(urlRequest: &urlRequest, with: urlParameters)
        }
        guard let bodyParameters else { return }
        switch self {
        case .urlEncoding:
            try URLParameterEncoder.encode(urlRequest: &urlRequest, with: bodyParameters)
        case .jsonEncoding, .urlAndJsonEncoding:
            try JSONParameterEncoder.encode(urlRequest: &urlRequest, with: bodyParameters)
        case .formEncoding:
            try FormParameterEncoder.encode(urlRequest: &urlRequest, with: bodyParameters)
        }
    }
}

extension URLRequest {
    /// Sets a header field unless the caller already set one (names compare ignoring case).
    mutating func setDefault(_ value: String, forHTTPHeaderField field: String) {
        if self.value(forHTTPHeaderField: field) == nil { setValue(value, forHTTPHeaderField: field) }
    }
}
