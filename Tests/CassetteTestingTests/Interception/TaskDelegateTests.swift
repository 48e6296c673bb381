import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the cassette hands the app's delegate (the request a redirect proposes, the protection space of a challenge,
/// as swift-corelibs-foundation builds them), and replay asking the delegate again: the same decisions replay the
/// recording, other decisions fail naming what changed. The live suite compares all of it with URLSession itself
/// (`LiveFidelityTests`, the cases with a deciding delegate).
@Suite("The app's delegate decides redirects and challenges")
struct TaskDelegateTests {
    private static func response(_ status: Int, _ url: String, _ headers: [String: String]) -> HTTPURLResponse {
        HTTPURLResponse(url: URL(string: url)!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    @Test("a redirect proposes the Location resolved against the request, with the method URLSession uses")
    func redirectRequests() throws {
        var post = URLRequest(url: URL(string: "http://api.test/a/b?x=1")!)
        post.httpMethod = "POST"
        post.httpBody = Data("body".utf8)
        let to302 = try #require(RedirectRequest.next(after: Self.response(302, "http://api.test/a/b", ["location": "/c?d=2"]), from: post))
        #expect(to302.url?.absoluteString == "http://api.test/c?d=2")
        #expect(to302.httpMethod == "GET" && to302.httpBody == nil)
        var put = post
        put.httpMethod = "PUT"
        let to303 = try #require(RedirectRequest.next(after: Self.response(303, "http://api.test/a/b", ["Location": "http://other.test/z"]), from: put))
        #expect(to303.url?.absoluteString == "http://other.test/z" && to303.httpMethod == "GET")
        let to307 = try #require(RedirectRequest.next(after: Self.response(307, "http://api.test/a/b", ["Location": "/c"]), from: post))
        #expect(to307.httpMethod == "POST" && to307.httpBody == Data("body".utf8))
        #expect(RedirectRequest.next(after: Self.response(302, "http://api.test/a", [:]), from: post) == nil)
        #expect(RedirectRequest.next(after: Self.response(304, "http://api.test/a", ["Location": "/c"]), from: post) == nil)
    }

    @Test("a 401 is a challenge when it carries a Basic challenge with a realm, as corelibs reads it")
    func challenges() throws {
        #expect(AuthenticationRequest.basicRealm(in: #"Basic realm="Fake Realm""#) == "Fake Realm")
        #expect(AuthenticationRequest.basicRealm(in: #"Bearer, basic charset="UTF-8", realm="a \"quoted\", realm""#) == #"a "quoted", realm"#)
        #expect(AuthenticationRequest.basicRealm(in: "Basic realm=plain") == "plain")
        #expect(AuthenticationRequest.basicRealm(in: "Basic") == nil)
        #expect(AuthenticationRequest.basicRealm(in: #"Digest realm="d", nonce="n""#) == nil)
        #expect(AuthenticationRequest.basicRealm(in: "Bearer") == nil)

        let space = try #require(AuthenticationRequest.protectionSpace(of: Self.response(401, "https://api.test/x", ["WWW-Authenticate": #"Basic realm="R""#])))
        #expect(space.host == "api.test" && space.port == 443 && space.protocol == "https" && space.realm == "R")
        #expect(space.authenticationMethod == NSURLAuthenticationMethodHTTPBasic)
        #expect(AuthenticationRequest.protectionSpace(of: Self.response(407, "http://api.test/x", ["WWW-Authenticate": #"Basic realm="R""#])) == nil)
        #expect(AuthenticationRequest.protectionSpace(of: Self.response(401, "http://api.test/x", ["WWW-Authenticate": "Bearer"])) == nil)
    }

    @Test("a credential a delegate gave is a secret of the exchange, and its password too, wherever it stands")
    func credentialsAreSecrets() {
        let credential = URLCredential(user: "demo", password: "hunter2-secret", persistence: .forSession)
        let encoded = Data("demo:hunter2-secret".utf8).base64EncodedString()
        let plain = URLRequest(url: URL(string: "http://api.test/login")!)
        let secrets = LiveNetwork.secrets(Redaction.default.redact(RecordedRequest(plain, body: nil)).secrets, adding: [credential])
        let echoed = secrets.redact(text: "Authorization: Basic \(encoded); password hunter2-secret")
        #expect(!echoed.contains(encoded) && !echoed.contains("hunter2-secret"), "\(echoed)")
        // A URL that holds the password (httpbin's /basic-auth/user/passwd) is stored with its placeholder too.
        let inURL = RecordedRequest(URLRequest(url: URL(string: "http://api.test/basic-auth/demo/hunter2-secret")!), body: nil)
        let stored = Redaction.default.redact(inURL, credentialPasswords: ["hunter2-secret"]).stored
        #expect(stored.url == "http://api.test/basic-auth/demo/%3CREDACTED:authorization-password%3E")
    }

    @Test("a live URL that holds a password where a recording's URL holds a credential's placeholder gives that password, and no other URL does")
    func credentialPlaceholdersReadTheLiveURL() {
        let recorded = ["http://api.test/basic-auth/demo/%3CREDACTED:authorization-password%3E",
                        "http://api.test/login?user=demo&pw=%3CREDACTED:authorization-password%3E",
                        "http://api.test/plain"]
        let placeholders = CredentialPlaceholders(urls: recorded, stem: Redaction.default.placeholder)
        #expect(placeholders.passwords(in: URL(string: "http://api.test/basic-auth/demo/hunter2-secret")) == ["hunter2-secret"])
        #expect(placeholders.passwords(in: URL(string: "http://api.test/basic-auth/demo/p%40ss")) == ["p@ss"])
        #expect(placeholders.passwords(in: URL(string: "http://api.test/login?user=demo&pw=hunter2-secret")) == ["hunter2-secret"])
        #expect(placeholders.passwords(in: URL(string: "http://api.test/login?user=other&pw=hunter2-secret")).isEmpty)
        #expect(placeholders.passwords(in: URL(string: "http://api.test/basic-auth/other/hunter2-secret")).isEmpty)
        #expect(placeholders.passwords(in: URL(string: "http://other.test/basic-auth/demo/hunter2-secret")).isEmpty)
        #expect(placeholders.passwords(in: URL(string: "http://api.test/basic-auth/demo/hunter2-secret/more")).isEmpty)
        let none = CredentialPlaceholders(urls: ["http://api.test/plain"], stem: Redaction.default.placeholder)
        #expect(none.passwords(in: URL(string: "http://api.test/plain")).isEmpty)
    }

    #if canImport(FoundationNetworking)
    @Test("on corelibs a task's delegate is found with its session (the task's own delegate first); a task without one has none")
    func delegatesAreFound() throws {
        let delegate = DecidingDelegate()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let request = URLRequest(url: URL(string: "http://api.test/a")!)
        let found = try #require(TaskDelegate.of(session.dataTask(with: request), request: request),
                                 "corelibs keeps a task's session in a stored property named session")
        #expect(found.session === session && found.delegate === delegate)

        let own = DecidingDelegate()
        let task = session.dataTask(with: request)
        task.delegate = own
        #expect(TaskDelegate.of(task, request: request)?.delegate === own)

        let plain = URLSession(configuration: .ephemeral)
        defer { plain.invalidateAndCancel() }
        #expect(TaskDelegate.of(plain.dataTask(with: request), request: request) == nil)
    }

    @Test("replay asks the delegate at each recorded hop: the same decisions replay, other ones fail naming the change and the fix")
    func replayAsksAgain() async throws {
        try await withTemporaryDirectory { directory in
            let hop = RecordedRedirect(status: 302, url: "http://api.test/start?token=%3CREDACTED:token%3E", headers: ["Location": "/end"])
            var followed = Fixture.interaction("http://api.test/start?token=%3CREDACTED:token%3E", body: #"{"ok":true}"#)
            followed.response = RecordedResponse(status: 200, headers: ["Content-Type": "application/json"], body: Body(Data(#"{"ok":true}"#.utf8)),
                                                 url: "http://api.test/end", redirects: [hop])
            let stopped = Fixture.interaction("http://api.test/stop", status: 302, body: "moved", headers: ["Location": "/elsewhere"])
            let challenged = Fixture.interaction("http://api.test/login", status: 401, body: "", headers: ["WWW-Authenticate": #"Basic realm="R""#])
            try Fixture.write([followed, stopped, challenged], name: "decided", in: directory)

            func run(_ delegate: DecidingDelegate, _ url: String) async -> (Observation, (any Error)?) {
                do {
                    let observation = try await Cassette.useConfiguration("decided", record: .never, options: .init(directory: .at(directory), unused: .ignore)) { configuration in
                        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
                        defer { session.finishTasksAndInvalidate() }
                        var observation = await Observation.data(URLRequest(url: URL(string: url)!), on: session)
                        observation.notes = delegate.log
                        return observation
                    }
                    return (observation, nil)
                } catch {
                    return (Observation(notes: delegate.log, session: URLSession(configuration: .ephemeral)), error)
                }
            }

            let follows = await run(DecidingDelegate(), "http://api.test/start?token=live-token-123")
            #expect(follows.1 == nil && follows.0.status == 200 && follows.0.url == "http://api.test/end")
            #expect(follows.0.notes == ["redirect 302 /start -> GET http://api.test/end"])

            let stops = await run(DecidingDelegate(redirects: .stop), "http://api.test/start?token=live-token-123")
            let stopError = try #require(stops.1 as? CassetteError)
            #expect(stopError.code == .delegateDecidedOtherwise)
            #expect(stopError.message.contains("stopped at the redirect from http://api.test/start?… (302) that the recording followed"))
            #expect(stopError.message.contains("CASSETTE_RECORD=all swift test"))
            #expect(!stopError.description.contains("live-token-123"))

            let stopsAgain = await run(DecidingDelegate(redirects: .stop), "http://api.test/stop")
            #expect(stopsAgain.1 == nil && stopsAgain.0.status == 302 && stopsAgain.0.body == Data("moved".utf8))
            let followsNow = await run(DecidingDelegate(), "http://api.test/stop")
            #expect((followsNow.1 as? CassetteError)?.message.contains("followed the redirect from http://api.test/stop (302) to http://api.test/elsewhere, where the recording stopped") == true)

            let cancels = await run(DecidingDelegate(challenges: [.cancel]), "http://api.test/login")
            #expect(cancels.1 == nil && cancels.0.error == "\(NSURLErrorDomain) \(URLError.cancelled.rawValue)")
            #expect(cancels.0.notes == ["challenge NSURLAuthenticationMethodHTTPBasic realm R http://api.test:80 failures 0 proposed - failure 401"])
            let answers = await run(DecidingDelegate(challenges: [.credential(user: "u", password: "p")]), "http://api.test/login")
            #expect((answers.1 as? CassetteError)?.message.contains("gave a credential for the challenge of http://api.test/login (401) that it declined when recorded") == true)
        }
    }
    #endif
}
