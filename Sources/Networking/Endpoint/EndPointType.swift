import Foundation

/// Describes one request an API offers: where it goes, how, and with what.
///
/// Model an API as an enum whose cases are its endpoints, and adopt ``PublicEndPoint`` (sent with ``Router``) or
/// ``AuthenticatedEndPoint`` (sent with ``AuthenticatedController``), never `EndPointType` alone:
///
/// ```swift
/// enum MovieAPI: PublicEndPoint {
///     case popular(page: Int)
///     case movie(id: Int)
///     case rate(id: Int, stars: Double)
///
///     var baseURL: URL { URL(string: "https://api.example.com/3")! }
///     var path: String {
///         switch self {
///         case .popular: "movie/popular"
///         case .movie(let id): "movie/\(id)"
///         case .rate(let id, _): "movie/\(id)/rating"
///         }
///     }
///     var httpMethod: HTTPMethod {
///         switch self {
///         case .popular, .movie: .get
///         case .rate: .post
///         }
///     }
///     var task: HTTPTask {
///         switch self {
///         case .popular(let page):
///             .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["page": .int(page)])
///         case .movie:
///             .request
///         case .rate(_, let stars):
///             .requestParameters(bodyParameters: ["value": .double(stars)], bodyEncoding: .jsonEncoding, urlParameters: nil)
///         }
///     }
///     var headers: HTTPHeaders? { ["Accept": "application/json"] }
/// }
///
/// let router = Router<MovieAPI>(session: session)
/// let movie = try await router.decode(Movie.self, from: .movie(id: 550))
/// ```
public protocol EndPointType: Sendable {
    /// The API's root, e.g. `https://api.example.com/3`. It must be absolute; it may carry a path and a query.
    var baseURL: URL { get }
    /// The endpoint's path below ``baseURL``, not yet percent-encoded; leading and trailing slashes are optional.
    var path: String { get }
    /// The HTTP method.
    var httpMethod: HTTPMethod { get }
    /// What the request carries: parameters, a body, extra headers.
    var task: HTTPTask { get }
    /// Header fields for every request to this endpoint; the task's `additionHeaders` override them.
    var headers: HTTPHeaders? { get }
}
