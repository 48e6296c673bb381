#if canImport(XCTest)
import CassetteTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinClient
import XCTest

/// The example client under XCTest, through the `withCassette` helper: each test's cassette is named after it
/// (`Cassettes/HTTPBinClientTests/HTTPBinClientXCTests/<test>.json`). Recorded from httpbin by `Scripts/record.sh`; replayed offline in CI.
final class HTTPBinClientXCTests: XCTestCase {
    func testSearchEchoesThePage() async throws {
        let search = try await withCassette { cassette in
            try await HTTPBinClient(session: cassette.session, baseURL: HTTPBinServer.defaultURL)
                .search("xctest", page: 3, limit: 10)
        }
        XCTAssertEqual(search, SearchEcho(query: "xctest", page: 3, limit: 10))
    }

    func testCompletionHandlersInASynchronousTest() throws {
        let status = try withCassette { cassette -> Int in
            let done = DispatchSemaphore(value: 0)
            let url = HTTPBinServer.defaultURL.appendingPathComponent("status/418")
            let task = cassette.session.dataTask(with: url) { _, _, _ in done.signal() }
            task.resume()
            done.wait()
            return try XCTUnwrap(task.response as? HTTPURLResponse).statusCode
        }
        XCTAssertEqual(status, 418)
    }
}

/// Every test of the class with a cassette of its own, by wrapping the test's invocation (GettingStarted.md's recipe).
final class HTTPBinClientInvokeTestXCTests: XCTestCase {
    override func invokeTest() {
        withCassette { _ in super.invokeTest() }
    }

    func testUUIDThroughTheCurrentCassette() async throws {
        let cassette = try XCTUnwrap(Cassette.current)
        XCTAssertEqual(cassette.name, "HTTPBinClientTests/HTTPBinClientInvokeTestXCTests/testUUIDThroughTheCurrentCassette")
        _ = try await HTTPBinClient(session: cassette.session, baseURL: HTTPBinServer.defaultURL).uuid()
    }

    func testSlideshowThroughTheCurrentCassette() async throws {
        let session = try XCTUnwrap(Cassette.current).session
        let show = try await HTTPBinClient(session: session, baseURL: HTTPBinServer.defaultURL).slideshow()
        XCTAssertEqual(show.title, "Sample Slide Show")
    }
}
#endif
