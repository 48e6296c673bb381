import CassetteTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinClient
import Testing

/// Code that uses `URLSession.shared` — the example client with its default session, a plain `data(from:)`, a
/// completion-handler task — tested as is, through a cassette with `scope: .process`
/// (`Cassettes/HTTPBinClientTests/SharedSessionTests/<test>.json`). Recorded from httpbin by `Scripts/record.sh`;
/// replayed offline in CI, and recorded then replayed with the server stopped by `.ci/run`. `.serialized`: every test
/// of the suite shares the process's shared session (GettingStarted.md's advice for such suites).
@Suite(.serialized, .cassette(options: .init(scope: .process))) struct SharedSessionTests {
    @Test func exampleClientWithItsDefaultSession() async throws {
        // HTTPBinClient's session defaults to URLSession.shared.
        let echo = try await HTTPBinClient(baseURL: HTTPBinServer.defaultURL).echo(query: ["via": .string("shared")])
        #expect(echo.argument("via") == "shared")
    }
}

// GettingStarted.md shows the suite above as it stands; its other tests are here.
extension SharedSessionTests {
    @Test func dataFromTheSharedSession() async throws {
        let (data, response) = try await URLSession.shared.data(from: HTTPBinServer.defaultURL.appendingPathComponent("uuid"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("uuid"))
    }

    @Test func completionHandlerTaskOnTheSharedSession() async throws {
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            URLSession.shared.dataTask(with: HTTPBinServer.defaultURL.appendingPathComponent("status/418")) { _, response, _ in
                continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? 0)
            }.resume()
        }
        #expect(status == 418)
    }
}
