import CassetteCore
import Foundation

/// What opening a cassette costs as a suite grows: with many sibling files in its folder, and with many interactions
/// in the file when a test replays one.
enum OpenCases {
    /// 11. A test (open a one-interaction cassette, one realistic request, close) in a folder of 2,000 cassettes
    /// against the same test with the cassette alone in its folder.
    static func siblings(tests: Int, siblings: Int = 2_000) async throws -> Row {
        let alone = Fixtures.folder.appendingPathComponent("alone")
        let crowded = Fixtures.folder.appendingPathComponent("crowded")
        for folder in [alone, crowded] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let one = [Shape.realistic.interaction(0)]
        try CassetteFile.save(one, to: alone.appendingPathComponent("test.json"))
        try CassetteFile.save(one, to: crowded.appendingPathComponent("test.json"))
        let sibling = try Data(contentsOf: crowded.appendingPathComponent("test.json"))
        for index in 1..<siblings { try sibling.write(to: crowded.appendingPathComponent("test-\(index).json")) }
        func run(in folder: URL) async throws {
            try await Cases.realisticTests(tests, cassette: "test", options: .init(directory: .at(folder)))
        }
        let (aloneTimes, crowdedTimes) = try await interleaved(repetitions: Cases.repetitions,
                                                               { try await run(in: alone) }, { try await run(in: crowded) })
        return Cases.perTestRow("11 per-test cost among \(siblings.formatted()) cassettes", ours: crowdedTimes, floor: aloneTimes,
                                tests: tests, floorName: "alone", keys: ("crowded_us", "alone_us"), target: "≤ 1.10", limit: 1.10)
    }

    /// 12. Open a 2,000-interaction cassette and replay one of its requests, close; against the same with a
    /// one-interaction cassette.
    static func largeCassette(tests: Int, interactions: Int = 2_000) async throws -> Row {
        let large = try Fixtures.cassette(count: interactions, shape: .realistic)
        let small = try Fixtures.cassette(count: 1, shape: .realistic)
        // The test replays one of the recordings on purpose: the others are no news to it.
        let options = CassetteOptions(directory: .at(Fixtures.folder), unused: .ignore)
        func run(_ name: String) async throws { try await Cases.realisticTests(tests, cassette: name, options: options) }
        let (smallTimes, largeTimes) = try await interleaved(repetitions: Cases.repetitions,
                                                             { try await run(small) }, { try await run(large) })
        return Cases.perTestRow("12 open \(interactions.formatted()) interactions + 1 request", ours: largeTimes, floor: smallTimes,
                                tests: tests, floorName: "1 interaction", keys: ("large_us", "small_us"), target: "(report)", limit: nil)
    }

    /// 13. Open a cassette of 2,000 distinct recordings, replay each once (sequentially, as one test would), close;
    /// against the floor session answering the same 2,000 requests.
    static func loadAndReplayAll(interactions: Int = 2_000) async throws -> Row {
        let name = try Fixtures.cassette(count: interactions, shape: .short)
        let (floorTimes, oursTimes) = try await interleaved(repetitions: Cases.repetitions, {
            let floor = FloorProtocol.session()
            defer { floor.finishTasksAndInvalidate() }
            for index in 0..<interactions { try await Cases.send(Shape.short.request(index), on: floor) }
        }, {
            try await Cassette.use(.named(name), record: .never, options: .init(directory: .at(Fixtures.folder))) { session in
                for index in 0..<interactions { try await Cases.send(Shape.short.request(index), on: session) }
            }
        })
        let ratio = medianRatio(oursTimes, floorTimes)
        let (ours, floor) = (microseconds(oursTimes, per: interactions).median, microseconds(floorTimes, per: interactions).median)
        return Row(name: "13 load + \(interactions.formatted()) distinct replays",
                   measured: String(format: "%.1f µs per request, floor %.1f µs", ours, floor),
                   ratio: ratio, target: "≤ 1.30", met: ratio <= 1.30,
                   json: ["replay_us": ours, "floor_us": floor, "ratio": ratio])
    }
}
