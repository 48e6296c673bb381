import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Secrets planted the ways real apps send them, recorded from httpbin (which echoes them back in bodies, URLs and
/// headers) with the default rules: none reaches a cassette file or an error message, and replay gives the code
/// the bytes it saw live.
@Suite("Live: planted secrets reach no file and no message", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveSecretsTests {
    /// Distinct secrets, each planted once below.
    private let bearer = "bearer-\(UUID().uuidString)"
    private let basicPassword = "basic-\(UUID().uuidString.prefix(13))"
    private let queryToken = "query-\(UUID().uuidString)"
    private let jsonPassword = "json-pw-\(UUID().uuidString.prefix(10))"
    private let clientSecret = "client-secret-\(UUID().uuidString)"
    private let formRefreshToken = "form-refresh-\(UUID().uuidString)"
    private let cookie = "cookie-\(UUID().uuidString)"
    private let authTokenHeader = "x-auth-\(UUID().uuidString)"
    private let apiKey = "api-key-\(UUID().uuidString)"
    private let setCookieToken = "set-cookie-\(UUID().uuidString)"
    private let unicodePassword = "pässwörd-\(UUID().uuidString.prefix(8))"
    private let nestedToken = "nested-\(UUID().uuidString)"
    private let userInfoPassword = "userinfo-\(UUID().uuidString.prefix(10))"
    private let fragmentToken = "fragment-\(UUID().uuidString)"
    private let redirectFragmentToken = "redirect-fragment-\(UUID().uuidString)"
    private let echoedUserInfoPassword = "echoed-ui-\(UUID().uuidString.prefix(10))"
    private let heldUserInfoPassword = "held-ui-\(UUID().uuidString.prefix(10))"

    private var planted: [String] {
        [bearer, basicPassword, queryToken, jsonPassword, clientSecret, formRefreshToken, cookie, authTokenHeader,
         apiKey, setCookieToken, unicodePassword, nestedToken, userInfoPassword, fragmentToken, redirectFragmentToken,
         echoedUserInfoPassword, heldUserInfoPassword]
    }

    /// Every request, each echoing its secret back somewhere in the response.
    private var requests: [URLRequest] {
        [
            Fixture.httpbinRequest("/bearer", headers: ["Authorization": "Bearer \(bearer)"]),
            Fixture.httpbinRequest("/basic-auth/demo/\(basicPassword)",
                    headers: ["Authorization": "Basic " + Data("demo:\(basicPassword)".utf8).base64EncodedString()]),
            Fixture.httpbinRequest("/anything?token=\(queryToken)&page=2"),
            Fixture.httpbinRequest("/anything", method: "POST", headers: ["Content-Type": "application/json"],
                    body: #"{"user":{"name":"u","password":"\#(jsonPassword)"},"auth":{"nested":{"client_secret":"\#(clientSecret)"}}}"#),
            Fixture.httpbinRequest("/post", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: "grant_type=refresh&refresh_token=\(formRefreshToken)"),
            Fixture.httpbinRequest("/cookies", headers: ["Cookie": "sid=\(cookie)"]),
            Fixture.httpbinRequest("/headers", headers: ["X-Auth-Token": authTokenHeader, "X-Api-Key": apiKey]),
            Fixture.httpbinRequest("/cookies/set?session_token=\(setCookieToken)"),
            Fixture.httpbinRequest("/anything", method: "POST", headers: ["Content-Type": "application/json"],
                    body: #"{"password":"\#(unicodePassword)"}"#),
            Fixture.httpbinRequest("/redirect-to?url=" + ("/anything?access_token=\(nestedToken)").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!),
            URLRequest(url: URL(string: TestServer.httpbin.url("/basic-auth/demo/\(userInfoPassword)").replacingOccurrences(of: "://", with: "://demo:\(userInfoPassword)@"))!),
            // OAuth 2's implicit flow: the token in the fragment of the request's URL, and of a redirect's Location.
            Fixture.httpbinRequest("/anything#access_token=\(fragmentToken)&token_type=bearer"),
            Fixture.httpbinRequest("/redirect-to?url=" + ("/anything#access_token=\(redirectFragmentToken)&state=s").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!),
            // User information the client turns into `Authorization: Basic …`, which httpbin echoes; and a URL with
            // user information held in a query value, which the redirect follows.
            URLRequest(url: URL(string: TestServer.httpbin.url("/anything/ui").replacingOccurrences(of: "://", with: "://demo:\(echoedUserInfoPassword)@"))!),
            // A user and no password: the client sends `Basic ZGVtbzo=` all the same.
            URLRequest(url: URL(string: TestServer.httpbin.url("/anything/user-only").replacingOccurrences(of: "://", with: "://demo@"))!),
            Fixture.httpbinRequest("/redirect-to?url=" + TestServer.httpbin.url("/anything/held").replacingOccurrences(of: "://", with: "://demo:\(heldUserInfoPassword)@")
                .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!),
        ]
    }

    /// Sends every request; returns what the code saw of each (see ``Fixture/observed(_:on:)``).
    private func sendAll(on session: URLSession) async throws -> [String] {
        try await Fixture.observed(requests, on: session)
    }

    @Test func noPlantedSecretIsWrittenAndReplayRestoresThem() async throws {
        try await withTemporaryDirectory { directory in
            let live = try await sendAll(on: URLSession(configuration: .ephemeral))
            let recorded = try await Cassette.use("secrets", record: .all, options: .init(directory: .at(directory))) { try await sendAll(on: $0) }
            let replayed = try await Cassette.use("secrets", record: .never, options: .init(directory: .at(directory))) { try await sendAll(on: $0) }
            let file = try String(contentsOf: directory.appendingPathComponent("secrets.json"), encoding: .utf8)
            for secret in planted {
                let echoed = WireForm.allCases.contains { live.joined().contains($0.write(secret, encoded: secret)) }
                #expect(echoed, "httpbin should echo \(secret)")
                #expect(!file.contains(secret), "\(secret) reached the file")
                for form in WireForm.allCases {
                    let written = form.write(secret, encoded: secret)
                    #expect(!file.contains(written), "\(secret) reached the file as \(form)")
                }
            }
            for password in [basicPassword, echoedUserInfoPassword, heldUserInfoPassword] {
                let basic = Data("demo:\(password)".utf8).base64EncodedString()
                #expect(password == basicPassword || live.joined().contains(basic), "the client sends user information as a Basic credential")
                #expect(!file.contains(basic))
            }
            #expect(recorded == live)
            #expect(replayed == live, "replay restores every secret the requests carried")
        }
    }

    /// An OAuth refresh: a token only the server sent (httpbin's `/uuid`, under a JSON key the rules name), sent back
    /// under names the default rules redact (a bearer token, a query item, form and JSON fields). Live and while
    /// recording the code sends the token; on replay it sends the placeholder it was served, and every request
    /// matches, its echo as recorded with the placeholder for the token.
    @Test func aTokenTheServerSentMatchesWhenSentBackUnderARulesName() async throws {
        let rules = Redaction.default.redactingJSONKeys("uuid")
        @Sendable func flow(_ session: URLSession) async throws -> (token: String, seen: [String]) {
            let (data, _) = try await Fixture.get(TestServer.httpbin.url("/uuid"), on: session)
            let token = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])["uuid"] ?? ""
            let seen = try await Fixture.observed([
                Fixture.httpbinRequest("/anything?access_token=\(token)&page=2"),
                Fixture.httpbinRequest("/anything/q?page=3", headers: ["Authorization": "Bearer \(token)"]),
                Fixture.httpbinRequest("/anything/token", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                       body: "grant_type=refresh_token&refresh_token=\(token)"),
                Fixture.httpbinRequest("/anything/json", method: "POST", headers: ["Content-Type": "application/json"],
                                       body: #"{"refresh_token":"\#(token)"}"#),
            ], on: session)
            return (token, seen)
        }
        try await withTemporaryDirectory { directory in
            let live = try await flow(URLSession(configuration: .ephemeral))
            let recorded = try await Cassette.use("refresh", record: .all, redaction: rules, options: .init(directory: .at(directory))) { try await flow($0) }
            let replayed = try await Cassette.use("refresh", record: .never, redaction: rules, options: .init(directory: .at(directory))) { try await flow($0) }
            let file = try String(contentsOf: directory.appendingPathComponent("refresh.json"), encoding: .utf8)
            #expect(!file.contains(recorded.token))
            #expect(replayed.token == "REDACTED_uuid_1")
            // The placeholder is shorter than the token: replayed echoes are too, and their `Content-Length` says so.
            func served(_ run: (token: String, seen: [String])) -> [String] {
                run.seen.map { $0.replacingOccurrences(of: run.token, with: "<token>")
                    .replacingOccurrences(of: #""Content-Length: \d+""#, with: "Content-Length", options: .regularExpression) }
            }
            #expect(served(recorded) == served(live))
            #expect(served(replayed) == served(recorded), "replay answers each request as recorded, the token's placeholder in its place")
        }
    }

    @Test func noPlantedSecretIsInAnErrorMessage() async throws {
        try await withTemporaryDirectory { directory in
            let messages = LockedBox<[String]>([])
            func note(_ error: any Error) {
                messages.withLock { $0 += [String(describing: error), error.localizedDescription, "\((error as NSError).userInfo)"] }
            }
            try await Cassette.use("errors", record: .all, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.send(requests[0], on: session)
            }
            // No match, and exhausted: every request's secrets in the message's request and closest requests.
            do {
                try await Cassette.use("errors", record: .never, options: .init(directory: .at(directory))) { session in
                    for request in requests {
                        do { _ = try await Fixture.send(request, on: session) } catch { note(error) }
                    }
                    do { _ = try await Fixture.send(requests[0], on: session) } catch { note(error) }
                }
            } catch { note(error) }
            // A transport failure while recording, with secrets in the URL and headers. The task gets the platform's
            // own error, as it would live; the cassette's error is what must hold no secret.
            do {
                try await Cassette.use("refused", record: .all, options: .init(directory: .at(directory))) { session in
                    var refused = URLRequest(url: URL(string: "http://127.0.0.1:9/x?token=\(queryToken)")!)
                    refused.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
                    _ = try? await Fixture.send(refused, on: session)
                }
            } catch { note(error) }
            // A task the platform cannot serve through a cassette.
            do {
                try await Cassette.use("download", record: .all, options: .init(directory: .at(directory))) { session in
                    do { _ = try await session.download(for: Fixture.httpbinRequest("/anything?token=\(queryToken)")) } catch { note(error) }
                }
            } catch { note(error) }

            let all = messages.withLock { $0 }
            #expect(all.count >= 12)
            for secret in planted {
                let leaks = all.filter { $0.contains(secret) }
                #expect(leaks.isEmpty, "\(secret) appeared in: \(leaks)")
            }
        }
    }
}
