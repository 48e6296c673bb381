import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

@Suite("No-match reports: what differs, and how to ignore what is volatile")
struct RequestDifferencesTests {
    private func request(_ url: String, headers: [String: String] = [:]) -> RecordedRequest {
        RecordedRequest(method: "GET", url: url, headers: headers)
    }

    private func request(_ method: String, _ url: String, body: String? = nil) -> RecordedRequest {
        RecordedRequest(method: method, url: url, body: body.map { Body(Data($0.utf8)) })
    }

    @Test func aVolatileQueryItemIsNamedWithTheMatchersThatIgnoreIt() {
        let differences = RequestDifferences(request("http://h/search?q=a&ts=1800"), recorded: request("http://h/search?q=a&ts=1700"),
                                             matchers: RequestMatcher.defaults)
        #expect(differences.matchers == ["url"])
        #expect(differences.details == [#"query item "ts": recorded "1700", sent "1800""#])
        #expect(differences.ignoring.map(RequestDifferences.code) == #"[.method, .url(ignoringQueryItems: "ts"), .body]"#)
    }

    @Test func aVolatileJSONValueIsNamedWithTheMatcherThatIgnoresIt() {
        let differences = RequestDifferences(request("POST", "http://h/e", body: #"{"event":"x","sentAt":"2"}"#),
                                             recorded: request("POST", "http://h/e", body: #"{"event":"x","sentAt":"1"}"#),
                                             matchers: RequestMatcher.defaults)
        #expect(differences.details == ["JSON value at sentAt differs"])
        #expect(differences.ignoring.map(RequestDifferences.code) == #"[.method, .url, .body(ignoringJSONKeyPaths: "sentAt")]"#)
    }

    @Test("a different path is not volatile: no ignoring advice")
    func aRealDifferenceGetsNoIgnoringAdvice() {
        let differences = RequestDifferences(request("http://h/users/2?ts=2"), recorded: request("http://h/users/1?ts=1"),
                                             matchers: RequestMatcher.defaults)
        #expect(differences.ignoring == nil)
        let method = RequestDifferences(request("POST", "http://h/a?ts=2"), recorded: request("http://h/a?ts=1"),
                                        matchers: RequestMatcher.defaults)
        #expect(method.ignoring == nil)
    }

    @Test func headerDifferencesShowBothValues() {
        let differences = RequestDifferences(request("http://h/a", headers: ["Accept": "text/html"]),
                                             recorded: request("http://h/a", headers: ["accept": "application/json"]),
                                             matchers: [.method, .url, .headers("Accept")])
        #expect(differences.details == [#"headers(accept): recorded "accept=application/json", sent "accept=text/html""#])
    }

    @Test func theMessageGivesTheIgnoringMatchersInsteadOfRecordingAgain() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/feed?page=1&ts=1700000000")], name: "volatile", in: directory)
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("volatile", record: .never, options: .init(directory: .at(directory))) { session in
                    _ = try await Fixture.get("http://api.test/feed?page=1&ts=1700000123", on: session)
                }
            }
            let message = error?.message ?? ""
            #expect(message.contains(#"query item "ts": recorded "1700000000", sent "1700000123""#))
            #expect(message.contains(#"Match without them: matching: [.method, .url(ignoringQueryItems: "ts"), .body]"#))
            #expect(!message.contains("CASSETTE_RECORD=new"), "one fix, and recording again would not be it")
        }
    }
}
