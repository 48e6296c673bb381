import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the cassette takes from the configuration of the app's session: its additional headers go on every request
/// (the request's own header wins), its timeouts on every recording; and, while recording on corelibs, a session
/// made from another configuration is refused, which pins the reflection that finds a task's session.
@Suite("The app's session configuration")
struct AppSessionConfigurationTests {
    @Test("additional headers are added where the request has none of the name, whatever its case")
    func additionalHeaders() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["Authorization": "Bearer from-config", "User-Agent": "App/1", "X-Client": "app"]
        var request = URLRequest(url: URL(string: "http://api.test/a")!)
        request.setValue("Agent/2", forHTTPHeaderField: "user-agent")
        let sent = AppSession(configuration: configuration).addingAdditionalHeaders(to: request)
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer from-config")
        #expect(sent.value(forHTTPHeaderField: "User-Agent") == "Agent/2")
        #expect(sent.value(forHTTPHeaderField: "X-Client") == "app")
        #expect(AppSession(configuration: .ephemeral).addingAdditionalHeaders(to: request) == request)
    }

    @Test("the timeouts a recording is sent with are the configuration's")
    func timeouts() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1.5
        configuration.timeoutIntervalForResource = 30
        #expect(AppSession(configuration: configuration).timeouts == Recorder.Timeouts(request: 1.5, resource: 30))
    }

    #if canImport(FoundationNetworking)
    @Test("a task of a session made from the cassette's configuration passes; one made from another fails, naming what differs")
    func foreignConfigurationsAreNamed() throws {
        let cassetteConfiguration = URLSessionConfiguration.ephemeral
        cassetteConfiguration.httpAdditionalHeaders = ["X-Client": "app"]
        let appSession = AppSession(configuration: cassetteConfiguration)
        let own = URLSession(configuration: cassetteConfiguration)
        defer { own.invalidateAndCancel() }
        #expect(appSession.unseenSettings(of: CorelibsReflection.session(of: own.dataTask(with: URL(string: "http://api.test/a")!))) == nil)

        let foreign = URLSessionConfiguration.ephemeral
        foreign.httpAdditionalHeaders = ["X-Client": "other"]
        foreign.timeoutIntervalForRequest = 2
        let other = URLSession(configuration: foreign)
        defer { other.invalidateAndCancel() }
        let reason = try #require(appSession.unseenSettings(of: CorelibsReflection.session(of: other.dataTask(with: URL(string: "http://api.test/a")!))),
                                  "corelibs keeps a task's session in a stored property named session")
        #expect(reason.what.contains("httpAdditionalHeaders, timeoutIntervalForRequest"))
        #expect(reason.workaround.contains("make the session from the cassette's configuration"))
    }
    #endif

    @Test("a bearer token from the configuration is recorded redacted, and replay puts the live token back in the echo")
    func additionalHeaderSecretsAreRedacted() async throws {
        try await withTemporaryDirectory { directory in
            var echo = Fixture.interaction("http://api.test/bearer", body: #"{"authenticated": true, "token": "<REDACTED:authorization>"}"#)
            echo.request.headers = ["Authorization": "Bearer <REDACTED:authorization>", "X-Client": "app"]
            try Fixture.write([echo], name: "bearer", in: directory)
            let body = try await Cassette.useConfiguration("bearer", record: .never, matching: [.method, .url, .headers("X-Client")],
                                                           options: .init(directory: .at(directory))) { configuration in
                configuration.httpAdditionalHeaders = ["Authorization": "Bearer live-token-0123", "X-Client": "app"]
                let session = URLSession(configuration: configuration)
                defer { session.finishTasksAndInvalidate() }
                return try await Fixture.get("http://api.test/bearer", on: session).0
            }
            #expect(String(decoding: body, as: UTF8.self) == #"{"authenticated": true, "token": "live-token-0123"}"#)
        }
    }
}
