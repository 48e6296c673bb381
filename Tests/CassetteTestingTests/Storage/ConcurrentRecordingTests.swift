import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

#if CAN_SPAWN_PROCESSES

/// Issue 12, item 4: two processes recording into one cassette at once both keep what they recorded.
@Suite("Two processes recording one cassette")
struct ConcurrentRecordingTests {
    /// How many requests each child records.
    static let requests = 200

    @Test("two processes recording in mode new at once save the union of what both recorded, existing first")
    func twoRecordersKeepEverything() async throws {
        try await withTemporaryDirectory { directory in
            let cassette = directory.appendingPathComponent("shared.json")
            let seed = (1...3).map { Fixture.interaction("https://seed.test/\($0)") }
            try CassetteFile.save(seed, to: cassette)

            // Each child records its own requests to its own loopback server through `Cassette.use`. Both open the
            // cassette (loading the three seed interactions) before either records, so that each saves with an old
            // view of the file: without the lock and merge, the second save drops the first's recordings.
            let children = try ["first", "second"].map { tag in
                try ChildProcess(["record", directory.path, "shared", tag, String(Self.requests)])
            }
            for child in children { try await child.expectLine("opened") }
            for child in children { child.send("go") }
            var statuses: [Int32] = []
            for child in children { statuses.append(await child.wait()) }
            #expect(statuses == [0, 0])

            let saved = try CassetteFile.load(cassette) ?? []
            #expect(saved.count == seed.count + 2 * Self.requests)
            #expect(Array(saved.prefix(seed.count)) == seed, "what the file held comes first")
            let paths = saved.dropFirst(seed.count).compactMap { URL(string: $0.request.url)?.path }
            let first = (1...Self.requests).map { "/first/\($0)" }
            let second = (1...Self.requests).map { "/second/\($0)" }
            #expect(paths == first + second || paths == second + first,
                    "each child's recordings, in order, after those of the child that saved first")
            let answered = saved.dropFirst(seed.count).filter { interaction in
                let body = interaction.response?.body.map { String(decoding: $0.data, as: UTF8.self) }
                return URL(string: interaction.request.url).map { body == "{\"path\":\"\($0.path)\"}" } ?? false
            }
            #expect(answered.count == 2 * Self.requests, "each was recorded from a real answer of the child's server")
        }
    }
}
#endif
