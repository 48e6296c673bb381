import Foundation
import Testing
@testable import CassetteTesting

@Suite("Redaction: secrets never reach the disk")
struct RedactionTests {
    @Test func defaultHeadersAndQueryItems() {
        let request = RecordedRequest(
            method: "GET", url: "http://h/p?token=abc&keep=1&API_KEY=k%20y",
            headers: ["Authorization": "Bearer abc", "cookie": "s=1", "Accept": "x"])
        let redacted = Redaction.default.redact(request)
        #expect(redacted.headers["Authorization"] == "<REDACTED>")
        #expect(redacted.headers["cookie"] == "<REDACTED>")
        #expect(redacted.headers["Accept"] == "x")
        #expect(redacted.url == "http://h/p?token=%3CREDACTED%3E&keep=1&API_KEY=%3CREDACTED%3E")
        #expect(!redacted.url.contains("abc"))
    }

    @Test func responseSetCookie() {
        let response = RecordedResponse(status: 200, headers: ["Set-Cookie": "session=secret"], url: "http://h")
        #expect(Redaction.default.redact(response).headers["Set-Cookie"] == "<REDACTED>")
    }

    @Test func literalSecretsEverywhereAndRestoredOnReplay() {
        let rules = Redaction.default.redactingSecret("s3cr3t", as: "<TOKEN>")
        let request = RecordedRequest(method: "POST", url: "http://h/p/s3cr3t", headers: ["X-Other": "v=s3cr3t"],
                                      body: Body(Data(#"{"t":"s3cr3t"}"#.utf8)))
        let redacted = rules.redact(request)
        #expect(redacted.url == "http://h/p/%3CTOKEN%3E", "a placeholder in a URL is percent-encoded")
        #expect(redacted.headers["X-Other"] == "v=<TOKEN>")
        #expect(redacted.body?.data == Data(#"{"t":"<TOKEN>"}"#.utf8))

        let response = RecordedResponse(status: 200, headers: ["X-Echo": "s3cr3t"],
                                        body: Body(Data(#"{"token": "s3cr3t"}"#.utf8)), url: "http://h")
        let stored = rules.redact(response)
        #expect(stored.body.map { String(decoding: $0.data, as: UTF8.self).contains("s3cr3t") } == false)
        let replayed = rules.restore(stored)
        #expect(replayed.body?.data == response.body?.data)
        #expect(replayed.headers["X-Echo"] == "s3cr3t")
        #expect(rules.redact(text: "failed with s3cr3t") == "failed with <TOKEN>")
    }

    @Test func jsonKeyPathsKeepTheLayout() {
        let rules = Redaction.none.redactingJSONKeyPaths("user.password", "items.secret")
        let body = Body(Data("{\n  \"items\": [\n    {\n      \"secret\": 1\n    }\n  ],\n  \"user\": {\n    \"name\": \"a\",\n    \"password\": \"p\"\n  }\n}\n".utf8))
        let redacted = rules.redact(RecordedRequest(method: "POST", url: "http://h", body: body))
        let text = redacted.body.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        #expect(text == "{\n  \"items\": [\n    {\n      \"secret\": \"<REDACTED>\"\n    }\n  ],\n  \"user\": {\n    \"name\": \"a\",\n    \"password\": \"<REDACTED>\"\n  }\n}\n")
    }

    @Test func emptySecretIsIgnored() {
        #expect(Redaction.default.redactingSecret("", as: "<X>").secrets.isEmpty)
    }
}
