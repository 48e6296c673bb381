import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(FoundationNetworking)
/// Apple's route (``ClientRoute``), driven here by a stand-in for Apple's loading system (``LoadingStandIn``): a
/// recorded chain replays hop by hop, each redirect reported to the system and followed by a new protocol; the app's
/// delegate is asked what it was asked live, and deciding otherwise fails as on Linux's route. What the real system
/// does is not known here beyond what the stand-in states.
@Suite("Apple's route: redirects and challenges through the loading system (a stand-in here)")
struct ClientRouteTests {
    private static let json = ["Content-Type": "application/json"]

    /// `GET /start` redirected to `/middle`, then to `/end`, which answers 200.
    private static let followed = Interaction(
        request: RecordedRequest(method: "GET", url: "http://api.test/start"),
        response: RecordedResponse(status: 200, headers: json, body: Body(Data(#"{"at":"end"}"#.utf8)), url: "http://api.test/end",
                                   redirects: [RecordedRedirect(status: 302, url: "http://api.test/start", headers: ["Location": "/middle"]),
                                               RecordedRedirect(status: 302, url: "http://api.test/middle", headers: ["Location": "/end"])]),
        recordedAt: Fixture.recordedAt)

    /// `GET /start` whose redirect the app's delegate stopped at when recorded.
    private static let stopped = Interaction(
        request: RecordedRequest(method: "GET", url: "http://api.test/start"),
        response: RecordedResponse(status: 302, headers: ["Location": "/middle", "Content-Type": "text/html"],
                                   body: Body(Data("<a href=/middle>moved</a>".utf8)), url: "http://api.test/start"),
        recordedAt: Fixture.recordedAt)

    /// `GET /private` challenged, answered with a credential, then 200.
    private static let challenged = Interaction(
        request: RecordedRequest(method: "GET", url: "http://api.test/private"),
        response: RecordedResponse(status: 200, headers: json, body: Body(Data(#"{"authenticated":true}"#.utf8)), url: "http://api.test/private",
                                   redirects: [RecordedRedirect(status: 401, url: "http://api.test/private",
                                                                headers: ["WWW-Authenticate": #"Basic realm="Fake Realm""#])]),
        recordedAt: Fixture.recordedAt)

    /// What replaying `interaction` through the stand-in with `delegate` gives the task, what the delegate was
    /// asked, and the error `use` throws, if any.
    private func replay(_ interaction: Interaction, _ delegate: DecidingDelegate, _ url: String) async throws
        -> (result: LoadingStandIn.Result, asked: [String], error: CassetteError?) {
        try await withTemporaryDirectory { directory in
            try Fixture.write([interaction], name: "chain", in: directory)
            var options = CassetteOptions(directory: .at(directory), environment: [:])
            options.asksThroughClient = true
            var result = LoadingStandIn.Result()
            do {
                try await Cassette.use("chain", record: .never, options: options) { _ in
                    let configuration = try #require(Cassette.current?.configuration)
                    result = try await LoadingStandIn(configuration, delegate: delegate).load(URLRequest(url: URL(string: url)!))
                }
            } catch let error as CassetteError {
                return (result, delegate.log, error)
            }
            return (result, delegate.log, nil)
        }
    }

    @Test("a followed chain replays hop by hop: each redirect reported, a protocol per hop, the delegate asked as when recorded")
    func followedChain() async throws {
        let (result, asked, error) = try await replay(Self.followed, DecidingDelegate(), "http://api.test/start")
        #expect(error == nil)
        #expect(result == LoadingStandIn.Result(status: 200, url: "http://api.test/end", body: Data(#"{"at":"end"}"#.utf8), protocols: 3))
        #expect(asked == ["redirect 302 /start -> GET http://api.test/middle", "redirect 302 /middle -> GET http://api.test/end"])
    }

    @Test("stopping where the recording followed: the task gets the redirect, and the test fails naming it")
    func stoppedWhereRecordingFollowed() async throws {
        let (result, asked, error) = try await replay(Self.followed, DecidingDelegate(redirects: .stop), "http://api.test/start")
        #expect(result.status == 302 && result.protocols == 1 && result.error == nil)
        #expect(asked == ["redirect 302 /start -> GET http://api.test/middle"])
        #expect(error?.code == .delegateDecidedOtherwise)
        #expect(error?.message.contains("stopped at the redirect from http://api.test/start (302) that the recording followed") == true, "\(String(describing: error))")
    }

    @Test("a redirect the recording stopped at: refused again, the task gets it with its body; followed, the new request fails")
    func recordingStoppedAtARedirect() async throws {
        let refused = try await replay(Self.stopped, DecidingDelegate(redirects: .stop), "http://api.test/start")
        #expect(refused.error == nil)
        #expect(refused.result == LoadingStandIn.Result(status: 302, url: "http://api.test/start", body: Data("<a href=/middle>moved</a>".utf8), protocols: 1))
        let followed = try await replay(Self.stopped, DecidingDelegate(), "http://api.test/start")
        #expect(followed.result.protocols == 2 && followed.result.error == URLError.resourceUnavailable.rawValue)
        #expect(followed.error?.message.contains("followed the redirect from http://api.test/start (302) to http://api.test/middle, where the recording stopped") == true)
    }

    @Test("a delegate that sends the redirect elsewhere (a copy of the proposed request, changed): fails naming both")
    func rewrittenRedirect() async throws {
        let delegate = DecidingDelegate(redirects: .rewrite(path: "/elsewhere", header: ("X-Rewritten", "yes")))
        let (result, _, error) = try await replay(Self.followed, delegate, "http://api.test/start")
        // The rewritten request kept the link's token: it went on with the chain, which names the difference.
        #expect(result.protocols == 2)
        #expect(error?.message.contains("sent the redirect from http://api.test/start (302) to http://api.test/elsewhere, where the recording went to http://api.test/middle") == true,
                "\(String(describing: error))")
    }

    @Test("a challenge answered with a credential replays; declined where it was answered, it fails")
    func challenges() async throws {
        let answered = try await replay(Self.challenged, DecidingDelegate(challenges: [.credential(user: "demo", password: "pw")]), "http://api.test/private")
        #expect(answered.error == nil)
        #expect(answered.result == LoadingStandIn.Result(status: 200, url: "http://api.test/private", body: Data(#"{"authenticated":true}"#.utf8), protocols: 1))
        #expect(answered.asked == ["challenge NSURLAuthenticationMethodHTTPBasic realm Fake Realm http://api.test:80 failures 0 proposed - failure 401"])
        let cancelled = try await replay(Self.challenged, DecidingDelegate(challenges: [.cancel]), "http://api.test/private")
        #expect(cancelled.error?.message.contains("gave no credential for the challenge of http://api.test/private (401) that it answered when recorded") == true)
        #expect(cancelled.result.error == URLError.resourceUnavailable.rawValue)
    }
}
#endif
