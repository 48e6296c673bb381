import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Building requests")
struct RequestBuilderTests {
    @Test("base URL and path join with exactly one slash", arguments: [
        ("https://h.test", "items", "https://h.test/items"),
        ("https://h.test/", "items", "https://h.test/items"),
        ("https://h.test", "/items", "https://h.test/items"),
        ("https://h.test//", "//items", "https://h.test/items"),
        ("https://h.test/", "/items/", "https://h.test/items/"),
        ("https://h.test/v1", "users/1", "https://h.test/v1/users/1"),
        ("https://h.test/v1/", "/users/1", "https://h.test/v1/users/1"),
        ("https://h.test/v1/", "", "https://h.test/v1/"),
        ("https://h.test/v1", "", "https://h.test/v1"),
        ("https://h.test", "", "https://h.test"),
        ("https://h.test/v1?key=1", "items", "https://h.test/v1/items?key=1"),
        ("https://h.test:8443/a%20b", "c", "https://h.test:8443/a%20b/c"),
        ("https://h.test", "search/a b/é?#", "https://h.test/search/a%20b/%C3%A9%3F%23"),
    ])
    func joining(_ base: String, _ path: String, _ expected: String) throws {
        #expect(try RequestBuilder.url(for: TestAPI(baseURL: url(base), path: path)).absoluteString == expected)
    }

    @Test func aBaseURLRelativeToAnotherIsResolved() throws {
        let base = try #require(URL(string: "v2/", relativeTo: url("https://h.test/api/")))
        #expect(try RequestBuilder.url(for: TestAPI(baseURL: base, path: "items")).absoluteString == "https://h.test/api/v2/items")
    }

    @Test func aRelativeBaseURLIsATypedError() throws {
        let base = try url("api/v1")
        #expect(throws: NetworkError.invalidURL(baseURL: base, path: "items")) {
            try RequestBuilder.url(for: TestAPI(baseURL: base, path: "items"))
        }
    }

    @Test func methodTimeoutAndDefaultTimeout() throws {
        let route = TestAPI(baseURL: try url("https://h.test"), httpMethod: .delete)
        let custom = try Router<TestAPI>(timeout: 3).makeRequest(for: route)
        #expect(custom.httpMethod == "DELETE")
        #expect(custom.timeoutInterval == 3)
        #expect(try Router<TestAPI>().makeRequest(for: route).timeoutInterval == 10)
    }

    @Test func queryAndBodyFromTheTask() throws {
        let route = TestAPI(baseURL: try url("https://h.test/?keep=1"), path: "", httpMethod: .post,
                            task: .requestParameters(bodyParameters: ["name": "a b"], bodyEncoding: .formEncoding,
                                                     urlParameters: ["q": "a&b", "city": "Zürich"]))
        let request = try RequestBuilder.makeRequest(for: route, timeout: 5)
        #expect(request.url?.absoluteString == "https://h.test/?keep=1&city=Z%C3%BCrich&q=a%26b")
        #expect(request.httpBody == Data("name=a%20b".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func typedBodyWithQueryAndEncoder() throws {
        struct Filter: Encodable, Sendable { let minYear: Int }
        let snakeCase = JSONEncoder()
        snakeCase.keyEncodingStrategy = .convertToSnakeCase
        let base = try url("https://h.test")
        let plain = try RequestBuilder.makeRequest(for: TestAPI(baseURL: base, task: .requestBody(Filter(minYear: 2000))), timeout: 5)
        #expect(plain.httpBody == Data(#"{"minYear":2000}"#.utf8))
        #expect(plain.url?.query == nil)
        let route = TestAPI(baseURL: base, task: .requestBody(Filter(minYear: 2000), encoder: snakeCase, urlParameters: ["page": 2]))
        let request = try RequestBuilder.makeRequest(for: route, timeout: 5)
        #expect(request.httpBody == Data(#"{"min_year":2000}"#.utf8))
        #expect(request.url?.query == "page=2")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("header precedence: endpoint < task additions < controller; defaults never override")
    func headerPrecedence() throws {
        let route = TestAPI(baseURL: try url("https://h.test"), httpMethod: .post,
                            task: .requestParametersAndHeaders(bodyParameters: ["a": 1], bodyEncoding: .jsonEncoding, urlParameters: nil,
                                                               additionHeaders: ["x-level": "task", "Content-Type": "application/vnd.api+json"]),
                            headers: ["X-Level": "endpoint", "X-Endpoint": "1", "Authorization": "endpoint"])
        let request = try RequestBuilder.makeRequest(for: route, timeout: 5, extraHeaders: ["Authorization": "Bearer t"])
        #expect(request.value(forHTTPHeaderField: "X-Level") == "task")
        #expect(request.value(forHTTPHeaderField: "X-Endpoint") == "1")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(request.allHTTPHeaderFields?.count == 4)
    }

    @Test func anEndpointContentTypeBeatsTheEncodersDefault() throws {
        let route = TestAPI(baseURL: try url("https://h.test"), httpMethod: .post,
                            task: .requestParameters(bodyParameters: ["a": 1], bodyEncoding: .jsonEncoding, urlParameters: nil),
                            headers: ["content-type": "application/merge-patch+json"])
        let request = try RequestBuilder.makeRequest(for: route, timeout: 5)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
    }

    @Test func encodingFailuresAreTyped() throws {
        let route = TestAPI(baseURL: try url("https://h.test"), httpMethod: .post,
                            task: .requestBody(["x": Double.nan]))
        #expect(throws: NetworkError.self) { try RequestBuilder.makeRequest(for: route, timeout: 5) }
    }
}
