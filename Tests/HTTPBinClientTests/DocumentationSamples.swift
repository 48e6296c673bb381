// The usage samples of the README and the CassetteTesting.docc articles, each as they show it:
// `DocumentationSamplesTests` (in CassetteTestingTests) fails when a sample is missing here or there. Each runs,
// replaying what was recorded from httpbin into Cassettes/, except the one noted below.

// README and GettingStarted.md: Swift Testing
import CassetteTesting
import HTTPBinClient
import Testing

@Suite(.cassette) struct SearchTests {
    @Test func echoesThePage() async throws {
        // Everything sent through the cassette's session is recorded on the first run and replayed afterwards.
        let session = try #require(Cassette.current).session
        let search = try await HTTPBinClient(session: session).search("swift cassette", page: 2, limit: 50)
        #expect(search.page.value == 2)
    }
}

// What the other samples need besides.
import Foundation
import Networking
#if canImport(XCTest)
import XCTest

// README and GettingStarted.md: XCTest
final class SearchXCTests: XCTestCase {
    func testEchoesThePage() async throws {
        let search = try await withCassette { cassette in
            try await HTTPBinClient(session: cassette.session).search("swift cassette", page: 2, limit: 50)
        }
        XCTAssertEqual(search?.page.value, 2)
    }
}

// GettingStarted.md: XCTest, every test of a class
final class EveryTestXCTests: XCTestCase {
    override func invokeTest() {
        withCassette { _ in super.invokeTest() }
    }

    func testEchoesThePage() async throws {
        let session = try XCTUnwrap(Cassette.current).session
        let search = try await HTTPBinClient(session: session).search("swift cassette", page: 2, limit: 50)
        XCTAssertEqual(search.page.value, 2)
    }
}
#endif

// README and GettingStarted.md: any code
@Test func searchEchoesThePage() async throws {
    let search = try await Cassette.use("httpbin/search") { session in
        // Everything sent through `session` is recorded on the first run and replayed afterwards.
        try await HTTPBinClient(session: session).search("swift cassette", page: 2, limit: 50)
    }
    #expect(search.page.value == 2)
}

// Options.md: options, set in a suite's trait and back to their defaults in a test's
@Suite(.cassette(folder: "readme", options: .init(unused: .fail, latency: .fixed(0.01))))
struct StrictTests {
    // Every test here fails on recordings it never replayed, and replay waits 10 ms before each answer.
    @Test func echoesThePage() async throws {
        let session = try #require(Cassette.current).session
        let search = try await HTTPBinClient(session: session).search("swift cassette", page: 2, limit: 50)
        #expect(search.page.value == 2)
    }

    // This one sets two of them back to their defaults.
    @Test(.cassette(options: .init(unused: .warn, latency: .immediate))) func answersAtOnce() async throws {
        let session = try #require(Cassette.current).session
        #expect(try await HTTPBinClient(session: session).slideshow().slides.count == 2)
    }
}

/// Recording.md's samples of the options that keep cassettes true over time.
@Suite struct KeepingCassettesTrueSamples {
    @Test func unusedRecordingsFail() async throws {
        let uuid = try await Cassette.use("readme/uuid", options: .init(unused: .fail)) { session in
            try await HTTPBinClient(session: session).uuid()
        }
        #expect(uuid.uuidString.count == 36)
    }

    @Test func hooks() async throws {
        let hooks = CassetteHooks(
            beforeRecord: { interaction in
                guard interaction.request.path != "/health" else { return nil }   // never store health checks
                var kept = interaction
                kept.response?.headers["X-Request-Id"] = nil                      // nor a value that changes every time
                return kept
            },
            beforePlayback: { interaction in
                var response = interaction.response!                              // only called with a response
                response.headers["Cache-Control"] = "no-store"
                return response
            })
        let show = try await Cassette.use("readme/hooks", options: .init(hooks: hooks)) { session in
            try await HTTPBinClient(session: session).slideshow()
        }
        #expect(show.slides.count == 2)
    }

    @Test func latency() async throws {
        // /delay/1 took a second to record; `.recorded` would wait a second again, this a tenth of it.
        let echo = try await Cassette.use("readme/delay", options: .init(latency: .recorded(scaledBy: 0.1))) { session in
            try await HTTPBinClient(session: session).delayed(seconds: 1)
        }
        #expect(echo.url.path == "/delay/1")
    }

    @Test func faults() async throws {
        let faults: [Fault] = [
            .fail(.notConnectedToInternet, when: .request(1)),                                // the first request
            .respond(status: 503, body: Data("busy".utf8), when: .matching { $0.path == "/json" }),
            .truncate(toBytes: 10, when: .fraction(0.2, seed: 3)),                            // about one in five, seeded
        ]
        // Faults replace recorded answers, so this test only replays what an earlier run recorded.
        try await Cassette.use("readme/faults", record: .never, options: .init(faults: faults)) { session in
            let client = HTTPBinClient(session: session)
            await #expect(throws: NetworkError.self) { try await client.uuid() }        // not connected
            await #expect(throws: NetworkError.self) { try await client.slideshow() }   // 503
            await #expect(throws: NetworkError.self) { try await client.xml() }         // cut short: seed 3 picks it
        }
    }

    /// Compiled, not run: a recording made with an expiry is due again after 30 days, and in CI a committed one would
    /// then warn on every run.
    func expiry() async throws {
        let rates = try await Cassette.use("readme/expiring", options: .init(expiry: .after(days: 30))) { session in
            try await HTTPBinClient(session: session).echo(query: ["currency": "CHF"])
        }
        #expect(rates.argument("currency") == "CHF")
    }
}

// CassetteFileFormat.md: checking a model against every recording
@Test func everyRecordedEchoDecodes() throws {
    let check = try LoadedCassette.all().decoding(EchoedRequest.self) { $0.request.path == "/get" }
    #expect(check.checked > 0)
    #expect(check.failures.isEmpty, "\(check)")
}

// CassetteFileFormat.md: HAR files
@Test func replaysABrowserHAR() async throws {
    // Recorded by Chromium through Playwright; see Tests/CassetteToolTests/Fixtures/HAR/README.md.
    let har = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../CassetteToolTests/Fixtures/HAR/chromium-playwright-httpbin.har")
    let echo = try await Cassette.use(.har(har), options: .init(unused: .ignore)) { session in
        try await HTTPBinClient(session: session, baseURL: URL(string: "http://127.0.0.1:8799")!)
            .echo(query: ["source": "browser"])
    }
    #expect(echo.arguments.first { $0.name == "source" }?.values == ["browser"])
}
