import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("JSONParameterEncoder")
struct JSONParameterEncoderTests {
    struct NewUser: Encodable, Sendable {
        let firstName: String
        let homePage: String
    }

    @Test func parametersBecomeSortedJSON() throws {
        var request = URLRequest(url: try url("https://h.test/users"))
        try JSONParameterEncoder.encode(urlRequest: &request, with: ["b": [1, 2.5, true], "a": ["y": nil, "x": "é/"]])
        #expect(request.httpBody == Data(#"{"a":{"x":"é/","y":null},"b":[1,2.5,true]}"#.utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func typedBodiesUseTheDefaultOrTheGivenEncoder() throws {
        let user = NewUser(firstName: "Ada", homePage: "https://a.test/")
        var request = URLRequest(url: try url("https://h.test/users"))
        try JSONParameterEncoder.encode(urlRequest: &request, body: user)
        #expect(request.httpBody == Data(#"{"firstName":"Ada","homePage":"https://a.test/"}"#.utf8))

        let snakeCase = JSONEncoder()
        snakeCase.keyEncodingStrategy = .convertToSnakeCase
        snakeCase.outputFormatting = .sortedKeys
        try JSONParameterEncoder.encode(urlRequest: &request, body: user, encoder: snakeCase)
        #expect(request.httpBody == Data(#"{"first_name":"Ada","home_page":"https:\/\/a.test\/"}"#.utf8))
    }

    @Test func anExplicitContentTypeIsKeptWhateverItsCase() throws {
        var request = URLRequest(url: try url("https://h.test/users"))
        request.setValue("application/vnd.api+json", forHTTPHeaderField: "content-type")
        try JSONParameterEncoder.encode(urlRequest: &request, with: ["a": 1])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }

    @Test("a value JSON cannot hold is a typed error, not a crash", arguments: [Double.nan, .infinity])
    func unencodableValues(_ value: Double) throws {
        var request = URLRequest(url: try url("https://h.test/users"))
        let error = #expect(throws: NetworkError.self) {
            try JSONParameterEncoder.encode(urlRequest: &request, with: ["x": .double(value)])
        }
        guard case .encodingFailed(let failedURL, let reason)? = error else {
            Issue.record("expected encodingFailed, got \(String(describing: error))")
            return
        }
        #expect(failedURL?.absoluteString == "https://h.test/users")
        #expect(reason.contains("JSON"))
        #expect(request.httpBody == nil)
    }
}
