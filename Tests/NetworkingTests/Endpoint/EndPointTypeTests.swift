import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The examples from the documentation of `EndPointType`, `PublicEndPoint` and `AuthenticatedEndPoint`, verbatim,
// so they keep compiling.

enum MovieAPI: PublicEndPoint {
    case popular(page: Int)
    case movie(id: Int)
    case rate(id: Int, stars: Double)

    var baseURL: URL { URL(string: "https://api.example.com/3")! }
    var path: String {
        switch self {
        case .popular: "movie/popular"
        case .movie(let id): "movie/\(id)"
        case .rate(let id, _): "movie/\(id)/rating"
        }
    }
    var httpMethod: HTTPMethod {
        switch self {
        case .popular, .movie: .get
        case .rate: .post
        }
    }
    var task: HTTPTask {
        switch self {
        case .popular(let page):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["page": .int(page)])
        case .movie:
            .request
        case .rate(_, let stars):
            .requestParameters(bodyParameters: ["value": .double(stars)], bodyEncoding: .jsonEncoding, urlParameters: nil)
        }
    }
    var headers: HTTPHeaders? { ["Accept": "application/json"] }
}

struct StatusEndPoint: PublicEndPoint {
    var baseURL: URL
    var path: String { "status" }
    var httpMethod: HTTPMethod { .get }
    var task: HTTPTask { .request }
    var headers: HTTPHeaders? { nil }
}

enum AccountAPI: AuthenticatedEndPoint {
    case profile

    var baseURL: URL { URL(string: "https://api.example.com/3")! }
    var path: String { "account" }
    var httpMethod: HTTPMethod { .get }
    var task: HTTPTask { .request }
    var headers: HTTPHeaders? { nil }
}

@Suite("Endpoints")
struct EndPointTypeTests {
    @Test func documentedMovieAPIBuildsTheRequestsItDescribes() throws {
        let router = Router<MovieAPI>()
        let popular = try router.makeRequest(for: .popular(page: 2))
        #expect(popular.url?.absoluteString == "https://api.example.com/3/movie/popular?page=2")
        #expect(popular.httpMethod == "GET")
        #expect(popular.value(forHTTPHeaderField: "Accept") == "application/json")

        let rate = try router.makeRequest(for: .rate(id: 550, stars: 4.5))
        #expect(rate.url?.absoluteString == "https://api.example.com/3/movie/550/rating")
        #expect(rate.httpMethod == "POST")
        #expect(rate.httpBody == Data(#"{"value":4.5}"#.utf8))
    }

    @Test func documentedPublicEndPointIsSent() async throws {
        let server = StubServer(status: 204)
        let session = server.session
        let (_, response) = try await Router<StatusEndPoint>(session: session).request(StatusEndPoint(baseURL: server.baseURL))
        #expect(response.statusCode == 204)
        #expect(server.received.first?.url?.path == "/api/status")
    }

    @Test("public and authenticated endpoints are different types")
    func typeLevelSplit() async throws {
        let server = StubServer(body: "ok")
        let session = server.session
        let token = AuthToken(accessToken: "t", expiresAt: .distantFuture)
        // The right way type-checks: public endpoints through a Router, authenticated ones through a controller.
        let publicController = Router<StatusEndPoint>(session: session)
        _ = try await publicController.request(StatusEndPoint(baseURL: server.baseURL))
        let account = AuthenticatedController<SecureAPI>(session: session, token: token) { token }
        _ = try await account.request(SecureAPI(baseURL: server.baseURL))
        _ = AuthenticatedController<AccountAPI>(session: session, token: token) { token }
        // None of these compiles (uncomment one to see):
        //   publicController.request(AccountAPI.profile) { _ in }   // a Router<StatusEndPoint> takes StatusEndPoint
        //   _ = Router<AccountAPI>(session: session)                // AccountAPI is not a PublicEndPoint
        //   _ = AuthenticatedController<MovieAPI>(session: session) { token }  // MovieAPI is not an AuthenticatedEndPoint
        #expect(server.received.map { $0.value(forHTTPHeaderField: "Authorization") } == [nil, "Bearer t"])
        let kinds: [any EndPointType.Type] = [MovieAPI.self, StatusEndPoint.self, AccountAPI.self, SecureAPI.self]
        #expect(kinds.map { $0 is any PublicEndPoint.Type } == [true, true, false, false])
        #expect(kinds.map { $0 is any AuthenticatedEndPoint.Type } == [false, false, true, true])
    }
}
