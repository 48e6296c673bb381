import Foundation

/// What a request carries besides its URL and method.
///
/// URL parameters always go into the query; body parameters are written as `bodyEncoding` says (see
/// ``ParameterEncoding``), so no parameter is ever silently dropped.
public enum HTTPTask: Sendable {
    /// Nothing: a plain request.
    case request
    /// Body parameters written with `bodyEncoding`, and query parameters.
    case requestParameters(bodyParameters: Parameters?, bodyEncoding: ParameterEncoding, urlParameters: Parameters?)
    /// Like ``requestParameters(bodyParameters:bodyEncoding:urlParameters:)``, plus header fields that override the
    /// endpoint's ``EndPointType/headers``.
    case requestParametersAndHeaders(bodyParameters: Parameters?, bodyEncoding: ParameterEncoding,
                                     urlParameters: Parameters?, additionHeaders: HTTPHeaders?)
    /// A typed body written as JSON, and optional query parameters: no dictionaries to build.
    ///
    /// With no `encoder`, keys are sorted and slashes left unescaped, so the same value always gives the same bytes.
    /// A given `encoder` is used as it is (add `.sortedKeys` to its `outputFormatting` to keep that guarantee).
    ///
    /// ```swift
    /// case .create(let user): .requestBody(user)                                // sorted keys
    /// case .legacyCreate(let user): .requestBody(user, encoder: snakeCaseEncoder) // the given encoder, as it is
    /// case .search(let filter): .requestBody(filter, urlParameters: ["page": 2])
    /// ```
    case requestBody(any Encodable & Sendable, encoder: JSONEncoder? = nil, urlParameters: Parameters? = nil)
}
