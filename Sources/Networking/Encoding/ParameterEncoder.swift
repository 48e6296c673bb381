import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes parameters into a request: into its query, or into its body.
///
/// The package's encoders are ``URLParameterEncoder`` (query), ``FormParameterEncoder`` (form body) and
/// ``JSONParameterEncoder`` (JSON body). Adopt it for another body format and choose it per request with
/// ``ParameterEncoding/custom(_:)``. Set a default `Content-Type` only when the caller has not set one, and report
/// failures as ``NetworkError/encodingFailed(url:reason:)``:
///
/// ```swift
/// /// Body parameters as `text/plain`, one `name=value` line each, names sorted.
/// enum PlainTextEncoder: ParameterEncoder {
///     static func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(NetworkError) {
///         guard parameters.keys.allSatisfy({ !$0.contains("\n") }) else {
///             throw NetworkError.encodingFailed(url: urlRequest.url, reason: "A name holds a line break.")
///         }
///         let lines = parameters.keys.sorted().map { "\($0)=\(parameters[$0] ?? .null)" }
///         urlRequest.httpBody = Data(lines.joined(separator: "\n").utf8)
///         if urlRequest.value(forHTTPHeaderField: "Content-Type") == nil {
///             urlRequest.setValue("text/plain; charset=utf-8", forHTTPHeaderField: "Content-Type")
///         }
///     }
/// }
///
/// var task: HTTPTask {
///     .requestParameters(bodyParameters: ["a": 1, "b": "x"], bodyEncoding: .custom(PlainTextEncoder.self), urlParameters: nil)
/// }
/// ```
public protocol ParameterEncoder: Sendable {
    /// Encodes `parameters` into `urlRequest`; throws ``NetworkError/encodingFailed(url:reason:)`` on failure.
    static func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(NetworkError)
}
