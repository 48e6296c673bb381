import Foundation
import Locking
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fake server for one test: requests to its unique host are answered by its handler, from another queue.
///
/// Tests run in parallel, so each stub owns a host (`t-<uuid>.test`) and the protocol finds the handler by host:
/// there is no process-wide "current handler".
final class StubServer: Sendable {
    /// What the handler answers: a status, headers and body, or `nil` to never answer (until cancelled).
    typealias Handler = @Sendable (URLRequest) -> (status: Int, headers: [String: String], body: Data)?

    let host = "t-\(UUID().uuidString.lowercased()).test"
    let session: URLSession
    private let requests = LockedBox<[URLRequest]>([])
    private let handler: Handler

    var baseURL: URL { URL(string: "https://\(host)/api")! }
    var received: [URLRequest] { requests.withLock { $0 } }

    init(_ handler: @escaping Handler) {
        self.handler = handler
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        session = URLSession(configuration: configuration)
        StubProtocol.servers.withLock { $0[host] = self }
    }

    /// A server that answers every request with `status` and `body`.
    convenience init(status: Int = 200, headers: [String: String] = [:], body: String = "") {
        self.init { _ in (status, headers, Data(body.utf8)) }
    }

    deinit {
        StubProtocol.servers.withLock { $0[host] = nil }
    }

    func answer(_ request: URLRequest) -> (status: Int, headers: [String: String], body: Data)? {
        var recorded = request
        if recorded.httpBody == nil, let stream = request.httpBodyStream { recorded.httpBody = Data(reading: stream) }
        requests.withLock { $0.append(recorded) }
        return handler(recorded)
    }
}

final class StubProtocol: URLProtocol {
    static let servers = LockedBox<[String: StubServer]>([:])

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let server = request.url?.host.flatMap { host in Self.servers.withLock { $0[host] } }
        nonisolated(unsafe) let loader = self
        let request = request
        DispatchQueue.global().async {
            guard let server, let url = request.url else {
                return loader.client?.urlProtocol(loader, didFailWithError: URLError(.cannotFindHost)) ?? ()
            }
            guard let answer = server.answer(request) else { return }  // never answers: waits for cancellation
            let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)!
            loader.client?.urlProtocol(loader, didReceive: response, cacheStoragePolicy: .notAllowed)
            loader.client?.urlProtocol(loader, didLoad: answer.body)
            loader.client?.urlProtocolDidFinishLoading(loader)
        }
    }

    override func stopLoading() {}
}

extension Data {
    init(reading stream: InputStream) {
        self.init()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 { append(buffer, count: count) }
    }
}

/// A public test API whose base URL is the stub server's.
struct TestAPI: PublicEndPoint {
    var baseURL: URL
    var path: String = "items"
    var httpMethod: HTTPMethod = .get
    var task: HTTPTask = .request
    var headers: HTTPHeaders?
}

/// An authenticated test API.
struct SecureAPI: AuthenticatedEndPoint {
    var baseURL: URL
    var path: String = "me"
    var httpMethod: HTTPMethod { .get }
    var task: HTTPTask { .request }
    var headers: HTTPHeaders? { nil }
}
