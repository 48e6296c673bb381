import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

@Suite("Request matchers")
struct RequestMatcherTests {
    private func request(_ url: String, headers: [String: String] = [:]) -> RecordedRequest {
        request("GET", url, headers: headers)
    }

    private func request(_ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil) -> RecordedRequest {
        RecordedRequest(method: method, url: url, headers: headers, body: body.map { Body(Data($0.utf8)) })
    }

    private func matches(_ a: RecordedRequest, _ b: RecordedRequest, _ matchers: [RequestMatcher] = RequestMatcher.defaults) -> Bool {
        MatchKey(matchers.key(for: a)) == MatchKey(matchers.key(for: b))
    }

    @Test("the conditional and range headers take part by default, names ignoring case; other headers do not")
    func conditionsAreMatchedByDefault() {
        let plain = request("http://h/etag/v1", headers: ["Accept": "*/*"])
        let conditional = request("http://h/etag/v1", headers: ["If-None-Match": "\"v1\"", "Accept": "*/*"])
        let sameConditional = request("http://h/etag/v1", headers: ["if-none-match": "\"v1\""])
        let ranged = request("http://h/etag/v1", headers: ["RANGE": "bytes=0-9"])
        let defaults = RequestMatcher.defaults
        #expect(defaults.map(\.name) == ["method", "url", "body", "conditions"])
        #expect(defaults.key(for: plain) != defaults.key(for: conditional))
        #expect(defaults.key(for: conditional) == defaults.key(for: sameConditional))
        #expect(defaults.key(for: ranged) != defaults.key(for: plain))
        #expect(RequestMatcher.conditions.key(ranged) == "range=bytes=0-9")
        #expect(RequestMatcher.conditions.key(request("http://h/", headers: ["If-Match": "a", "If-Range": "b", "Referer": "c"]))
                == "if-match=a\nif-range=b")
    }

    @Test func queryOrderIsIgnored() {
        #expect(matches(request("http://h/p?a=1&b=2"), request("http://h/p?b=2&a=1")))
        #expect(!matches(request("http://h/p?a=1&b=2"), request("http://h/p?a=1&b=3")))
        #expect(!matches(request("http://h/p?a=1"), request("http://h/other?a=1")))
    }

    @Test("repeated query keys keep their relative order; different keys' order is ignored")
    func repeatedKeysKeepTheirOrder() {
        #expect(!matches(request("http://h/p?a=1&a=2"), request("http://h/p?a=2&a=1")))
        #expect(matches(request("http://h/p?a=1&b=x&a=2"), request("http://h/p?b=x&a=1&a=2")))
        #expect(!matches(request("http://h/p?a=1&a=2"), request("http://h/p?a=2&a=1"), [.query]))
    }

    @Test func volatileQueryItemsCanBeIgnored() {
        let a = request("http://h/p?q=swift&ts=1700000000&nonce=abc"), b = request("http://h/p?nonce=xyz&q=swift&ts=1700000060")
        let ignoringURL: [RequestMatcher] = [.method, .url(ignoringQueryItems: "ts", "nonce"), .body]
        let ignoringQuery: [RequestMatcher] = [.method, .path, .query(ignoring: "ts", "nonce")]
        #expect(!matches(a, b))
        #expect(matches(a, b, ignoringURL))
        #expect(matches(a, b, ignoringQuery))
        #expect(!matches(a, request("http://h/p?q=other&ts=1"), ignoringURL))
        #expect(!matches(a, request("http://h/other?q=swift"), ignoringURL))
    }

    @Test func volatileJSONValuesCanBeIgnored() {
        let a = request("POST", "http://h/p", body: #"{"q":"x","meta":{"sentAt":"10:00","id":1},"items":[{"nonce":"a","v":1}]}"#)
        let b = request("POST", "http://h/p", body: #"{"q":"x","meta":{"sentAt":"10:01","id":1},"items":[{"nonce":"b","v":1}]}"#)
        let ignoring: [RequestMatcher] = [.method, .url, .body(ignoringJSONKeyPaths: "meta.sentAt", "**.nonce")]
        #expect(!matches(a, b))
        #expect(matches(a, b, ignoring))
        let c = request("POST", "http://h/p", body: #"{"q":"y","meta":{"sentAt":"10:01","id":1},"items":[{"nonce":"b","v":1}]}"#)
        #expect(!matches(a, c, ignoring))
    }

    @Test("multipart bodies match by their parts, whatever their random boundary")
    func multipartIgnoresTheBoundary() {
        func multipart(_ boundary: String, file: String = "PNG…") -> RecordedRequest {
            let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n\(file)\r\n--\(boundary)--\r\n"
            return request("POST", "http://h/upload", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: body)
        }
        #expect(matches(multipart("Boundary-\(UUID().uuidString)"), multipart("----WebKitFormBoundary7MA4YWxk")))
        #expect(!matches(multipart("b1"), multipart("b2", file: "GIF…")))
    }

    @Test func formBodiesMatchByFields() {
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        #expect(matches(request("POST", "http://h/p", headers: form, body: "a=1&b=2"), request("POST", "http://h/p", headers: form, body: "b=2&a=1")))
        #expect(!matches(request("POST", "http://h/p", headers: form, body: "a=1&a=2"), request("POST", "http://h/p", headers: form, body: "a=2&a=1")))
    }

    @Test("what a custom matcher needs is public: canonical URL, headers ignoring case, JSON and form fields")
    func helpersForCustomMatchers() {
        let json = request("POST", "HTTP://Example.COM/p?b=2&a=1#frag", headers: ["content-TYPE": "application/json"], body: #"{"a":[1]}"#)
        #expect(json.canonicalURL == "http://example.com/p?a=1&b=2")
        #expect(json.header("Content-Type") == "application/json")
        #expect(json.queryItems == [URLQueryItem(name: "b", value: "2"), URLQueryItem(name: "a", value: "1")])
        #expect(json.jsonBody == .object(["a": .array([.integer(1)])]))
        #expect(json.formFields == nil)
        let form = request("POST", "http://h/p", headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"], body: "q=a+b%21&q=2")
        #expect(form.formFields == [URLQueryItem(name: "q", value: "a b!"), URLQueryItem(name: "q", value: "2")])
        #expect(form.jsonBody == nil)
    }

    @Test("keys compare byte for byte: precomposed and decomposed é are different requests")
    func unicodeNormalizationIsNotEquality() {
        let precomposed = request("POST", "http://h/p", body: "{\"a\":\"\u{E9}\"}")
        let decomposed = request("POST", "http://h/p", body: "{\"a\":\"e\u{301}\"}")
        #expect(!matches(precomposed, decomposed))
        var index = ReplayIndex([Interaction(request: precomposed, response: RecordedResponse(status: 200, url: "http://h/p"),
                                             recordedAt: Fixture.recordedAt)], matchers: RequestMatcher.defaults)
        guard case .none = index.take(RequestMatcher.defaults.key(for: decomposed)) else {
            Issue.record("a decomposed é replayed the precomposed one's recording")
            return
        }
        #expect(RequestMatcher.defaults.differences(between: precomposed, and: decomposed) == ["body"])
    }

    @Test func methodAndHostMatter() {
        #expect(!matches(request("GET", "http://h/p"), request("POST", "http://h/p")))
        #expect(matches(request("get", "http://H/p"), request("GET", "http://h/p")))
        #expect(!matches(request("http://h:1/p"), request("http://h:2/p")))
    }

    @Test func jsonBodiesCompareByMeaning() {
        #expect(matches(request("POST", "http://h/p", body: #"{"a":1,"b":[1,2]}"#),
                        request("POST", "http://h/p", body: "{ \"b\": [1, 2], \"a\": 1 }")))
        #expect(!matches(request("POST", "http://h/p", body: #"{"a":1}"#), request("POST", "http://h/p", body: #"{"a":2}"#)))
        #expect(!matches(request("POST", "http://h/p", body: "a=1"), request("POST", "http://h/p", body: "a=2")))
    }

    @Test func namedHeadersAndCustomKeys() {
        let byAccept: [RequestMatcher] = [.method, .path, .headers("Accept")]
        #expect(matches(request("http://h/p", headers: ["accept": "x"]), request("http://h/p?z=1", headers: ["Accept": "x"]), byAccept))
        #expect(!matches(request("http://h/p", headers: ["Accept": "x"]), request("http://h/p", headers: ["Accept": "y"]), byAccept))
        let ignoringNonce = RequestMatcher.custom("url without nonce") {
            $0.url.replacingOccurrences(of: #"[?&]nonce=[^&]*"#, with: "", options: .regularExpression)
        }
        #expect(matches(request("http://h/p?nonce=1"), request("http://h/p?nonce=2"), [ignoringNonce]))
    }

    @Test func differencesNameTheMatchers() {
        let differences = RequestMatcher.defaults.differences(between: request("POST", "http://h/p", body: "x"),
                                                               and: request("GET", "http://h/p"))
        #expect(differences == ["method", "body"])
    }

    @Test func replayIndexGivesIdenticalRequestsInOrderThenRunsOut() {
        let first = Fixture.interaction("http://h/p", body: "1")
        let second = Fixture.interaction("http://h/p", body: "2")
        var index = ReplayIndex([first, Fixture.interaction("http://h/other"), second], matchers: RequestMatcher.defaults)
        #expect(index.untaken == [0, 1, 2], "recordings not keyed yet are untaken")
        guard case .next(let a) = index.take(first.request), case .next(let b) = index.take(first.request),
              case .exhausted(let last, let count) = index.take(first.request) else {
            Issue.record("expected two replays then exhaustion")
            return
        }
        #expect(index.interactions[a].response?.body?.data == Data("1".utf8))
        #expect(index.interactions[b].response?.body?.data == Data("2".utf8))
        #expect(index.interactions[last] == second && count == 2)
        guard case .none = index.take("missing") else { Issue.record("expected no match"); return }
    }

    @Test("recordings under one method and URL get their full keys when the first such request comes, each key's in recording order")
    func replayIndexKeysOneHeadAtATime() {
        let post = { (body: String, answer: String) in Fixture.interaction("POST", "http://h/p", body: answer, requestBody: body) }
        var conditional = Fixture.interaction("GET", "http://h/p", body: "304")
        conditional.request.headers["If-None-Match"] = "\"v1\""
        let recorded = [post("a", "a1"), post("b", "b1"), Fixture.interaction("GET", "http://h/p", body: "plain"), post("a", "a2"),
                        conditional, Fixture.interaction("GET", "http://h/other")]
        var index = ReplayIndex(recorded, matchers: RequestMatcher.defaults)
        func answers(_ request: RecordedRequest, _ times: Int) -> [String] {
            (0..<times).compactMap { _ in
                guard case .next(let position) = index.take(request) else { return nil }
                return index.interactions[position].response?.body.map { String(decoding: $0.data, as: UTF8.self) }
            }
        }
        #expect(answers(post("a", "").request, 3) == ["a1", "a2"])
        #expect(index.untaken == [1, 2, 4, 5], "the GETs' recordings wait unkeyed; b's is keyed and untaken")
        #expect(answers(conditional.request, 1) == ["304"])
        #expect(answers(recorded[2].request, 2) == ["plain"])
        #expect(answers(post("b", "").request, 1) == ["b1"])
        #expect(index.untaken == [5])
    }
}
