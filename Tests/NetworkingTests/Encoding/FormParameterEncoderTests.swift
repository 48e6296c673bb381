import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("FormParameterEncoder")
struct FormParameterEncoderTests {
    @Test func bodyAndContentType() throws {
        var request = URLRequest(url: try url("https://h.test/form?v=1"))
        try FormParameterEncoder.encode(urlRequest: &request, with: ["name": "a b+c", "n": 1, "tags": ["x", "é"]])
        #expect(request.httpBody == Data("n=1&name=a%20b%2Bc&tags%5B%5D=x&tags%5B%5D=%C3%A9".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(request.url?.absoluteString == "https://h.test/form?v=1", "the query is left alone")
    }

    @Test func anExplicitContentTypeIsKept() throws {
        var request = URLRequest(url: try url("https://h.test/form"))
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "content-type")
        try FormParameterEncoder.encode(urlRequest: &request, with: ["a": 1])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }
}
