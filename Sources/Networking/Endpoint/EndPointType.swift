import Foundation

/// Describes one request an API offers: where it goes, how, and with what.
///
/// Model an API as an enum whose cases are its endpoints:
///
/// ```swift
/// enum MovieAPI: PublicEndPoint {
///     case popular(page: Int)
///     case movie(id: Int)
///
///     var baseURL: URL { URL(string: "https://api.example.com/3")! }
///     var path: String {
///         switch self {
///         case .popular: "movie/popular"
///         case .movie(let id): "movie/\(id)"
///         }
///     }
///     var httpMethod: HTTPMethod { .get }
///     var task: HTTPTask {
///         switch self {
///         case .popular(let page): .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["page": .int(page)])
///         case .movie: .request
///         }
///     }
///     var headers: HTTPHeaders? { nil }
/// }
/// ```
///
/// Adopt ``PublicEndPoint`` for endpoints anyone may call (sent with ``Router``) or ``AuthenticatedEndPoint``
/// for endpoints that need a token (sent with ``AuthenticatedController``).
public protocol EndPointType: Sendable {
    /// The API's root, e.g. `https://api.example.com/3`.
    var baseURL: URL { get }
    /// The endpoint's path below ``baseURL``; leading and trailing slashes are optional.
    var path: String { get }
    /// The HTTP method.
    var httpMethod: HTTPMethod { get }
    /// What the request carries: parameters, a body, extra headers.
    var task: HTTPTask { get }
    /// Header fields for every request to this endpoint; the task's `additionHeaders` override them.
    var headers: HTTPHeaders? { get }
}

/// An endpoint anyone may call, without credentials. Only these can be sent with ``Router``.
public protocol PublicEndPoint: EndPointType {}

/// An endpoint that needs an access token. These can only be sent with ``AuthenticatedController``, which always
/// attaches one: sending one through a ``Router`` does not compile.
///
/// ```swift
/// let router = Router<MovieAPI>()
/// router.request(AccountAPI.profile) { _ in }   // error: AccountAPI is not MovieAPI
/// let router2 = Router<AccountAPI>()            // error: AccountAPI does not conform to PublicEndPoint
/// ```
public protocol AuthenticatedEndPoint: EndPointType {}
