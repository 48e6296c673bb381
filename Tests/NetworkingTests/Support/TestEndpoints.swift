import Foundation
import Testing
@testable import Networking

/// A public test endpoint; every part can be set.
struct TestAPI: PublicEndPoint {
    var baseURL: URL
    var path: String = "items"
    var httpMethod: HTTPMethod = .get
    var task: HTTPTask = .request
    var headers: HTTPHeaders?
}

/// An authenticated test endpoint; its own `Authorization` header must lose to the controller's.
struct SecureAPI: AuthenticatedEndPoint {
    var baseURL: URL
    var path: String = "me"
    var httpMethod: HTTPMethod { .get }
    var task: HTTPTask { .request }
    var headers: HTTPHeaders? { ["Authorization": "from-endpoint", "Accept": "application/json"] }
}

/// `string` as a URL; a test issue if it is not one.
func url(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(URL(string: string), sourceLocation: sourceLocation)
}
