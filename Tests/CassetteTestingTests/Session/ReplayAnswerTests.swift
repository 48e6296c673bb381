import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Replay gives back what the live request carried")
struct ReplayAnswerTests {
    @Test("placeholders of the request's secrets turn into the values the replayed request carries")
    func restoresFromTheLiveRequest() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = Interaction(
                request: RecordedRequest(method: "GET", url: "http://api.test/me", headers: ["Authorization": "Bearer <REDACTED:authorization>"]),
                response: RecordedResponse(status: 200, headers: ["X-Echo": "<REDACTED:authorization>"],
                                           body: Body(Data(#"{"token":"<REDACTED:authorization>"}"#.utf8)), url: "http://api.test/me"),
                recordedAt: Fixture.recordedAt)
            try Fixture.write([recorded], name: "restore", in: directory)
            for token in ["token-used-in-ci", "a-different-token"] {
                let (data, response) = try await Cassette.use("restore", record: .never, options: .init(directory: .at(directory))) { session in
                    var request = URLRequest(url: URL(string: "http://api.test/me")!)
                    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                    return try await Fixture.send(request, on: session)
                }
                #expect(data == Data(#"{"token":"\#(token)"}"#.utf8))
                #expect(response.value(forHTTPHeaderField: "X-Echo") == token)
            }
        }
    }

    @Test("Content-Length follows the body replay serves when a restored value changed its length")
    func contentLengthFollowsTheBody() async throws {
        try await withTemporaryDirectory { directory in
            let body = #"{"token":"<REDACTED:authorization>"}"#
            let recorded = Interaction(
                request: RecordedRequest(method: "GET", url: "http://api.test/me", headers: ["Authorization": "Bearer <REDACTED:authorization>"]),
                response: RecordedResponse(status: 200, headers: ["Content-Length": "99"], body: Body(Data(body.utf8)),
                                           url: "http://api.test/me"),
                recordedAt: Fixture.recordedAt)
            try Fixture.write([recorded], name: "length", in: directory)
            let (data, response) = try await Cassette.use("length", record: .never, options: .init(directory: .at(directory))) { session in
                var request = URLRequest(url: URL(string: "http://api.test/me")!)
                request.setValue("Bearer short", forHTTPHeaderField: "Authorization")
                return try await Fixture.send(request, on: session)
            }
            #expect(data == Data(#"{"token":"short"}"#.utf8))
            #expect(response.value(forHTTPHeaderField: "Content-Length") == String(data.count))
        }
    }

    @Test("a replayed transport error has the userInfo keys the live one had")
    func transportErrorShape() {
        let live = URLError(.timedOut, userInfo: [:])
        let recorded = RecordedFailure(live, description: live.localizedDescription)
        let url = URL(string: "http://api.test/slow")!
        #expect(recorded.urlError(for: url).errorUserInfo.isEmpty)
        let refused = URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: url, "NSErrorFailingURLStringKey": url.absoluteString,
                                                                NSUnderlyingErrorKey: NSError(domain: "kCFErrorDomainCFNetwork", code: -1004)])
        let replayed = RecordedFailure(refused, description: "x").urlError(for: url)
        #expect(replayed.failingURL == url)
        #expect(replayed.errorUserInfo["NSErrorFailingURLStringKey"] as? String == url.absoluteString)
        #expect((replayed.errorUserInfo[NSUnderlyingErrorKey] as? NSError)?.code == -1004)
        // Cassettes recorded before the shape was kept still name the URL.
        #expect(RecordedFailure(code: -1001, description: "timed out").urlError(for: url).failingURL == url)
    }

    @Test("an answer without placeholders is served as stored")
    func plainAnswer() {
        let interaction = Fixture.interaction("http://api.test/p", body: "<REDACTED>")
        let answer = ReplayAnswer(interaction, placeholderMarkers: Redaction.default.placeholderMarkers)
        guard case .response(let response, let body, let cookies) = answer.outcome(for: URL(string: "http://api.test/p")!,
                                                                                       secrets: SecretSet(stem: "<REDACTED>")) else {
            Issue.record("expected a response")
            return
        }
        #expect(body == Data("<REDACTED>".utf8))
        #expect(response.statusCode == 200)
        #expect(cookies.isEmpty)
    }
}
