import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The floor: the least any URLProtocol-based replay can cost. It answers every request with the same bytes
/// and headers as the benchmark's cassettes, from memory, with no lookup at all.
final class FloorProtocol: URLProtocol {
    static let body = Fixtures.jsonBody(1)

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url,
              let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                             headerFields: Fixtures.responseHeaders) else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}

    /// A session answered by `protocolClass` alone, with no cache.
    static func session(protocolClass: AnyClass = FloorProtocol.self, delegate: (any URLSessionDelegate)? = nil) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [protocolClass]
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }
}
