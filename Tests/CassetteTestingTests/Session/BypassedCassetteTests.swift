import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A body whose request goes past the cassette (a session the cassette did not make) fails, with no network, with
/// the network's own `URLError`: the cassette names that as a bypass when it cannot have given that error itself.
@Suite("A request that went past the cassette is named")
struct BypassedCassetteTests {
    /// A port nothing listens on: connecting is refused at once (`URLError.cannotConnectToHost`).
    private static let unreachable = URL(string: "http://127.0.0.1:9/orders?token=secret-\(UUID().uuidString)")!

    @Test("a replaying body that threw the URLError of a request sent past it fails naming the bypass, redacted")
    func bypassIsNamed() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/user", body: #"{"id":1}"#)], name: "bypass", in: directory)
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("bypass", record: .never, options: .init(directory: .at(directory))) { session in
                    _ = try await Fixture.get("http://api.test/user", on: session)
                    let shared = URLSession(configuration: .ephemeral)
                    defer { shared.finishTasksAndInvalidate() }
                    _ = try await shared.data(from: Self.unreachable)
                }
            }
            #expect(error?.code == .bypassedCassette)
            #expect(error?.message.contains("The body threw URLError -1004 for http://127.0.0.1:9/orders?…") == true)
            #expect(error?.message.contains("went past the cassette") == true)
            #expect(error?.description.contains("secret-") == false)
        }
    }

    @Test("the same error replayed from a recorded failure or a stream's end, or given by a cassette that records, is no bypass")
    func ownErrorsAreNot() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.failed("http://api.test/down", URLError(.cannotConnectToHost))], name: "own", in: directory)
            let replaying = try Cassette(.named("own"), options: .init(record: .never, directory: .at(directory)), filePath: #filePath, opener: .init(testName: "t"))
            #expect(replaying.close(bodyError: URLError(.cannotConnectToHost)).failures.isEmpty)

            var cut = Fixture.interaction("http://api.test/stream", body: "data: 1\n\n", headers: ["Content-Type": "text/event-stream"])
            cut.response?.stream = RecordedStream(head: 0, chunks: [.init(at: 0, size: 9)], end: .failed(code: URLError.networkConnectionLost.rawValue))
            var held = cut
            held.response?.stream?.end = .cancelled
            try Fixture.write([cut, held], name: "streams", in: directory)
            let streams = try Cassette(.named("streams"), options: .init(record: .never, directory: .at(directory), unused: .ignore), filePath: #filePath, opener: .init(testName: "t"))
            #expect(streams.close(bodyError: URLError(.networkConnectionLost)).failures.isEmpty, "a replayed stream ends so")
            let again = try Cassette(.named("streams"), options: .init(record: .never, directory: .at(directory), unused: .ignore), filePath: #filePath, opener: .init(testName: "t"))
            #expect(again.close(bodyError: URLError(.timedOut)).failures.isEmpty, "a stream held open times out")

            try Fixture.write([Fixture.interaction("http://api.test/up")], name: "plain", in: directory)
            let plain = try Cassette(.named("plain"), options: .init(record: .never, directory: .at(directory), unused: .ignore), filePath: #filePath, opener: .init(testName: "t"))
            #expect(plain.close(bodyError: URLError(.cannotConnectToHost)).failures.map(\.code) == [.bypassedCassette])
            let other = try Cassette(.named("plain"), options: .init(record: .never, directory: .at(directory), unused: .ignore), filePath: #filePath, opener: .init(testName: "t"))
            #expect(other.close(bodyError: URLError(.badServerResponse)).failures.isEmpty)
            let recording = try Cassette(.named("plain"), options: .init(record: .new, directory: .at(directory), unused: .ignore), filePath: #filePath, opener: .init(testName: "t"))
            #expect(recording.close(bodyError: URLError(.cannotConnectToHost)).failures.isEmpty)
        }
    }
}
