@testable import CassetteCore
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HAR files made by other tools (see `Fixtures/HAR/README.md`), imported and replayed through `URLSession`.
@Suite struct HARImportTests {
    static let mitmproxy = ToolSandbox.fixtures.appendingPathComponent("HAR/mitmproxy-httpbin.har")
    static let chromium = ToolSandbox.fixtures.appendingPathComponent("HAR/chromium-playwright-httpbin.har")
    static let fakeSecrets = ["har-fixture-token-1234", "har-fixture-bearer-5678", "har-fixture-browser-3456"]

    /// What the code under test observes of one response.
    struct Seen: Equatable {
        let status: Int
        let url: String?
        let body: Data
        let contentType: String?
    }

    static func fetch(_ request: URLRequest, on session: URLSession) async throws -> Seen {
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Seen(status: http.statusCode, url: http.url?.absoluteString, body: data,
                    contentType: http.value(forHTTPHeaderField: "Content-Type"))
    }

    static func request(_ url: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        return request
    }

    @Test("a name that verify and list would have skipped is refused before anything is written")
    func hiddenNameIsRefused() throws {
        try ToolSandbox.with { sandbox in
            for name in [".hidden", "imported/.inner"] {
                let run = sandbox.run(["import-har", Self.mitmproxy.path, name])
                #expect(run.status == 2, "\(name): \(run.errors)")
                #expect(run.errors.contains("starts with \".\""), "\(run.errors)")
                #expect(!FileManager.default.fileExists(atPath: sandbox.file("Cassettes/\(name).json").path))
            }
        }
    }

    @Test("mitmproxy: every exchange imports; the followed redirect is one interaction; no fake secret reaches the file")
    func mitmproxyImport() throws {
        try ToolSandbox.with { sandbox in
            let run = sandbox.run(["import-har", Self.mitmproxy.path, "imported/mitmproxy"])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("imported 9 interactions from"))
            let file = sandbox.file("Cassettes/imported/mitmproxy.json")
            let text = try String(contentsOf: file, encoding: .utf8)
            for secret in Self.fakeSecrets { #expect(!text.contains(secret), "\(secret) reached the cassette") }
            let interactions = try #require(try CassetteFile.load(file))
            let redirect = try #require(interactions.first { $0.request.url.hasSuffix("/redirect-to?url=/get") })
            #expect(redirect.response?.redirects.map(\.status) == [302])
            #expect(redirect.response?.url == "http://127.0.0.1:8799/get")
            // Bytes mitmproxy wrote as Latin-1 text come back as the bytes sent.
            let binary = try #require(interactions.first { $0.request.headers["Content-Type"] == "application/octet-stream" })
            #expect(binary.request.body?.data == Data(0..<32))
            let png = try #require(interactions.first { $0.request.url.hasSuffix("/image/png") })
            #expect(png.response?.body?.data.count == 8090)
            #expect(sandbox.run(["verify"]).status == 0)
        }
    }

    @Test("import-har finds credentials by their shape under names no rule knows: none reaches the file, verify passes")
    func shapedSecretsOnImport() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        func random(_ count: Int) -> String { String((0..<count).map { _ in letters.randomElement()! }) + "7Q" }
        let github = "ghp_" + random(34), google = "AIza" + random(33), stripe = "sk_live_" + random(24)
        let header = Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        let jwt = header + ".eyJzdWIiOiIxMjMifQ." + random(40)
        let answer = #"{\"session\":{\"issued\":\"\#(jwt)\"},\"echo\":\"\#(github)\"}"#
        let har = #"""
        {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [{
          "startedDateTime": "2026-11-25T10:00:00.000Z", "time": 12, "cache": {}, "timings": {"send": 1, "wait": 10, "receive": 1},
          "request": {"method": "GET", "url": "https://api.example.com/v1/items?lookup=\#(google)", "httpVersion": "HTTP/1.1",
            "headers": [{"name": "X-Note", "value": "\#(github)"}, {"name": "X-Billing", "value": "\#(stripe)"}],
            "queryString": [{"name": "lookup", "value": "\#(google)"}], "cookies": [], "headersSize": -1, "bodySize": 0},
          "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
            "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
            "content": {"size": 10, "mimeType": "application/json", "text": "\#(answer)"},
            "redirectURL": "", "headersSize": -1, "bodySize": 10}}]}}
        """#
        try ToolSandbox.with { sandbox in
            try Data(har.utf8).write(to: sandbox.file("shapes.har"))
            let run = sandbox.run(["import-har", "shapes.har", "imported/shapes"])
            #expect(run.status == 0, "\(run.errors)")
            let text = try String(contentsOf: sandbox.file("Cassettes/imported/shapes.json"), encoding: .utf8)
            for (name, value) in [("github", github), ("google", google), ("stripe", stripe), ("jwt", jwt)] {
                #expect(!text.contains(value), "the \(name) value reached the cassette")
            }
            for placeholder in ["REDACTED:github-token", "REDACTED:google-api-key", "REDACTED:stripe-key", "REDACTED_jwt_1"] {
                #expect(text.contains(placeholder), "\(placeholder)")
            }
            #expect(sandbox.run(["verify"]).status == 0)
        }
    }

    @Test("mitmproxy: replayed through URLSession, the code sees what curl saw, with its own token restored")
    func mitmproxyReplay() async throws {
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.mitmproxy)) as? [String: Any]
        let entries = try #require((original?["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        func recordedText(_ index: Int) -> String? {
            ((entries[index]["response"] as? [String: Any])?["content"] as? [String: Any])?["text"] as? String
        }
        // The 302 of /cookies/set, which curl did not follow, is left out: what a client sees of an unfollowed
        // redirect is the platform's business, not the HAR's.
        try await Cassette.use(.har(Self.mitmproxy), options: .init(unused: .ignore)) { session in
            let get = try await Self.fetch(Self.request("http://127.0.0.1:8799/get?q=swift%20testing&page=2",
                                                        headers: ["Accept": "application/json"]), on: session)
            #expect(get.status == 200 && get.body == Data((recordedText(0) ?? "").utf8))

            // The token is redacted in the replayed recording and restored from the request that replays it.
            let post = try await Self.fetch(Self.request("http://127.0.0.1:8799/post", method: "POST",
                                                         headers: ["Content-Type": "application/json"],
                                                         body: Data(#"{"name":"Ada","token":"another-token-0000"}"#.utf8)), on: session)
            #expect(String(decoding: post.body, as: UTF8.self).contains("another-token-0000"))

            let bearer = try await Self.fetch(Self.request("http://127.0.0.1:8799/bearer",
                                                           headers: ["Authorization": "Bearer har-fixture-bearer-5678"]), on: session)
            #expect(bearer.body == Data((recordedText(2) ?? "").utf8))

            let png = try await Self.fetch(Self.request("http://127.0.0.1:8799/image/png"), on: session)
            #expect(png.body.count == 8090 && png.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.contentType == "image/png")

            // curl asked for gzip and mitmproxy kept the decoded body: the code gets it decoded, as URLSession gives it.
            let gzip = try await Self.fetch(Self.request("http://127.0.0.1:8799/gzip"), on: session)
            #expect(gzip.status == 200 && gzip.body == Data((recordedText(4) ?? "").utf8))

            let redirected = try await Self.fetch(Self.request("http://127.0.0.1:8799/redirect-to?url=/get"), on: session)
            #expect(redirected.status == 200 && redirected.url == "http://127.0.0.1:8799/get")
            #expect(redirected.body == Data((recordedText(6) ?? "").utf8))

            let missing = try await Self.fetch(Self.request("http://127.0.0.1:8799/status/404"), on: session)
            #expect(missing.status == 404)

            let bytes = try await Self.fetch(Self.request("http://127.0.0.1:8799/post", method: "POST",
                                                          headers: ["Content-Type": "application/octet-stream"],
                                                          body: Data(0..<32)), on: session)
            #expect(bytes.status == 200 && bytes.body == Data((recordedText(9) ?? "").utf8))
        }
    }

    @Test("Chromium through Playwright: imports and replays, the browser's redirect followed, its base64 bodies as bytes")
    func chromium() async throws {
        try ToolSandbox.with { sandbox in
            let run = sandbox.run(["import-har", Self.chromium.path, "imported/chromium"])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("imported 5 interactions from"))
            let text = try String(contentsOf: sandbox.file("Cassettes/imported/chromium.json"), encoding: .utf8)
            #expect(!text.contains("har-fixture-browser-3456"))
        }
        try await Cassette.use(.har(Self.chromium), options: .init(unused: .fail)) { session in
            let get = try await Self.fetch(Self.request("http://127.0.0.1:8799/get?source=browser"), on: session)
            #expect(get.status == 200 && String(decoding: get.body, as: UTF8.self).contains("\"source\": \"browser\""))
            let post = try await Self.fetch(Self.request("http://127.0.0.1:8799/post", method: "POST",
                                                         headers: ["Content-Type": "application/json",
                                                                   "Authorization": "Bearer my-own-token-7777"],
                                                         body: Data(#"{"a":1}"#.utf8)), on: session)
            #expect(String(decoding: post.body, as: UTF8.self).contains("Bearer my-own-token-7777"))
            let png = try await Self.fetch(Self.request("http://127.0.0.1:8799/image/png"), on: session)
            #expect(png.body.count == 8090)
            let redirected = try await Self.fetch(Self.request("http://127.0.0.1:8799/redirect-to?url=/get"), on: session)
            #expect(redirected.status == 200 && redirected.url == "http://127.0.0.1:8799/get")
            let teapot = try await Self.fetch(Self.request("http://127.0.0.1:8799/status/418"), on: session)
            #expect(teapot.status == 418 && String(decoding: teapot.body, as: UTF8.self).contains("teapot"))
        }
    }
}
