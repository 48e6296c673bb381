import Foundation
import Locking
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Router")
struct RouterTests {
    struct Slideshow: Decodable, Equatable {
        struct Slide: Decodable, Equatable { let title: String }
        let title: String
        let slides: [Slide]
    }

    @Test("2xx succeeds", arguments: [200, 201, 204])
    func success(_ status: Int) async throws {
        let server = StubServer(status: status, body: status == 204 ? "" : "ok")
        let (data, response) = try await Router<TestAPI>(session: server.session).request(TestAPI(baseURL: server.baseURL))
        #expect(response.statusCode == status)
        #expect(data == Data((status == 204 ? "" : "ok").utf8))
    }

    @Test("other statuses map to an error with status, body and URL", arguments: [301, 404, 500, 503])
    func statusMapping(_ status: Int) async {
        let server = StubServer(status: status, body: "nope")
        let route = TestAPI(baseURL: server.baseURL)
        await #expect(throws: NetworkError.unacceptableStatus(status: status, body: Data("nope".utf8),
                                                              url: server.baseURL.appendingPathComponent("items"))) {
            try await Router<TestAPI>(session: server.session).request(route)
        }
    }

    @Test func decodingErrorsNameTheCodingPathAndURL() async {
        let server = StubServer(body: #"{"title":"t","slides":[{"title":"a"},{"name":"b"}]}"#)
        let error = await #expect(throws: NetworkError.self) {
            try await Router<TestAPI>(session: server.session).decode(Slideshow.self, from: TestAPI(baseURL: server.baseURL))
        }
        guard case .decodingFailed(let type, let path, _, let url)? = error else {
            Issue.record("expected decodingFailed, got \(String(describing: error))")
            return
        }
        #expect(type == "Slideshow")
        #expect(path == "slides[1].title")
        #expect(url?.absoluteString == server.baseURL.absoluteString + "/items")
        #expect(error?.description.contains("slides[1].title") == true)
    }

    @Test func decodesSuccessfully() async throws {
        let server = StubServer(body: #"{"title":"t","slides":[{"title":"a"}]}"#)
        let show = try await Router<TestAPI>(session: server.session).decode(Slideshow.self, from: TestAPI(baseURL: server.baseURL))
        #expect(show == Slideshow(title: "t", slides: [.init(title: "a")]))
    }

    @Test func completionHandlerForm() async {
        let server = StubServer(status: 418, body: "teapot")
        let router = Router<TestAPI>(session: server.session)
        let result = await withCheckedContinuation { continuation in
            router.request(TestAPI(baseURL: server.baseURL)) { continuation.resume(returning: $0) }
        }
        guard case .failure(.unacceptableStatus(418, _, _)) = result else {
            Issue.record("expected a 418 failure, got \(result)")
            return
        }
    }

    @Test func encodingFailuresReachTheCompletion() async {
        let router = Router<TestAPI>(session: StubServer().session)
        let result = await withCheckedContinuation { continuation in
            router.request(TestAPI(baseURL: URL(string: "relative")!, path: "items")) { continuation.resume(returning: $0) }
        }
        guard case .failure(.invalidURL) = result else {
            Issue.record("expected invalidURL, got \(result)")
            return
        }
    }

    @Test("cancel() cancels every request in flight, not only the last")
    func cancelCancelsAll() async throws {
        let server = StubServer { _ in nil }  // never answers
        let router = Router<TestAPI>(session: server.session)
        let results = LockedBox<[Result<(Data, HTTPURLResponse), NetworkError>]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for index in 0..<5 {
                router.request(TestAPI(baseURL: server.baseURL, path: "slow/\(index)")) { result in
                    let count = results.withLock { $0.append(result); return $0.count }
                    if count == 5 { done.resume() }
                }
            }
            Task {
                while server.received.count < 5 { try? await Task.sleep(for: .milliseconds(5)) }
                router.cancel()
            }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 5)
        for result in all {
            guard case .failure(.cancelled) = result else {
                Issue.record("expected cancelled, got \(result)")
                continue
            }
        }
    }

    @Test func swiftTaskCancellationCancelsTheRequest() async throws {
        let server = StubServer { _ in nil }
        let router = Router<TestAPI>(session: server.session)
        let task = Task { try await router.request(TestAPI(baseURL: server.baseURL)) }
        while server.received.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        await #expect(throws: NetworkError.cancelled(url: server.baseURL.appendingPathComponent("items"))) {
            try await task.value
        }
    }

    @Test func errorDescriptionsAreReadableAndBounded() {
        let big = NetworkError.unacceptableStatus(status: 500, body: Data(repeating: UInt8(ascii: "x"), count: 10_000),
                                                  url: URL(string: "https://h.test/a"))
        #expect(big.description.hasPrefix("HTTP 500 (https://h.test/a): xxx"))
        #expect(big.description.hasSuffix("… (10000 bytes)"))
        #expect(big.description.count < 300)
    }
}
