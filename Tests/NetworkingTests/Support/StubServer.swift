import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fake server for one test: requests to its own host (`t-<uuid>.test`) are answered by its handler, from another
/// queue, through ``StubProtocol`` in its session's configuration.
final class StubServer: Sendable {
    /// What the handler answers.
    enum Response: Sendable {
        /// An HTTP response.
        case respond(status: Int, headers: [String: String], body: Data)
        /// A transport failure.
        case fail(URLError)
        /// No answer at all, until the request is cancelled.
        case never

        /// An HTTP response with a text body.
        static func status(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> Response {
            .respond(status: status, headers: headers, body: Data(body.utf8))
        }
    }

    typealias Handler = @Sendable (URLRequest) -> Response

    let host = "t-\(UUID().uuidString.lowercased()).test"
    let session: URLSession
    private let route: StubRoute

    init(_ handler: @escaping Handler) {
        route = StubRoute(handler: handler)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        session = URLSession(configuration: configuration)
        StubRoute.register(route, host: host)
    }

    /// A server that answers every request with `status` and `body`.
    convenience init(status: Int = 200, body: String = "", headers: [String: String] = [:]) {
        self.init { _ in .status(status, body, headers: headers) }
    }

    deinit {
        StubRoute.unregister(host: host)
        session.invalidateAndCancel()
    }

    /// `https://<host>/api`.
    var baseURL: URL { url("/api") }

    /// `https://<host><path>`.
    func url(_ path: String) -> URL {
        var components = URLComponents()
        components.scheme = "https"
        components.host = host
        components.path = path
        return components.url ?? URL(fileURLWithPath: "/unreachable")
    }

    /// Every request received so far, in order of arrival.
    var received: [URLRequest] { route.received }
    /// How many times `stopLoading()` ran for this server's requests.
    var stops: Int { route.stops }
    /// How many protocol instances that started loading for this server are still alive.
    var liveLoaders: Int { route.liveLoaders }

    /// Waits until `condition` holds for this server, up to `seconds`; returns whether it did.
    func eventually(within seconds: Double = 30, _ condition: (StubServer) -> Bool) async -> Bool {
        await NetworkingTests.eventually(within: seconds) { condition(self) }
    }
}
