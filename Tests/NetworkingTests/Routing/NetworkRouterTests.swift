import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The test double from `NetworkRouter`'s documentation, verbatim.
struct StubRouter: NetworkRouter {
    let body: Data

    func request(_ route: MovieAPI, completion: @escaping NetworkResultHandler<(Data, HTTPURLResponse)>) {
        completion(Result { () throws(NetworkError) in try answer(route) })
    }
    func request(_ route: MovieAPI) async throws(NetworkError) -> (Data, HTTPURLResponse) {
        try answer(route)
    }
    func cancel() {}

    private func answer(_ route: MovieAPI) throws(NetworkError) -> (Data, HTTPURLResponse) {
        guard let response = HTTPURLResponse(url: route.baseURL, statusCode: 200, httpVersion: nil, headerFields: nil) else {
            throw NetworkError.nonHTTPResponse(url: route.baseURL)
        }
        return (body, response)
    }
}

@Suite("Decoding responses")
struct NetworkRouterTests {
    struct Envelope: Decodable, Equatable {
        struct Slideshow: Decodable, Equatable {
            struct Slide: Decodable, Equatable { let title: String }
            let title: String
            let slides: [Slide]
        }
        let slideshow: Slideshow
    }

    struct Movie: Decodable, Equatable { let id: Int }

    @Test func decodesSuccessfully() async throws {
        let server = StubServer(body: #"{"slideshow":{"title":"t","slides":[{"title":"a"}]}}"#)
        let show = try await Router<TestAPI>(session: server.session).decode(Envelope.self, from: TestAPI(baseURL: server.baseURL))
        #expect(show == Envelope(slideshow: .init(title: "t", slides: [.init(title: "a")])))
    }

    @Test("a decoding failure names the coding path and the URL", arguments: [
        (#"{"slideshow":{"title":"t","slides":[{"title":1}]}}"#, "slideshow.slides[0].title"),
        (#"{"slideshow":{"title":"t","slides":[{"title":"a"},{"name":"b"}]}}"#, "slideshow.slides[1].title"),
        (#"{"slideshow":{"title":null,"slides":[]}}"#, "slideshow.title"),
        (#"[1]"#, ""),
        (#"not json"#, ""),
    ])
    func decodingErrors(_ body: String, _ expectedPath: String) async {
        let server = StubServer(body: body)
        let error = await #expect(throws: NetworkError.self) {
            try await Router<TestAPI>(session: server.session).decode(Envelope.self, from: TestAPI(baseURL: server.baseURL))
        }
        guard case .decodingFailed(let type, let path, let reason, let failedURL)? = error else {
            Issue.record("expected decodingFailed, got \(String(describing: error))")
            return
        }
        #expect(type == "Envelope")
        #expect(path == expectedPath)
        #expect(!reason.isEmpty)
        #expect(failedURL == server.baseURL.appendingPathComponent("items"))
        let description = error?.description ?? ""
        #expect(description.contains(expectedPath.isEmpty ? "the top level" : expectedPath))
        #expect(description.contains(server.host))
    }

    @Test func documentedTestDoubleWorksWithDecode() async throws {
        let router = StubRouter(body: Data(#"{"id":550}"#.utf8))
        #expect(try await router.decode(Movie.self, from: .movie(id: 550)) == Movie(id: 550))
        let result = await completion { router.request(.movie(id: 550), completion: $0) }
        #expect((try? result?.get().0) == Data(#"{"id":550}"#.utf8))
    }
}
