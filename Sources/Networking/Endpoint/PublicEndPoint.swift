/// An endpoint anyone may call, without credentials. Only these can be sent with ``Router``.
///
/// Adopting it is a promise that no token is needed; the members are ``EndPointType``'s (see its example):
///
/// ```swift
/// struct StatusEndPoint: PublicEndPoint {
///     var baseURL: URL
///     var path: String { "status" }
///     var httpMethod: HTTPMethod { .get }
///     var task: HTTPTask { .request }
///     var headers: HTTPHeaders? { nil }
/// }
/// let (_, response) = try await Router<StatusEndPoint>(session: session).request(StatusEndPoint(baseURL: server))
/// ```
public protocol PublicEndPoint: EndPointType {}
