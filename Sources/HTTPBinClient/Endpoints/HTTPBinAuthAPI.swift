import Foundation
import Networking

/// httpbin's endpoints that need credentials; they can only be sent through an `AuthenticatedController`.
public struct HTTPBinAuthAPI: AuthenticatedEndPoint {
    /// Which endpoint.
    public enum Route: Sendable {
        /// `GET /bearer`: succeeds with any `Authorization: Bearer` token.
        case bearer
        /// `GET /basic-auth/{user}/{password}`: succeeds with matching HTTP Basic credentials.
        case basicAuth(user: String, password: String)
    }

    /// The endpoint.
    public let route: Route
    /// The server.
    public let baseURL: URL

    /// An endpoint on the server at `baseURL`.
    public init(_ route: Route, baseURL: URL = HTTPBinServer.baseURL()) {
        self.route = route
        self.baseURL = baseURL
    }

    /// The path of the route.
    public var path: String {
        switch route {
        case .bearer: "bearer"
        case .basicAuth(let user, let password): "basic-auth/\(user)/\(password)"
        }
    }

    /// Always `GET`.
    public var httpMethod: HTTPMethod { .get }
    /// No parameters.
    public var task: HTTPTask { .request }
    /// Asks for JSON.
    public var headers: HTTPHeaders? { ["Accept": "application/json"] }
}
