import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cassette handles cookies for the session under test, as the platform's HTTP loading would.
@Suite("Cookies land in the session's storage and go out with its requests")
struct AppSessionTests {
    private func interaction(_ url: String, setCookie: String? = nil, requestCookie: String? = nil,
                             redirects: [RecordedRedirect] = []) -> Interaction {
        var responseHeaders = ["Content-Type": "text/plain"]
        responseHeaders["Set-Cookie"] = setCookie
        var requestHeaders: [String: String] = [:]
        requestHeaders["Cookie"] = requestCookie
        return Interaction(request: RecordedRequest(method: "GET", url: url, headers: requestHeaders),
                           response: RecordedResponse(status: 200, headers: responseHeaders, body: Body(Data("ok".utf8)),
                                                      url: url, redirects: redirects),
                           recordedAt: Fixture.recordedAt)
    }

    @Test("a replayed Set-Cookie is stored, and the next request carries it")
    func setThenSent() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([interaction("http://api.test/login", setCookie: "session=abc123; Path=/"),
                               interaction("http://api.test/me", requestCookie: "session=abc123")],
                              name: "cookies", in: directory)
            // Matching on the Cookie header (unredacted here) proves the second request carried it.
            let cookies = try await Cassette.useConfiguration("cookies", record: .never, matching: [.method, .url, .headers("Cookie")], redaction: .disabled, options: .init(directory: .at(directory))) { configuration in
                let session = URLSession(configuration: configuration)
                defer { session.finishTasksAndInvalidate() }
                _ = try await Fixture.get("http://api.test/login", on: session)
                _ = try await Fixture.get("http://api.test/me", on: session)
                return session.configuration.httpCookieStorage?.cookies?.map { "\($0.name)=\($0.value)" }
            }
            #expect(cookies == ["session=abc123"])
        }
    }

    @Test("cookies a redirect set are stored too")
    func redirectCookies() async throws {
        try await withTemporaryDirectory { directory in
            let hop = RecordedRedirect(status: 302, url: "http://api.test/start",
                                       headers: ["Location": "/end", "Set-Cookie": "hop=1; Path=/"])
            var redirected = interaction("http://api.test/start", redirects: [hop])
            redirected.response?.url = "http://api.test/end"
            try Fixture.write([redirected], name: "redirect", in: directory)
            let (cookies, url) = try await Cassette.use("redirect", record: .never, redaction: .disabled, options: .init(directory: .at(directory))) { session in
                let (_, response) = try await Fixture.get("http://api.test/start", on: session)
                return (session.configuration.httpCookieStorage?.cookies?.map(\.name), response.url?.absoluteString)
            }
            #expect(cookies == ["hop"])
            #expect(url == "http://api.test/end")
        }
    }

    @Test("the session's policies hold: .never accepts nothing, httpShouldSetCookies false sends nothing")
    func policies() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([interaction("http://api.test/login", setCookie: "session=abc123")], name: "never", in: directory)
            let stored = try await Cassette.useConfiguration("never", record: .never, redaction: .disabled, options: .init(directory: .at(directory))) { configuration in
                configuration.httpCookieAcceptPolicy = .never
                let session = URLSession(configuration: configuration)
                defer { session.finishTasksAndInvalidate() }
                _ = try await Fixture.get("http://api.test/login", on: session)
                return session.configuration.httpCookieStorage?.cookies ?? []
            }
            #expect(stored.isEmpty)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage?.setCookies(
            HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "a=b; Path=/"], for: URL(string: "http://api.test/")!),
            for: URL(string: "http://api.test/")!, mainDocumentURL: nil)
        let cookies = AppSession(configuration: configuration)
        let request = URLRequest(url: URL(string: "http://api.test/x")!)
        #expect(cookies.addingCookies(to: request).value(forHTTPHeaderField: "Cookie") == "a=b")
        configuration.httpShouldSetCookies = false
        #expect(cookies.addingCookies(to: request).value(forHTTPHeaderField: "Cookie") == nil)
    }
}
