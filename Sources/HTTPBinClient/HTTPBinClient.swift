import Foundation
import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A typed client for the httpbin API, built on `Networking`'s router.
///
/// ```swift
/// let client = HTTPBinClient(session: session)            // inject the session: tests pass a cassette's
/// let search = try await client.search("swift", page: 2)  // search.page.value == 2
/// let user = try await client.create(NewUser(firstName: "Ada", lastName: "Lovelace"))
/// ```
///
/// Public endpoints go through a `Router<HTTPBinAPI>`; `/bearer` and `/basic-auth` through an
/// `AuthenticatedController<HTTPBinAuthAPI>`, which adds the credentials.
public final class HTTPBinClient: Sendable {
    private let router: Router<HTTPBinAPI>
    private let session: URLSession
    /// The server.
    public let baseURL: URL

    /// Creates a client for the server at `baseURL` (by default `HTTPBIN_URL`, or `http://127.0.0.1:8765`).
    public init(session: URLSession = .shared, baseURL: URL = HTTPBinServer.baseURL()) {
        self.session = session
        self.baseURL = baseURL
        router = Router(session: session)
    }

    /// `/get?q=…&page=…&limit=…`: the search as the server echoed it, numbers parsed back from text.
    public func search(_ term: String, page: Int, limit: Int = 20) async throws(NetworkError) -> SearchEcho {
        try await router.decode(SearchEchoEnvelope.self,
                                from: api(.get(query: ["q": .string(term), "page": .int(page), "limit": .int(limit)]))).args
    }

    /// `/get` with `query`: everything the server saw of the request.
    public func echo(query: Parameters = [:]) async throws(NetworkError) -> EchoedRequest {
        var echoed = try await router.decode(EchoedRequest.self, from: api(.get(query: query)))
        echoed.receivedAt = Date()
        return echoed
    }

    /// `/post` with `user` as JSON: the user as the server echoed it (snake_case keys decoded back).
    public func create(_ user: NewUser) async throws(NetworkError) -> EchoedUser {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try await router.decode(EchoedUserEnvelope.self, from: api(.post(json: user, query: [:])), decoder: decoder).json
    }

    /// `/status/{code}`: the status, for a 2xx code; other codes throw `NetworkError.unacceptableStatus`.
    public func status(_ code: Int) async throws(NetworkError) -> Int {
        try await router.request(api(.status(code))).1.statusCode
    }

    /// `/gzip` or `/deflate`: the decoded body says which compression the server used.
    public func compressed(gzip: Bool) async throws(NetworkError) -> CompressionEcho {
        try await router.decode(CompressionEcho.self, from: api(gzip ? .gzip : .deflate))
    }

    /// `/bytes/{count}?seed=`: `count` random bytes, the same for the same seed.
    public func bytes(count: Int, seed: Int) async throws(NetworkError) -> Data {
        try await router.request(api(.bytes(count: count, seed: seed))).0
    }

    /// `/image/png`: the PNG's bytes.
    public func png() async throws(NetworkError) -> Data {
        try await router.request(api(.imagePNG)).0
    }

    /// `/redirect/{hops}`: the final answer, after the redirects.
    public func redirected(hops: Int) async throws(NetworkError) -> EchoedRequest {
        try await router.decode(EchoedRequest.self, from: api(.redirect(hops: hops)))
    }

    /// `/delay/{seconds}`: the echo, after the delay.
    public func delayed(seconds: Int) async throws(NetworkError) -> EchoedRequest {
        try await router.decode(EchoedRequest.self, from: api(.delay(seconds: seconds)))
    }

    /// `/uuid`: a UUID the server made.
    public func uuid() async throws(NetworkError) -> UUID {
        try await router.decode(UUIDEnvelope.self, from: api(.uuid)).uuid
    }

    /// `/json`: httpbin's sample slideshow.
    public func slideshow() async throws(NetworkError) -> Slideshow {
        try await router.decode(SlideshowEnvelope.self, from: api(.json)).slideshow
    }

    /// `/xml`: httpbin's sample XML document, as text.
    public func xml() async throws(NetworkError) -> String {
        String(decoding: try await router.request(api(.xml)).0, as: UTF8.self)
    }

    /// `/response-headers`: the server answers with `headers`; returns the response's header fields.
    public func responseHeaders(_ headers: HTTPHeaders) async throws(NetworkError) -> HTTPHeaders {
        let response = try await router.request(api(.responseHeaders(headers))).1
        var fields: HTTPHeaders = [:]
        for (name, value) in response.allHeaderFields { fields[String(describing: name)] = String(describing: value) }
        return fields
    }

    /// `/bearer` with `token` (refreshed by `refresh` when it has expired).
    public func bearer(_ token: AuthToken,
                       refresh: @escaping @Sendable () async throws -> AuthToken = { throw URLError(.userAuthenticationRequired) })
        async throws(NetworkError) -> AuthenticationResult {
        let controller = AuthenticatedController<HTTPBinAuthAPI>(session: session, token: token, refresh: refresh)
        return try await controller.decode(AuthenticationResult.self, from: HTTPBinAuthAPI(.bearer, baseURL: baseURL))
    }

    /// `/basic-auth/{user}/{password}` with HTTP Basic credentials `user` and `password`.
    public func basicAuth(user: String, password: String, expectedPassword: String? = nil) async throws(NetworkError) -> AuthenticationResult {
        let controller = AuthenticatedController<HTTPBinAuthAPI>(session: session, token: .basic(user: user, password: password)) {
            throw URLError(.userAuthenticationRequired)
        }
        let route = HTTPBinAuthAPI(.basicAuth(user: user, password: expectedPassword ?? password), baseURL: baseURL)
        return try await controller.decode(AuthenticationResult.self, from: route)
    }

    private func api(_ route: HTTPBinAPI.Route) -> HTTPBinAPI {
        HTTPBinAPI(route, baseURL: baseURL)
    }
}
