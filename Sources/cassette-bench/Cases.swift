import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One line of the report.
struct Row {
    let name: String
    let measured: String
    let ratio: Double?
    let target: String
    let met: Bool?
    var json: [String: Any] = [:]
}

enum Cases {
    static let repetitions = 9
    /// The replay cases (1, 2 and 3) compare runs of about half a second, which move by ±15% from one to the next on
    /// a shared 2-core machine: more pairs make their median ratio steadier.
    static let replayRepetitions = 15

    static func send(_ request: URLRequest, on session: URLSession) async throws {
        let (_, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    }

    /// How many distinct interactions a shape's one-request cases replay: a GET, and for the realistic shape also
    /// its POST, sent in turn.
    static func distinct(_ shape: Shape) -> Int { shape == .short ? 1 : 2 }

    /// 1. Sequential replay against the floor protocol.
    static func replayOverhead(_ shape: Shape, requests: Int) async throws -> Row {
        let count = distinct(shape)
        let name = try Fixtures.cassette(count: count, shape: shape)
        let floor = FloorProtocol.session()
        let (floorTimes, replayTimes) = try await Cassette.use(.named(name), record: .never, options: .init(directory: .at(Fixtures.folder), repeatsLastResponse: true)) { session in
            try await interleaved(repetitions: replayRepetitions, {
                for index in 0..<requests { try await send(shape.request(index % count), on: floor) }
            }, {
                for index in 0..<requests { try await send(shape.request(index % count), on: session) }
            })
        }
        let (floorSample, replaySample) = (microseconds(floorTimes, per: requests), microseconds(replayTimes, per: requests))
        let ratio = medianRatio(replayTimes, floorTimes)
        return Row(name: "1 replay \(shape) (\(requests) sequential requests)",
                   measured: String(format: "replay %.1f µs [%.1f–%.1f], floor %.1f µs [%.1f–%.1f]", replaySample.median, replaySample.min,
                                    replaySample.max, floorSample.median, floorSample.min, floorSample.max),
                   ratio: ratio, target: "≤ 1.15", met: ratio <= 1.15,
                   json: ["replay_us": replaySample.median, "floor_us": floorSample.median, "ratio": ratio])
    }

    /// 2. Per-request replay time through cassettes of 10, 1,000 and 10,000 distinct interactions, open side by side
    /// and measured in turn, so the ratio compares runs made moments apart.
    static func scaling(_ shape: Shape, requests: Int) async throws -> Row {
        let counts = [10, 1_000, 10_000]
        let names = try counts.map { try Fixtures.cassette(count: $0, shape: shape) }
        // Replay only, each cassette answering its requests again and again; most recordings are never replayed.
        let replay = CassetteOptions(directory: .at(Fixtures.folder), repeatsLastResponse: true, unused: .ignore)
        let times = try await Cassette.use(.named(names[0]), record: .never, options: replay) { small in
            try await Cassette.use(.named(names[1]), record: .never, options: replay) { medium in
                try await Cassette.use(.named(names[2]), record: .never, options: replay) { large in
                    try await roundRobin(repetitions: replayRepetitions, zip(counts, [small, medium, large]).map { count, session in
                        { for index in 0..<requests { try await send(shape.request(index % count), on: session) } }
                    })
                }
            }
        }
        let perRequest = times.map { microseconds($0, per: requests) }
        let ratio = medianRatio(times[2], times[0])
        return Row(name: "2 scaling \(shape) (cassette size)",
                   measured: String(format: "10: %.1f µs, 1,000: %.1f µs, 10,000: %.1f µs", perRequest[0].median,
                                    perRequest[1].median, perRequest[2].median),
                   ratio: ratio, target: "10,000 ≤ 1.10 × 10", met: ratio <= 1.10,
                   json: ["us_10": perRequest[0].median, "us_1000": perRequest[1].median, "us_10000": perRequest[2].median,
                          "ratio": ratio])
    }

    /// 3. Eight cassettes replaying `requests` requests each, concurrently, against eight floor sessions.
    static func parallel(_ shape: Shape, requests: Int) async throws -> Row {
        let count = distinct(shape)
        let name = try Fixtures.cassette(count: count, shape: shape)
        // Each side makes its eight sessions inside the timing, as each test would.
        let (floorTimes, replayTimes) = try await interleaved(repetitions: replayRepetitions, {
            try await eightAtOnce {
                let floor = FloorProtocol.session()
                defer { floor.finishTasksAndInvalidate() }
                for index in 0..<requests { try await send(shape.request(index % count), on: floor) }
            }
        }, {
            try await eightAtOnce {
                try await Cassette.use(.named(name), record: .never, options: .init(directory: .at(Fixtures.folder), repeatsLastResponse: true)) { session in
                    for index in 0..<requests { try await send(shape.request(index % count), on: session) }
                }
            }
        })
        let total = Double(8 * requests)
        let floorRate = Sample(floorTimes.map { total / $0 }).median
        let replayRate = Sample(replayTimes.map { total / $0 }).median
        let ratio = medianRatio(floorTimes, replayTimes)
        return Row(name: "3 parallel \(shape) (8 cassettes × \(requests))",
                   measured: String(format: "replay %.0f req/s, floor %.0f req/s", replayRate, floorRate),
                   ratio: ratio, target: "≥ 0.85", met: ratio >= 0.85,
                   json: ["replay_rps": replayRate, "floor_rps": floorRate, "ratio": ratio])
    }

    /// Runs `body` eight times at once, and waits for all of them.
    private static func eightAtOnce(_ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask(operation: body) }
            try await group.waitForAll()
        }
    }

    /// 8. What a test pays: open a one-interaction cassette, send one realistic request, close; against the floor
    /// making a new session, sending one request and invalidating the session.
    static func perTest(tests: Int) async throws -> Row {
        let name = try Fixtures.cassette(count: 1, shape: .realistic)
        let (floorTimes, oursTimes) = try await interleaved(repetitions: repetitions, {
            for _ in 0..<tests {
                let floor = FloorProtocol.session()
                try await send(Shape.realistic.request(0), on: floor)
                floor.finishTasksAndInvalidate()
            }
        }, {
            try await realisticTests(tests, cassette: name, options: .init(directory: .at(Fixtures.folder)))
        })
        return perTestRow("8 per-test cost (open, 1 request, close)", ours: oursTimes, floor: floorTimes, tests: tests,
                          floorName: "floor", keys: ("test_us", "floor_us"))
    }

    /// `tests` tests in turn, each opening the cassette `name` with `options`, sending the first realistic request
    /// (a new one each time, as a test makes it) and closing the cassette.
    static func realisticTests(_ tests: Int, cassette name: String, options: CassetteOptions) async throws {
        for _ in 0..<tests {
            try await Cassette.use(.named(name), record: .never, options: options) { session in
                try await send(Shape.realistic.request(0), on: session)
            }
        }
    }

    /// The row of a per-test case: the median time per test of `ours` and of `floor` (runs of `tests` tests), their
    /// median ratio against `limit` (`nil`: only reported), and those values in the JSON line under `keys`.
    static func perTestRow(_ name: String, ours oursTimes: [Double], floor floorTimes: [Double], tests: Int, floorName: String,
                           keys: (ours: String, floor: String), target: String = "≤ 1.3", limit: Double? = 1.3) -> Row {
        let (ours, floor) = (microseconds(oursTimes, per: tests), microseconds(floorTimes, per: tests))
        let ratio = medianRatio(oursTimes, floorTimes)
        return Row(name: name, measured: String(format: "%.0f µs per test, %@ %.0f µs", ours.median, floorName, floor.median),
                   ratio: ratio, target: target, met: limit.map { ratio <= $0 },
                   json: [keys.ours: ours.median, keys.floor: floor.median, "ratio": ratio])
    }

    /// 4. Loading and saving a 10,000-interaction cassette against plain JSON coding of the same shape.
    static func loadAndSave() async throws -> [Row] {
        let name = try Fixtures.cassette(count: 10_000)
        let file = Fixtures.folder.appendingPathComponent(name + ".json")
        let bytes = try Data(contentsOf: file)
        let megabytes = Double(bytes.count) / 1e6
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var interactions: [Interaction] = []
        var plain: PlainEnvelope?
        let (floorLoad, load) = try await interleaved(repetitions: repetitions, {
            plain = try decoder.decode(PlainEnvelope.self, from: Data(contentsOf: file))
        }, {
            interactions = try CassetteFile.load(file) ?? []
        })
        guard interactions.count == 10_000, let plain else { throw URLError(.cannotParseResponse) }
        let target = Fixtures.folder.appendingPathComponent("saved.json")
        let floorTarget = Fixtures.folder.appendingPathComponent("saved-floor.json")
        let (floorSave, save) = try await interleaved(repetitions: repetitions, {
            var data = try encoder.encode(plain)
            data.append(UInt8(ascii: "\n"))
            try data.write(to: floorTarget, options: .atomic)
        }, {
            try CassetteFile.save(interactions, to: target)
        })
        guard try Data(contentsOf: target) == bytes else { throw URLError(.cannotWriteToFile) }
        let rows = [("load", load, floorLoad, 1.2), ("save", save, floorSave, 1.3)]
        return rows.map { label, oursTimes, floorTimes, target in
            let (ours, floor) = (Sample(oursTimes), Sample(floorTimes))
            let ratio = medianRatio(oursTimes, floorTimes)
            return Row(name: "4 \(label) 10,000 interactions (\(String(format: "%.1f", megabytes)) MB)",
                       measured: String(format: "%.0f ms (%.0f MB/s), floor %.0f ms (%.0f MB/s)", ours.median * 1000, megabytes / ours.median,
                                        floor.median * 1000, megabytes / floor.median),
                       ratio: ratio, target: "≤ \(target)", met: ratio <= target,
                       json: ["\(label)_ms": ours.median * 1000, "floor_ms": floor.median * 1000, "mb_per_s": megabytes / ours.median, "ratio": ratio])
        }
    }
}
