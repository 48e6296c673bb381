import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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
        #expect(differences.ignoring.map(RequestDifferences.code) == #"[.method, .url(ignoringQueryItems: "ts"), .body, .conditions]"#)
    }

    @Test func aVolatileJSONValueIsNamedWithTheMatcherThatIgnoresIt() {
        let differences = RequestDifferences(request("POST", "http://h/e", body: #"{"event":"x","sentAt":"2"}"#),
                                             recorded: request("POST", "http://h/e", body: #"{"event":"x","sentAt":"1"}"#),
                                             matchers: RequestMatcher.defaults)
        #expect(differences.details == ["JSON value at sentAt differs"])
        #expect(differences.ignoring.map(RequestDifferences.code) == #"[.method, .url, .body(ignoringJSONKeyPaths: "sentAt"), .conditions]"#)
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
        #expect(differences.details == [#"headers(accept): header "accept": recorded "application/json", sent "text/html""#])
    }

    @Test func longValuesAreShownWhereTheyDiffer() {
        let prefix = String(repeating: "trace-0123456789-", count: 6)
        let differences = RequestDifferences(request("http://h/a?id=\(prefix)B", headers: ["Accept": "a", "X-Trace": prefix + "B"]),
                                             recorded: request("http://h/a?id=\(prefix)A", headers: ["accept": "a", "x-trace": prefix + "A"]),
                                             matchers: [.method, .url, .headers("Accept", "X-Trace")])
        let shortened = String((prefix + "A").suffix(60))
        #expect(differences.details == [
            #"query item "id": recorded "…\#(shortened)", sent "…\#(shortened.dropLast())B""#,
            #"headers(accept, x-trace): header "x-trace": recorded "…\#(shortened)", sent "…\#(shortened.dropLast())B""#,
        ])
        let early = RequestDifferences(request("http://h/a", headers: ["X-Trace": "B" + prefix]),
                                       recorded: request("http://h/a", headers: ["X-Trace": "A" + prefix]),
                                       matchers: [.headers("X-Trace")])
        let start = String(prefix.prefix(59))
        #expect(early.details == [#"headers(x-trace): header "x-trace": recorded "A\#(start)…", sent "B\#(start)…""#])
    }

    @Test func conditionalHeadersOnlyOneRequestHasAreNamed() {
        let differences = RequestDifferences(request("http://h/a", headers: ["If-None-Match": "\"v1\""]),
                                             recorded: request("http://h/a", headers: ["Range": "bytes=0-9"]),
                                             matchers: [.conditions])
        #expect(differences.details == [
            #"conditions: header "if-none-match" is only in the sent request"#,
            #"conditions: header "range" is only in the recorded request"#,
        ])
    }

    /// The no-match message `Cassette.use` throws for `sent` against a cassette holding only `recorded`.
    /// The cassette replays only because `CI` is set, and the re-record command names the calling test.
    private func message(sent: URLRequest, recorded: Interaction, function: String = #function) async throws -> String {
        try await withTemporaryDirectory { directory in
            try Fixture.write([recorded], name: "advice", in: directory)
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("advice", options: .init(directory: .at(directory), environment: ["CI": "true"]),
                                       function: function) { session in
                    _ = try? await Fixture.send(sent, on: session)
                }
            }
            return error?.message ?? ""
        }
    }

    private func post(_ url: String, _ json: String) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
        return request
    }

    private static let recordAgain = "CASSETTE_RECORD=all swift test --filter"
    private static let recordNew = "CASSETTE_RECORD=new swift test --filter"

    @Test("a changed query value: two choices, ignoring it or recording again, each its own sentence")
    func changedQueryValue() async throws {
        let message = try await message(sent: URLRequest(url: URL(string: "http://api.test/feed?page=1&b=three")!),
                                        recorded: Fixture.interaction("http://api.test/feed?page=1&b=two"))
        #expect(message.contains(#"query item "b": recorded "two", sent "three""#))
        #expect(message.contains("""
            Only values differ, under names the recording has too. If they change from run to run, match without them: \
            matching: [.method, .url(ignoringQueryItems: "b"), .body, .conditions].
            If the request really changed, record the test's cassette again: \(Self.recordAgain) changedQueryValue.
            """), "\(message)")
    }

    @Test("an added query item is another request: no advice to ignore it")
    func addedQueryItem() async throws {
        let message = try await message(sent: URLRequest(url: URL(string: "http://api.test/feed?b=2&a=1&never=recorded")!),
                                        recorded: Fixture.interaction("http://api.test/feed?b=2&a=1"))
        #expect(message.contains(#"query item "never" is only in the sent request"#))
        #expect(!message.contains("ignoringQueryItems"), "\(message)")
        #expect(message.hasSuffix("""
            The request has query items or JSON keys the recording does not, or lacks some it has: it is another \
            request. To record it, run: \(Self.recordNew) addedQueryItem.
            """), "\(message)")
    }

    @Test("a removed query item is another request")
    func removedQueryItem() async throws {
        let message = try await message(sent: URLRequest(url: URL(string: "http://api.test/feed?b=2")!),
                                        recorded: Fixture.interaction("http://api.test/feed?b=2&a=1"))
        #expect(message.contains(#"query item "a" is only in the recorded request"#))
        #expect(!message.contains("ignoringQueryItems"), "\(message)")
        #expect(message.contains("it is another request. To record it, run: \(Self.recordNew) removedQueryItem."))
    }

    @Test("a changed path: the command that records it")
    func changedPath() async throws {
        let message = try await message(sent: URLRequest(url: URL(string: "http://api.test/users/2")!),
                                        recorded: Fixture.interaction("http://api.test/users/1"))
        #expect(message.contains("differs in: url"))
        #expect(!message.contains("match without them"))
        #expect(message.hasSuffix("To record it, run: \(Self.recordNew) changedPath."), "\(message)")
    }

    @Test("a changed JSON value: two choices; an added JSON key: another request")
    func changedJSONBody() async throws {
        let changed = try await message(sent: post("http://api.test/events", #"{"event":"open","sentAt":2}"#),
                                        recorded: Fixture.interaction("POST", "http://api.test/events", requestBody: #"{"event":"open","sentAt":1}"#))
        #expect(changed.contains("JSON value at sentAt differs"))
        #expect(changed.contains(#"matching: [.method, .url, .body(ignoringJSONKeyPaths: "sentAt"), .conditions]."#), "\(changed)")
        #expect(changed.contains("If the request really changed, record the test's cassette again: \(Self.recordAgain) changedJSONBody."))
        let added = try await message(sent: post("http://api.test/events", #"{"event":"open","extra":true}"#),
                                      recorded: Fixture.interaction("POST", "http://api.test/events", requestBody: #"{"event":"open"}"#))
        #expect(added.contains("JSON key extra is only in the sent request"))
        #expect(!added.contains("ignoringJSONKeyPaths"), "\(added)")
        #expect(added.contains("it is another request."))
    }

    @Test("the body's own error is named on a line of its own")
    func bodyErrorOnItsOwnLine() async throws {
        struct Failed: Error {}
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a")], name: "both", in: directory)
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("both", record: .never, options: .init(directory: .at(directory))) { session in
                    _ = try? await Fixture.get("http://api.test/b", on: session)
                    throw Failed()
                }
            }
            #expect(error?.message.contains(".\nThe body also threw an error of type Failed.") == true, "\(error?.message ?? "")")
        }
    }
}
