import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's session settings while recording from httpbin: a token in `httpAdditionalHeaders` reaches the server
/// (`/bearer` says 200, as live) but never the file or a message; a session made from another configuration, whose
/// settings a protocol cannot see on corelibs, is refused instead of recorded without them.
@Suite("Live: the app's session settings", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveSessionSettingsTests {
    private static let token = "cfg-token-\(UUID().uuidString)"

    @Test("a bearer token set on the configuration authenticates while recording and replaying, and is stored redacted")
    func additionalHeaderToken() async throws {
        try await withTemporaryDirectory { directory in
            let place = CassetteOptions(directory: .at(directory))
            var statuses: [Int] = []
            for mode in [RecordMode.all, .never] {
                let (status, body) = try await Cassette.useConfiguration("bearer", record: mode, options: place) { configuration in
                    configuration.httpAdditionalHeaders = ["Authorization": "Bearer \(Self.token)"]
                    let session = URLSession(configuration: configuration)
                    defer { session.finishTasksAndInvalidate() }
                    let (data, response) = try await Fixture.get(TestServer.httpbin.url("/bearer"), on: session)
                    return (response.statusCode, String(decoding: data, as: UTF8.self))
                }
                statuses.append(status)
                #expect(body.contains(Self.token), "the code sees its own token echoed, in mode \(mode)")
            }
            #expect(statuses == [200, 200])
            let file = try String(contentsOf: directory.appendingPathComponent("bearer.json"), encoding: .utf8)
            #expect(!file.contains(Self.token))
            #expect(file.contains("Bearer <REDACTED:authorization>"))
            // A request that finds no match: its message holds no token either.
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.useConfiguration("bearer", record: .never, options: place) { configuration in
                    configuration.httpAdditionalHeaders = ["Authorization": "Bearer \(Self.token)"]
                    let session = URLSession(configuration: configuration)
                    defer { session.finishTasksAndInvalidate() }
                    _ = try? await Fixture.get(TestServer.httpbin.url("/bearer?other=1"), on: session)
                }
            }
            #expect(error.map { !$0.description.contains(Self.token) } == true)
        }
    }

    #if canImport(FoundationNetworking)
    @Test("a session made from another configuration that lists the cassette's protocol is refused while recording, naming what to do")
    func foreignConfigurationIsRefused() async {
        await withTemporaryDirectory { directory in
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("foreign", record: .all, options: .init(directory: .at(directory))) { _ in
                    let own = try #require(Cassette.current).configuration
                    let foreign = URLSessionConfiguration.ephemeral
                    foreign.protocolClasses = own.protocolClasses
                    foreign.httpAdditionalHeaders = ["Authorization": "Bearer \(Self.token)"]
                    let session = URLSession(configuration: foreign)
                    defer { session.finishTasksAndInvalidate() }
                    _ = try? await Fixture.get(TestServer.httpbin.url("/bearer"), on: session)
                }
            }
            #expect(error?.message.contains("a configuration other than the cassette's") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("httpAdditionalHeaders") == true)
            #expect(error.map { !$0.description.contains(Self.token) } == true)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("foreign.json").path))
        }
    }
    #endif
}
