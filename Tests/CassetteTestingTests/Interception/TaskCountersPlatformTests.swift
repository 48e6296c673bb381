import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking

/// The platform fact behind a difference ReplayComparedWithLive.md documents: on swift-corelibs-foundation only its own
/// HTTP protocol sets a task's `countOfBytesExpectedToReceive` (and `countOfBytesReceived`, for download tasks only); a
/// `URLProtocol` that answers five bytes with a `Content-Length` leaves both 0, while the response's
/// `expectedContentLength` holds the length.
@Suite("swift-corelibs-foundation: a URLProtocol's answer leaves a task's byte counts at 0")
struct TaskCountersPlatformTests {
    @Test func expectedBytesStayZero() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [SizedAnswer.self]
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "http://sized.test/five")!)
        let (data, response) = try await session.data(for: URLRequest(url: URL(string: "http://sized.test/five")!))
        #expect(data.count == 5 && response.expectedContentLength == 5)
        task.resume()
        while task.state != .completed { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(task.countOfBytesReceived == 0)
        #expect(task.countOfBytesExpectedToReceive == 0)
    }
}

/// Answers every request with five bytes and `Content-Length: 5`.
private final class SizedAnswer: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url,
              let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Length": "5"]) else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data("hello".utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
#endif
