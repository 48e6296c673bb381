import CassetteTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinClient
import Networking
import Testing

/// Sixteen tests, in parallel, each with a cassette of its own from the suite's `.cassette` trait
/// (`Cassettes/HTTPBinClientTests/TraitSuiteTests/<test>.json`), each sending the same request, `GET /anything/shared`, with its own
/// number in a header that httpbin echoes: a test that saw another's cassette would read another number.
/// Recorded from httpbin by `Scripts/record.sh`; replayed offline in CI.
@Suite(.cassette) struct TraitSuiteTests {
    @Test func test01() async throws { try await Self.check(1) }
    @Test func test02() async throws { try await Self.check(2) }
    @Test func test03() async throws { try await Self.check(3) }
    @Test func test04() async throws { try await Self.check(4) }
    @Test func test05() async throws { try await Self.check(5) }
    @Test func test06() async throws { try await Self.check(6) }
    @Test func test07() async throws { try await Self.check(7) }
    @Test func test08() async throws { try await Self.check(8) }
    @Test func test09() async throws { try await Self.check(9) }
    @Test func test10() async throws { try await Self.check(10) }
    @Test func test11() async throws { try await Self.check(11) }
    @Test func test12() async throws { try await Self.check(12) }
    @Test func test13() async throws { try await Self.check(13) }
    @Test func test14() async throws { try await Self.check(14) }
    @Test func test15() async throws { try await Self.check(15) }
    @Test func test16() async throws { try await Self.check(16) }

    /// Sends the shared request with `number`, and a call of the example client; checks both answers are this
    /// test's own.
    static func check(_ number: Int) async throws {
        let cassette = try #require(Cassette.current)
        #expect(cassette.name == String(format: "HTTPBinClientTests/TraitSuiteTests/test%02d", number))
        var request = URLRequest(url: HTTPBinServer.defaultURL.appendingPathComponent("anything/shared"))
        request.setValue("\(number)", forHTTPHeaderField: "X-Test-Number")
        let (data, _) = try await cassette.session.data(for: request)
        let echoed = try JSONDecoder().decode(Echo.self, from: data)
        #expect(echoed.headers["X-Test-Number"] == "\(number)")
        let client = HTTPBinClient(session: cassette.session, baseURL: HTTPBinServer.defaultURL)
        let echo = try await client.echo(query: ["test": .int(number)])
        #expect(echo.argument("test") == "\(number)")
    }

    private struct Echo: Decodable {
        let headers: [String: String]
    }

    /// A test's own `.cassette` inside the suite's: one cassette, the test's name, the options of both.
    @Suite struct Overrides {
        // `.new` here wins over CASSETTE_RECORD and CI (an argument beats the environment): it replays what
        // matches and records only what does not, so it still runs offline.
        @Test(.cassette("httpbin/trait-named", record: .new))
        func ownNameAndMode() async throws {
            let cassette = try #require(Cassette.current)
            #expect(cassette.name == "httpbin/trait-named")
            #expect(cassette.mode == .new)
            let search = try await HTTPBinClient(session: cassette.session, baseURL: HTTPBinServer.defaultURL)
                .search("trait", page: 1, limit: 5)
            #expect(search == SearchEcho(query: "trait", page: 1, limit: 5))
        }

        @Test func inheritsTheSuites() async throws {
            let cassette = try #require(Cassette.current)
            #expect(cassette.name == "HTTPBinClientTests/TraitSuiteTests/Overrides/inheritsTheSuites")
            let status = try await HTTPBinClient(session: cassette.session, baseURL: HTTPBinServer.defaultURL).status(204)
            #expect(status == 204)
        }
    }
}
