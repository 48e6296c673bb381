import Foundation

/// What a request carries besides its URL and method.
public enum HTTPTask: Sendable {
    /// Nothing: a plain request.
    case request
    /// Body parameters encoded with `bodyEncoding`, and query parameters.
    case requestParameters(bodyParameters: Parameters?, bodyEncoding: ParameterEncoding, urlParameters: Parameters?)
    /// Like ``requestParameters(bodyParameters:bodyEncoding:urlParameters:)``, plus header fields that override the
    /// endpoint's.
    case requestParametersAndHeaders(bodyParameters: Parameters?, bodyEncoding: ParameterEncoding,
                                     urlParameters: Parameters?, additionHeaders: HTTPHeaders?)
    /// A typed body encoded as JSON (sorted keys), with optional query parameters: no dictionaries to build.
    case requestBody(any Encodable & Sendable, urlParameters: Parameters?)
}
