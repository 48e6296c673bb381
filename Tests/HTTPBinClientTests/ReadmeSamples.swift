// The README's usage samples, verbatim (each recorded from httpbin into Cassettes/ and replayed offline): keep the
// two in step.
import CassetteTesting
import HTTPBinClient
import Testing
#if canImport(XCTest)
import XCTest
#endif

// README: Swift Testing
@Suite(.cassette) struct SearchTests {
    @Test func echoesThePage() async throws {
        // Everything sent through the cassette's session is recorded on the first run and replayed afterwards.
        let session = try #require(Cassette.current).session
        let search = try await HTTPBinClient(session: session).search("swift cassette", page: 2, limit: 50)
        #expect(search.page.value == 2)
    }
}

#if canImport(XCTest)
// README: XCTest
final class SearchXCTests: XCTestCase {
    func testEchoesThePage() async throws {
        let search = try await withCassette { cassette in
            try await HTTPBinClient(session: cassette.session).search("swift cassette", page: 2, limit: 50)
        }
        XCTAssertEqual(search?.page.value, 2)
    }
}

// README: XCTest, every test of a class
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

// README: checking a model against every recording
@Test func everyRecordedEchoDecodes() throws {
    let check = try LoadedCassette.all().decoding(EchoedRequest.self) { $0.request.path == "/get" }
    #expect(check.checked > 0)
    #expect(check.failures.isEmpty, "\(check)")
}

// README: HAR files
@Test func replaysABrowserHAR() async throws {
    // Recorded by Chromium through Playwright; see Tests/CassetteToolTests/Fixtures/HAR/README.md.
    let har = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../CassetteToolTests/Fixtures/HAR/chromium-playwright-httpbin.har")
    let echo = try await Cassette.use(har: har, unused: .ignore) { session in
        try await HTTPBinClient(session: session, baseURL: URL(string: "http://127.0.0.1:8799")!)
            .echo(query: ["source": "browser"])
    }
    #expect(echo.arguments.first { $0.name == "source" }?.values == ["browser"])
}
