import CassetteTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinClient
import Networking
import Testing

/// The example client against recordings of a real httpbin, in `Cassettes/httpbin/`.
/// Offline by default; `Scripts/record.sh` re-records them against a local server.
@Suite("HTTPBinClient, replayed from Cassettes/httpbin")
struct HTTPBinClientTests {
    /// Recorded with these credentials; cassettes hold placeholders instead (see `secretsNeverReachTheCassettes`).
    static let bearerToken = "demo-bearer-6b1f0c2e9d"
    static let basicPassword = "demo-pass-41c7"
    static let redaction = Redaction.default
        .redactingSecret(bearerToken, as: "<BEARER_TOKEN>")
        .redactingSecret(basicPassword, as: "<BASIC_PASSWORD>")

    private func client(_ session: URLSession) -> HTTPBinClient {
        HTTPBinClient(session: session, baseURL: HTTPBinServer.defaultURL)
    }

    @Test func echoBridgesArgumentsAndHeadersIntoArrays() async throws {
        let echo = try await Cassette.use("httpbin/echo") { session in
            try await client(session).echo(query: ["tag": ["a", "b"], "city": "Zürich"])
        }
        #expect(echo.arguments.map(\.name) == ["city", "tag[]"])
        #expect(echo.argument("city") == "Zürich")
        #expect(echo.arguments.last?.values == ["a", "b"])
        #expect(echo.header("Accept") == "application/json")
        #expect(echo.headers.map(\.name) == echo.headers.map(\.name).sorted())
        #expect(echo.receivedAt != nil, "set locally, never decoded")
        #expect(echo.url.path == "/get")
    }

    @Test func createSendsSnakeCaseAndDecodesItBack() async throws {
        let user = try await Cassette.use("httpbin/create-user") { session in
            try await client(session).create(NewUser(firstName: "Ada", lastName: "Lovelace"))
        }
        #expect(user == EchoedUser(firstName: "Ada", lastName: "Lovelace"))
    }

    @Test func slideshowRemapsKeys() async throws {
        let show = try await Cassette.use("httpbin/slideshow") { session in try await client(session).slideshow() }
        #expect(show.title == "Sample Slide Show")
        #expect(show.slides.map(\.kind) == ["all", "all"])
        #expect(show.slides[1].items?.count == 2)
    }

    @Test func compressedBodiesArriveDecoded() async throws {
        let (gzip, deflate) = try await Cassette.use("httpbin/compressed") { session in
            (try await client(session).compressed(gzip: true), try await client(session).compressed(gzip: false))
        }
        #expect(gzip.gzipped == true && deflate.deflated == true)
    }

    @Test func binaryBodiesAreExact() async throws {
        let (bytes, again, png) = try await Cassette.use("httpbin/binary") { session in
            (try await client(session).bytes(count: 256, seed: 42), try await client(session).bytes(count: 256, seed: 42),
             try await client(session).png())
        }
        #expect(bytes.count == 256 && bytes == again)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func redirectsEndAtTheFinalURL() async throws {
        let echo = try await Cassette.use("httpbin/redirect") { session in try await client(session).redirected(hops: 2) }
        #expect(echo.url.path == "/get")
    }

    @Test func xmlAndUUID() async throws {
        let (xml, uuid) = try await Cassette.use("httpbin/xml-uuid") { session in
            (try await client(session).xml(), try await client(session).uuid())
        }
        #expect(xml.contains("<slideshow"))
        #expect(uuid.uuidString.count == 36)
    }

    @Test func responseHeadersComeBack() async throws {
        let headers = try await Cassette.use("httpbin/response-headers") { session in
            try await client(session).responseHeaders(["X-Trace": "t-1", "X-Mode": "demo"])
        }
        #expect(headers["X-Trace"] == "t-1")
        #expect(headers["X-Mode"] == "demo")
    }

    @Test("error statuses map to NetworkError", arguments: [404, 500])
    func errorStatuses(_ code: Int) async throws {
        try await Cassette.use("httpbin/status-\(code)") { session in
            await #expect(throws: NetworkError.unacceptableStatus(status: code, body: Data(),
                                                                  url: URL(string: "http://127.0.0.1:8765/status/\(code)"))) {
                try await client(session).status(code)
            }
        }
    }

    @Test func badJSONIsADecodingErrorWithTheURL() async throws {
        try await Cassette.use("httpbin/bad-json") { session in
            let error = await #expect(throws: NetworkError.self) {
                try await Router<HTTPBinAPI>(session: session).decode(Slideshow.self, from: HTTPBinAPI(.xml, baseURL: HTTPBinServer.defaultURL))
            }
            guard case .decodingFailed(let type, _, _, let url)? = error else {
                Issue.record("expected decodingFailed, got \(String(describing: error))")
                return
            }
            #expect(type == "Slideshow")
            #expect(url?.path == "/xml")
        }
    }

    @Test func bearerAuthentication() async throws {
        let result = try await Cassette.use("httpbin/bearer", redaction: Self.redaction) { session in
            try await client(session).bearer(AuthToken(accessToken: Self.bearerToken, expiresAt: .distantFuture))
        }
        #expect(result.authenticated)
        #expect(result.token == Self.bearerToken, "the placeholder is turned back into the secret on replay")
        try expectNoSecrets(in: "bearer", placeholder: "Bearer <BEARER_TOKEN>")
    }

    @Test func basicAuthenticationAndItsFailure() async throws {
        try await Cassette.use("httpbin/basic-auth", redaction: Self.redaction) { session in
            let ok = try await client(session).basicAuth(user: "demo", password: Self.basicPassword)
            #expect(ok == AuthenticationResult(authenticated: true, user: "demo"))
            let error = await #expect(throws: NetworkError.self) {
                try await client(session).basicAuth(user: "demo", password: "wrong", expectedPassword: Self.basicPassword)
            }
            guard case .unacceptableStatus(401, _, _)? = error else {
                Issue.record("expected 401, got \(String(describing: error))")
                return
            }
        }
        try expectNoSecrets(in: "basic-auth", placeholder: "Basic <REDACTED:authorization>")
    }

    /// Checks that the committed cassette `name` holds `placeholder`, never the recording's secrets.
    private func expectNoSecrets(in name: String, placeholder: String) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Cassettes/httpbin/\(name).json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains(Self.bearerToken) && !text.contains(Self.basicPassword))
        #expect(!text.contains(Data("demo:\(Self.basicPassword)".utf8).base64EncodedString()))
        #expect(text.contains(placeholder))
    }
}
