import CassetteTesting
import Foundation
import Testing

/// The README's `CassetteTesting` samples, verbatim, so that they keep compiling (the usage sample lives in
/// `HTTPBinClientTests`): keep the two in step.
@Suite("README samples")
struct ReadmeSamplesTests {
    @Test func matchingSample() {
        let matchers: [RequestMatcher] = [.method, .url(ignoringQueryItems: "ts"), .body(ignoringJSONKeyPaths: "**.requestId")]
        let byTenant = RequestMatcher.custom("tenant") { request in request.header("X-Tenant") ?? "" }
        let request = RecordedRequest(method: "GET", url: "http://h/p?ts=1", headers: ["x-tenant": "acme"])
        #expect(matchers.map(\.name) == ["method", #"url(ignoringQueryItems: "ts")"#, #"body(ignoringJSONKeyPaths: "**.requestId")"#])
        #expect(byTenant.key(request) == "acme")
    }

    @Test func redactionSample() {
        let token = ProcessInfo.processInfo.environment["API_TOKEN"] ?? "test-token"
        let redaction = Redaction.default
            .redactingHeaders("X-Session")              // a header
            .redactingQueryItems("signature")           // a query item or form field
            .redactingJSONKeyPaths("user.ssn", "**.pin") // JSON values: a path from the top, or a key at any depth
            .redactingSecret(token, as: "<API_TOKEN>")  // a literal value, wherever it appears
        #expect(redaction.headerNames.contains("x-session"))
        #expect(redaction.jsonKeyPaths.suffix(2) == ["user.ssn", "**.pin"])
        #expect(redaction.secrets.map(\.placeholder) == ["<API_TOKEN>"])
    }
}
