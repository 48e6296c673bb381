import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Building requests")
struct RequestBuilderTests {
    private func url(_ base: String, _ path: String) throws -> String {
        try RequestBuilder.url(for: TestAPI(baseURL: URL(string: base)!, path: path)).absoluteString
    }

    @Test("base URL and path join with exactly one slash", arguments: [
        ("https://h.test", "items", "https://h.test/items"),
        ("https://h.test/", "items", "https://h.test/items"),
        ("https://h.test", "/items", "https://h.test/items"),
        ("https://h.test/", "/items/", "https://h.test/items/"),
        ("https://h.test/v1", "users/1", "https://h.test/v1/users/1"),
        ("https://h.test/v1/", "", "https://h.test/v1/"),
        ("https://h.test/v1?key=1", "items", "https://h.test/v1/items?key=1"),
        ("https://h.test", "search/a b/é", "https://h.test/search/a%20b/%C3%A9"),
        ("https://h.test", "", "https://h.test"),
    ])
    func joining(_ base: String, _ path: String, _ expected: String) throws {
        #expect(try url(base, path) == expected)
    }

    @Test func relativeBaseURLIsATypedError() {
        #expect(throws: NetworkError.invalidURL(baseURL: URL(string: "api/v1")!, path: "items")) {
            try RequestBuilder.url(for: TestAPI(baseURL: URL(string: "api/v1")!, path: "items"))
        }
    }

    @Test func queryEncodingOfReservedAndNonASCIICharacters() throws {
        let route = TestAPI(baseURL: URL(string: "https://h.test/?keep=1")!, path: "",
                            task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: [
                                "q": "a&b=c?d/e+f g#h", "city": "Zürich", "emoji": "😀", "tilde": "a-b_c.d~e",
                            ]))
        let request = try RequestBuilder.makeRequest(for: route, timeout: 5)
        #expect(request.url?.absoluteString == "https://h.test/?keep=1&city=Z%C3%BCrich&emoji=%F0%9F%98%80&q=a%26b%3Dc%3Fd%2Fe%2Bf%20g%23h&tilde=a-b_c.d~e")
        #expect(request.httpBody == nil)
    }

    @Test func arraysNestedValuesBooleansAndNull() {
        let query = URLParameterEncoder.query(for: [
            "tags": ["a", "b"], "filter": ["year": 2024, "new": true], "none": nil, "ratio": 1.5,
        ])
        #expect(query == "filter%5Bnew%5D=true&filter%5Byear%5D=2024&none=&ratio=1.5&tags%5B%5D=a&tags%5B%5D=b")
    }

    @Test func formBody() throws {
        let route = TestAPI(baseURL: URL(string: "https://h.test")!, httpMethod: .post,
                            task: .requestParameters(bodyParameters: ["name": "a b", "n": 1], bodyEncoding: .formEncoding, urlParameters: ["v": 2]))
        let request = try RequestBuilder.makeRequest(for: route, timeout: 5)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://h.test/items?v=2")
        #expect(request.httpBody == Data("n=1&name=a%20b".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func jsonBodyFromParametersAndFromATypedValue() throws {
        struct NewItem: Encodable, Sendable { let name: String; let tags: [String] }
        let parameters = TestAPI(baseURL: URL(string: "https://h.test")!, httpMethod: .post,
                                 task: .requestParameters(bodyParameters: ["b": 1, "a": ["x": nil]], bodyEncoding: .urlAndJsonEncoding, urlParameters: ["q": "1"]))
        let request = try RequestBuilder.makeRequest(for: parameters, timeout: 5)
        #expect(request.httpBody == Data(#"{"a":{"x":null},"b":1}"#.utf8))
        #expect(request.url?.query == "q=1")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")

        let typed = TestAPI(baseURL: URL(string: "https://h.test")!, httpMethod: .put,
                            task: .requestBody(NewItem(name: "n/1", tags: ["t"]), urlParameters: nil))
        #expect(try RequestBuilder.makeRequest(for: typed, timeout: 5).httpBody == Data(#"{"name":"n/1","tags":["t"]}"#.utf8))
    }

    @Test("header precedence: endpoint < task additions < controller; defaults never override")
    func headerPrecedence() throws {
        let route = TestAPI(baseURL: URL(string: "https://h.test")!, httpMethod: .post,
                            task: .requestParametersAndHeaders(bodyParameters: ["a": 1], bodyEncoding: .jsonEncoding, urlParameters: nil,
                                                               additionHeaders: ["X-Level": "task", "Content-Type": "application/vnd.api+json"]),
                            headers: ["X-Level": "endpoint", "X-Endpoint": "1", "Authorization": "endpoint"])
        let request = try RequestBuilder.makeRequest(for: route, timeout: 5, extraHeaders: ["Authorization": "Bearer t"])
        #expect(request.value(forHTTPHeaderField: "X-Level") == "task")
        #expect(request.value(forHTTPHeaderField: "X-Endpoint") == "1")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(request.timeoutInterval == 5)
    }
}
