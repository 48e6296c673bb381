import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The example from `ParameterEncoder`'s documentation, verbatim.
enum PlainTextEncoder: ParameterEncoder {
    static func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(NetworkError) {
        guard parameters.keys.allSatisfy({ !$0.contains("\n") }) else {
            throw NetworkError.encodingFailed(url: urlRequest.url, reason: "A name holds a line break.")
        }
        let lines = parameters.keys.sorted().map { "\($0)=\(parameters[$0] ?? .null)" }
        urlRequest.httpBody = Data(lines.joined(separator: "\n").utf8)
        if urlRequest.value(forHTTPHeaderField: "Content-Type") == nil {
            urlRequest.setValue("text/plain; charset=utf-8", forHTTPHeaderField: "Content-Type")
        }
    }
}

@Suite("ParameterEncoding")
struct ParameterEncodingTests {
    private func encode(_ encoding: ParameterEncoding, body: Parameters?, query: Parameters?) throws -> URLRequest {
        var request = URLRequest(url: try url("https://h.test/p"))
        try encoding.encode(urlRequest: &request, bodyParameters: body, urlParameters: query)
        return request
    }

    @Test("URL parameters always go into the query", arguments: [ParameterEncoding.urlEncoding, .jsonEncoding, .urlAndJsonEncoding, .formEncoding])
    func urlParametersInTheQuery(_ encoding: ParameterEncoding) throws {
        #expect(try encode(encoding, body: nil, query: ["q": "a b"]).url?.query == "q=a%20b")
        #expect(try encode(encoding, body: nil, query: ["q": "a b"]).httpBody == nil)
    }

    @Test func eachEncodingWritesBodyParametersItsWay() throws {
        let url = try encode(.urlEncoding, body: ["b": 1], query: ["a": 2])
        #expect(url.url?.query == "a=2&b=1")
        #expect(url.httpBody == nil)

        let json = try encode(.urlAndJsonEncoding, body: ["b": 1], query: ["a": 2])
        #expect(json.url?.query == "a=2")
        #expect(json.httpBody == Data(#"{"b":1}"#.utf8))

        let form = try encode(.formEncoding, body: ["b": 1], query: nil)
        #expect(form.httpBody == Data("b=1".utf8))
        #expect(form.url?.query == nil)
    }

    @Test func customEncodersWriteTheBody() throws {
        let request = try encode(.custom(PlainTextEncoder.self), body: ["b": "x", "a": [1, 2]], query: ["q": 1])
        #expect(request.httpBody == Data("a=[1, 2]\nb=x".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
        #expect(request.url?.query == "q=1")
        let base = try url("https://h.test/p")
        #expect(throws: NetworkError.encodingFailed(url: base, reason: "A name holds a line break.")) {
            try encode(.custom(PlainTextEncoder.self), body: ["a\nb": 1], query: nil)
        }
    }

    @Test func equalityIsByEncoder() {
        #expect(ParameterEncoding.urlAndJsonEncoding == .jsonEncoding)
        #expect(ParameterEncoding.custom(JSONParameterEncoder.self) == .jsonEncoding)
        #expect(ParameterEncoding.formEncoding != .urlEncoding)
        #expect(Set([ParameterEncoding.urlEncoding, .jsonEncoding, .urlAndJsonEncoding, .formEncoding]).count == 3)
        #expect(ParameterEncoding.jsonEncoding.description == "JSONParameterEncoder")
    }
}
