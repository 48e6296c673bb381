// The main job: a short tour of HTTPBinClient, answered from Cassettes/demo/tour.json.
//
//   swift run demo                          replays offline (records first if the cassette is missing)
//   CASSETTE_RECORD=all swift run demo      records again from httpbin (Scripts/httpbin.sh start)
import CassetteCore
import Foundation
import HTTPBinClient
import Networking

let token = AuthToken(accessToken: "demo-bearer-6b1f0c2e9d", expiresAt: .distantFuture)
let redaction = Redaction.default.redactingSecret(token.accessToken, as: "<BEARER_TOKEN>")
let environment = ProcessInfo.processInfo.environment

func step(_ request: String, _ outcome: String) {
    print("  \(request.padding(toLength: 44, withPad: " ", startingAt: 0)) \(outcome)")
}

let mode: RecordMode
do {
    mode = try RecordMode.automatic.resolved(in: environment)
} catch {
    print("demo failed: \(error)")
    exit(1)
}
let cassette = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Cassettes/demo/tour.json")
let replays = FileManager.default.fileExists(atPath: cassette.path) && (mode == .never || mode == .once)
print("swift-cassette demo: HTTPBinClient through the cassette demo/tour (record mode \(mode))")
let started = Date()
do {
    // The mode is given, resolved from the environment as a test's is: a missing cassette is recorded and the demo
    // goes on, where a test recorded by default fails once (see RecordMode).
    try await Cassette.use("demo/tour", record: mode, redaction: redaction) { session in
        let client = HTTPBinClient(session: session, baseURL: HTTPBinServer.defaultURL)

        let search = try await client.search("swift cassette", page: 2, limit: 20)
        step("GET  /get?q=swift cassette&page=2&limit=20", "200  q=\"\(search.query)\" page=\(search.page.value) (sent as a number, echoed as text)")

        let user = try await client.create(NewUser(firstName: "Ada", lastName: "Lovelace"))
        step("POST /post {\"first_name\":…,\"last_name\":…}", "200  echoed user: \(user.firstName) \(user.lastName)")

        let show = try await client.slideshow()
        step("GET  /json", "200  \"\(show.title)\" by \(show.author), \(show.slides.count) slides: \(show.slides.map(\.title).joined(separator: " / "))")

        let gzip = try await client.compressed(gzip: true)
        step("GET  /gzip", "200  gzipped=\(gzip.gzipped ?? false), body stored decoded")

        let png = try await client.png()
        step("GET  /image/png", "200  \(png.count) bytes, PNG signature \(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "ok" : "MISSING")")

        let redirected = try await client.redirected(hops: 2)
        step("GET  /redirect/2", "200  followed to \(redirected.url.path)")

        let auth = try await client.bearer(token)
        step("GET  /bearer (Authorization: Bearer …)", "200  authenticated=\(auth.authenticated), cassette holds <BEARER_TOKEN>")

        do {
            _ = try await client.status(404)
        } catch {
            step("GET  /status/404", "404  NetworkError: \(error)")
        }
    }
    let elapsed = Date().timeIntervalSince(started) * 1000
    print(String(format: "done in %.0f ms — %@", elapsed,
                 replays ? "replayed from Cassettes/demo/tour.json, no network used" : "recorded from \(HTTPBinServer.defaultURL.absoluteString)"))
} catch {
    print("demo failed: \(error)")
    exit(1)
}
