import Foundation
import Testing
@testable import CassetteTesting

@Suite("Request matchers")
struct RequestMatcherTests {
    private func request(_ url: String, headers: [String: String] = [:]) -> RecordedRequest {
        request("GET", url, headers: headers)
    }

    private func request(_ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil) -> RecordedRequest {
        RecordedRequest(method: method, url: url, headers: headers, body: body.map { Body(Data($0.utf8)) })
    }

    private func matches(_ a: RecordedRequest, _ b: RecordedRequest, _ matchers: [RequestMatcher] = RequestMatcher.defaults) -> Bool {
        matchers.key(for: a) == matchers.key(for: b)
    }

    @Test func queryOrderIsIgnored() {
        #expect(matches(request("http://h/p?a=1&b=2"), request("http://h/p?b=2&a=1")))
        #expect(!matches(request("http://h/p?a=1&b=2"), request("http://h/p?a=1&b=3")))
        #expect(!matches(request("http://h/p?a=1"), request("http://h/other?a=1")))
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
        let key = RequestMatcher.defaults.key(for: first.request)
        guard case .next(let a) = index.take(key), case .next(let b) = index.take(key),
              case .exhausted(let last, let count) = index.take(key) else {
            Issue.record("expected two replays then exhaustion")
            return
        }
        #expect(index.interactions[a].response?.body?.data == Data("1".utf8))
        #expect(index.interactions[b].response?.body?.data == Data("2".utf8))
        #expect(index.interactions[last] == second && count == 2)
        guard case .none = index.take("missing") else { Issue.record("expected no match"); return }
    }
}
