import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a request's body parameters are written (URL parameters always go into the query). A struct with static
/// members, so a new encoding never breaks a caller's `switch`.
public struct ParameterEncoding: Sendable, Hashable, CustomStringConvertible {
    private let encoder: any ParameterEncoder.Type

    private init(_ encoder: any ParameterEncoder.Type) {
        self.encoder = encoder
    }

    /// Body parameters are added to the query too, so the request has no body.
    public static let urlEncoding = ParameterEncoding(URLParameterEncoder.self)
    /// Body parameters become a JSON body (`Content-Type: application/json` unless set).
    public static let jsonEncoding = ParameterEncoding(JSONParameterEncoder.self)
    /// URL parameters go into the query, body parameters into a JSON body: the same as ``jsonEncoding``.
    public static let urlAndJsonEncoding = jsonEncoding
    /// Body parameters become a form body (`Content-Type: application/x-www-form-urlencoded; charset=utf-8` unless set).
    public static let formEncoding = ParameterEncoding(FormParameterEncoder.self)

    /// Body parameters are written by `encoder`, e.g. a format of your own.
    public static func custom(_ encoder: any ParameterEncoder.Type) -> ParameterEncoding {
        ParameterEncoding(encoder)
    }

    /// Encodes `urlParameters` into the query and `bodyParameters` as this encoding says.
    public func encode(urlRequest: inout URLRequest, bodyParameters: Parameters?,
                       urlParameters: Parameters?) throws(NetworkError) {
        if let urlParameters, !urlParameters.isEmpty {
            try URLParameterEncoder.encode(urlRequest: &urlRequest, with: urlParameters)
        }
        if let bodyParameters {
            try encoder.encode(urlRequest: &urlRequest, with: bodyParameters)
        }
    }

    /// The encoder's type name, e.g. `JSONParameterEncoder`.
    public var description: String { String(describing: encoder) }

    /// Whether both write body parameters with the same encoder.
    public static func == (lhs: ParameterEncoding, rhs: ParameterEncoding) -> Bool {
        ObjectIdentifier(lhs.encoder) == ObjectIdentifier(rhs.encoder)
    }

    /// Hashes the encoder's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(encoder))
    }
}
