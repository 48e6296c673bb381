import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
            for _ in 0..<tests {
                try await Cassette.use("test", record: .never, options: .init(directory: .at(folder))) { session in
                    try await Cases.send(Shape.realistic.request(0), on: session)
                }
            }
        }
        let (aloneTimes, crowdedTimes) = try await interleaved(repetitions: Cases.repetitions,
                                                               { try await run(in: alone) }, { try await run(in: crowded) })
        let ratio = medianRatio(crowdedTimes, aloneTimes)
        let aloneMicros = Sample(aloneTimes.map { $0 / Double(tests) * 1e6 }).median
        let crowdedMicros = Sample(crowdedTimes.map { $0 / Double(tests) * 1e6 }).median
        return Row(name: "11 per-test cost among \(siblings.formatted()) cassettes",
                   measured: String(format: "%.0f µs per test, alone %.0f µs", crowdedMicros, aloneMicros),
                   ratio: ratio, target: "≤ 1.10", met: ratio <= 1.10,
                   json: ["crowded_us": crowdedMicros, "alone_us": aloneMicros, "ratio": ratio])
    }

    /// 12. Open a 2,000-interaction cassette and replay one of its requests, close; against the same with a
    /// one-interaction cassette.
    static func largeCassette(tests: Int, interactions: Int = 2_000) async throws -> Row {
        let large = try Fixtures.cassette(count: interactions, shape: .realistic)
        let small = try Fixtures.cassette(count: 1, shape: .realistic)
        func run(_ name: String) async throws {
            for _ in 0..<tests {
                // The test replays one of the recordings on purpose: the others are no news to it.
                try await Cassette.use(.named(name), record: .never, options: .init(directory: .at(Fixtures.folder), unused: .ignore)) { session in
                    try await Cases.send(Shape.realistic.request(0), on: session)
                }
            }
        }
        let (smallTimes, largeTimes) = try await interleaved(repetitions: Cases.repetitions,
                                                             { try await run(small) }, { try await run(large) })
        let ratio = medianRatio(largeTimes, smallTimes)
        let smallMicros = Sample(smallTimes.map { $0 / Double(tests) * 1e6 }).median
        let largeMicros = Sample(largeTimes.map { $0 / Double(tests) * 1e6 }).median
        return Row(name: "12 open \(interactions.formatted()) interactions + 1 request",
                   measured: String(format: "%.0f µs per test, 1 interaction %.0f µs", largeMicros, smallMicros),
                   ratio: ratio, target: "(report)", met: nil,
                   json: ["large_us": largeMicros, "small_us": smallMicros, "ratio": ratio])
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
        let ours = Sample(oursTimes.map { $0 / Double(interactions) * 1e6 }).median
        let floor = Sample(floorTimes.map { $0 / Double(interactions) * 1e6 }).median
        return Row(name: "13 load + \(interactions.formatted()) distinct replays",
                   measured: String(format: "%.1f µs per request, floor %.1f µs", ours, floor),
                   ratio: ratio, target: "≤ 1.30", met: ratio <= 1.30,
                   json: ["replay_us": ours, "floor_us": floor, "ratio": ratio])
    }
}
