import Foundation
import Locking
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Router")
struct RouterTests {
    @Test("2xx succeeds", arguments: [200, 201, 204])
    func success(_ status: Int) async throws {
        let body = status == 204 ? "" : "ok \(status)"
        let server = StubServer(status: status, body: body, headers: ["X-Server": "stub"])
        let (data, response) = try await Router<TestAPI>(session: server.session).request(TestAPI(baseURL: server.baseURL))
        #expect(response.statusCode == status)
        #expect(response.value(forHTTPHeaderField: "X-Server") == "stub")
        #expect(data == Data(body.utf8))
    }

    @Test("other statuses map to an error with status, body and URL", arguments: [301, 304, 400, 401, 404, 500, 503])
    func statusMapping(_ status: Int) async throws {
        let server = StubServer(status: status, body: "nope \(status)")
        let route = TestAPI(baseURL: server.baseURL, task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["a": 1]))
        let expectedURL = try url(server.baseURL.absoluteString + "/items?a=1")
        await #expect(throws: NetworkError.unacceptableStatus(status: status, body: Data("nope \(status)".utf8), url: expectedURL)) {
            try await Router<TestAPI>(session: server.session).request(route)
        }
    }

    @Test func transportFailuresKeepTheirCodeAndURL() async {
        let server = StubServer { _ in .fail(URLError(.notConnectedToInternet)) }
        let error = await #expect(throws: NetworkError.self) {
            try await Router<TestAPI>(session: server.session).request(TestAPI(baseURL: server.baseURL))
        }
        guard case .transport(let code, let failedURL, _)? = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(code == .notConnectedToInternet)
        #expect(failedURL == server.baseURL.appendingPathComponent("items"))
    }

    @Test func methodHeadersQueryAndBodyReachTheServer() async throws {
        let server = StubServer(status: 201)
        let route = TestAPI(baseURL: server.baseURL, path: "/users/", httpMethod: .post,
                            task: .requestParametersAndHeaders(bodyParameters: ["name": "Zoë"], bodyEncoding: .jsonEncoding,
                                                               urlParameters: ["dry run": true], additionHeaders: ["X-Trace": "1"]),
                            headers: ["Accept": "application/json"])
        _ = try await Router<TestAPI>(session: server.session).request(route)
        let received = try #require(server.received.first)
        #expect(received.httpMethod == "POST")
        #expect(received.url?.absoluteString == server.baseURL.absoluteString + "/users/?dry%20run=true")
        #expect(received.httpBody == Data(#"{"name":"Zoë"}"#.utf8))
        #expect(received.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(received.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(received.value(forHTTPHeaderField: "X-Trace") == "1")
    }

    @Test func completionHandlerFormSucceedsAndFails() async {
        let server = StubServer { request in request.url?.path == "/api/tea" ? .status(418, "teapot") : .status(200, "ok") }
        let router = Router<TestAPI>(session: server.session)
        let success = await completion { router.request(TestAPI(baseURL: server.baseURL), completion: $0) }
        #expect((try? success?.get().0) == Data("ok".utf8))
        let failure = await completion { router.request(TestAPI(baseURL: server.baseURL, path: "tea"), completion: $0) }
        guard case .failure(.unacceptableStatus(418, let body, _))? = failure else {
            Issue.record("expected a 418 failure, got \(String(describing: failure))")
            return
        }
        #expect(body == Data("teapot".utf8))
    }

    @Test func requestsThatCannotBeBuiltFailWithoutBeingSent() async throws {
        let server = StubServer()
        let router = Router<TestAPI>(session: server.session)
        let result = await completion { router.request(TestAPI(baseURL: server.baseURL, task: .requestBody(["x": Double.nan])), completion: $0) }
        guard case .failure(.encodingFailed)? = result else {
            Issue.record("expected encodingFailed, got \(String(describing: result))")
            return
        }
        await #expect(throws: NetworkError.invalidURL(baseURL: try url("relative"), path: "items")) {
            try await router.request(TestAPI(baseURL: url("relative")))
        }
        #expect(server.received.isEmpty)
    }

    @Test("50 concurrent requests on one router all complete and leave nothing in flight")
    func concurrentRequests() async throws {
        let server = StubServer { request in .status(200, request.url?.lastPathComponent ?? "") }
        let router = Router<TestAPI>(session: server.session)
        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<50 {
                group.addTask {
                    let (data, _) = try await router.request(TestAPI(baseURL: server.baseURL, path: "n/\(index)"))
                    return (index, String(decoding: data, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        #expect(bodies == Dictionary(uniqueKeysWithValues: (0..<50).map { ($0, "\($0)") }))
        #expect(router.inFlightCount == 0)
    }

    @Test func theInitDecoderIsTheDefaultForDecode() async throws {
        struct Item: Decodable, Equatable { let itemName: String }
        let server = StubServer(body: #"{"item_name":"a"}"#)
        let snakeCase = JSONDecoder()
        snakeCase.keyDecodingStrategy = .convertFromSnakeCase
        let router = Router<TestAPI>(session: server.session, decoder: snakeCase)
        #expect(try await router.decode(Item.self, from: TestAPI(baseURL: server.baseURL)) == Item(itemName: "a"))
        await #expect(throws: NetworkError.self, "an explicit decoder wins") {
            try await router.decode(Item.self, from: TestAPI(baseURL: server.baseURL), decoder: JSONDecoder())
        }
    }
}
