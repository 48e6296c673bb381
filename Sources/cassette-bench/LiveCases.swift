import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cases 5 and 7: against a real httpbin on loopback (`Scripts/httpbin.sh start`), skipped when it is not running.
enum LiveCases {
    static let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "http://127.0.0.1:8765"

    static func isRunning() async -> Bool {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: URL(string: baseURL + "/get")!)
        request.timeoutInterval = 2
        return (try? await session.data(for: request).1 as? HTTPURLResponse)?.statusCode == 200
    }

    /// 5 and 7: 500 requests recorded vs sent plainly, then replayed vs sent live.
    static func run(requests: Int) async throws -> [Row] {
        guard await isRunning() else {
            let skipped = "skipped: httpbin is not running at \(baseURL) (Scripts/httpbin.sh start)"
            return [Row(name: "5 recording overhead", measured: skipped, ratio: nil, target: "≤ 1.2", met: nil),
                    Row(name: "7 live vs replay", measured: skipped, ratio: nil, target: "(report)", met: nil)]
        }
        let urls = (0..<requests).map { URL(string: "\(baseURL)/get?i=\($0)")! }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let plain = URLSession(configuration: configuration)
        let repetitions = Cases.repetitions
        let (liveTimes, recordTimes) = try await interleaved(repetitions: repetitions, {
            for url in urls { try await Cases.send(URLRequest(url: url), on: plain) }
        }, {
            try await Cassette.use("recorded", record: .all, options: .init(directory: .at(Fixtures.folder))) { session in
                for url in urls { try await Cases.send(URLRequest(url: url), on: session) }
            }
        })
        // Replay opens the cassette once per repetition, as each test run would.
        var replays: [Double] = []
        for _ in 0..<repetitions {
            replays.append(try await elapsed {
                try await Cassette.use("recorded", record: .never, options: .init(directory: .at(Fixtures.folder))) { session in
                    for url in urls { try await Cases.send(URLRequest(url: url), on: session) }
                }
            })
        }
        let live = Sample(liveTimes).median
        let record = Sample(recordTimes).median
        let replay = Sample(replays).median
        let recordRatio = medianRatio(recordTimes, liveTimes)
        return [
            Row(name: "5 recording overhead (\(requests) GETs to httpbin)",
                measured: String(format: "recording %.0f ms, plain session %.0f ms", record * 1000, live * 1000),
                ratio: recordRatio, target: "≤ 1.2", met: recordRatio <= 1.2,
                json: ["record_ms": record * 1000, "plain_ms": live * 1000, "ratio": recordRatio]),
            Row(name: "7 live vs replay (\(requests) GETs)",
                measured: String(format: "live %.0f ms, replay %.0f ms: %.1f× faster", live * 1000, replay * 1000, live / replay),
                ratio: live / replay, target: "(report)", met: nil,
                json: ["live_ms": live * 1000, "replay_ms": replay * 1000, "speedup": live / replay]),
        ]
    }
}
