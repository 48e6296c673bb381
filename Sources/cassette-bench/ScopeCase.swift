import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// 15. What the process scope costs a test: open a cassette, send one request, close it, with `scope: .process`
/// (the request through `URLSession.shared`) against the same with the session scope (through the cassette's own
/// session). The difference is the process scope's turn and the shared session's settings taken on; its requests go
/// through the same loading. Case 8 measures the session scope against the floor: it has nothing new per request,
/// since the shared session's router is asked only by the shared session.
enum ScopeCase {
    static func run(tests: Int) async throws -> Row {
        try CassetteScope.prepare()
        let name = try Fixtures.cassette(count: 1, shape: .realistic)
        let request = Shape.realistic.request(0)
        let (sessionTimes, processTimes) = try await interleaved(repetitions: Cases.repetitions, {
            for _ in 0..<tests {
                try await Cassette.use(.named(name), record: .never, options: .init(directory: .at(Fixtures.folder))) { session in
                    try await Cases.send(request, on: session)
                }
            }
        }, {
            for _ in 0..<tests {
                try await Cassette.use(.named(name), record: .never, options: .init(directory: .at(Fixtures.folder), scope: .process)) { _ in
                    try await Cases.send(request, on: .shared)
                }
            }
        })
        return Cases.perTestRow("15 per-test cost, process scope vs session", ours: processTimes, floor: sessionTimes, tests: tests,
                                floorName: "session scope", keys: ("process_us", "session_us"))
    }
}
