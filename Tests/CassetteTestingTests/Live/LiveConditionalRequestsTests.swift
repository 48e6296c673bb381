import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain, a conditional (`If-None-Match` → `304`) and a ranged (`Range` → `206`) request for the same URL each see
/// what they see live, recorded in one order and replayed in the other.
@Suite("Live: conditional and ranged requests replay their own answers", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveConditionalRequestsTests {
    /// The three kinds of request, for httpbin's `/etag/v1` (which answers `If-None-Match: "v1"` with `304`) and
    /// `/range/64` (which answers a `Range` with `206`).
    private enum Kind: CaseIterable { case plain, conditional, ranged, plainRange }

    private static func request(_ kind: Kind) -> URLRequest {
        var request = URLRequest(url: URL(string: TestServer.httpbin.url(kind == .ranged || kind == .plainRange ? "/range/64" : "/etag/v1"))!)
        switch kind {
        case .conditional: request.setValue("\"v1\"", forHTTPHeaderField: "If-None-Match")
        case .ranged: request.setValue("bytes=0-9", forHTTPHeaderField: "Range")
        case .plain, .plainRange: break
        }
        return request
    }

    /// What each request observed, sent one after another in `order` through a session made from `configuration`.
    private static func observe(_ order: [Kind], on configuration: URLSessionConfiguration) async -> [Kind: Observation] {
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var observed: [Kind: Observation] = [:]
        for kind in order { observed[kind] = await Observation.data(request(kind), on: session) }
        return observed
    }

    @Test("recorded plain first, replayed conditional first, and the other way round")
    func bothOrders() async throws {
        let live = await Self.observe(Kind.allCases, on: .ephemeral)
        #expect(live[.conditional]?.status == 304 && live[.plain]?.status == 200)
        #expect(live[.ranged]?.status == 206 && live[.plainRange]?.status == 200)
        for (recordOrder, replayOrder) in [(Kind.allCases, Kind.allCases.reversed()), (Kind.allCases.reversed(), Kind.allCases)] {
            try await withTemporaryDirectory { directory in
                let place = CassetteOptions(directory: .at(directory))
                let recording = try await Cassette.useConfiguration("conditional", record: .all, options: place) { configuration in
                    await Self.observe(recordOrder, on: configuration)
                }
                let replay = try await Cassette.useConfiguration("conditional", record: .never, options: place) { configuration in
                    await Self.observe(Array(replayOrder), on: configuration)
                }
                for kind in Kind.allCases {
                    #expect(recording[kind] == live[kind], "\(kind) while recording")
                    #expect(replay[kind] == live[kind], "\(kind) replayed in the other order")
                }
            }
        }
    }
}
