import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

#if CAN_SPAWN_PROCESSES

/// Issue 26, item 1: `cassette prune` rewrites a cassette under its lock, from what the file holds then, so a test
/// recording into the cassette at the same time loses nothing.
@Suite("cassette prune against a recording process")
struct PruneRaceTests {
    @Test("a child records into a cassette while cassette prune removes the one recording the report names: every round keeps the new recording and the others")
    func pruneLosesNothing() async throws {
        let rounds = Stress.count(3, stress: 100)
        let tool = try ChildProcess.executable("cassette")
        try await withTemporaryDirectory { directory in
            for round in 1...rounds {
                let folder = directory.appendingPathComponent("round-\(round)")
                let cassette = folder.appendingPathComponent("shared.json")
                let seed = (1...3).map { Fixture.interaction("https://seed.test/\($0)") }
                try CassetteFile.save(seed, to: cassette)
                let report = folder.appendingPathComponent("report.jsonl")
                try UnusedReport.append([(position: 2, interaction: seed[1])], failed: false, cassette: cassette, name: "shared", to: report)

                let child = try ChildProcess(["record", folder.path, "shared", "new", "1"])
                try await child.expectLine("opened")
                child.send("go")
                let prune = Process()
                prune.executableURL = tool
                prune.arguments = ["prune", "--report", report.path]
                prune.standardOutput = FileHandle.nullDevice
                try prune.run()
                let childStatus = await child.wait()
                prune.waitUntilExit()
                #expect(childStatus == 0 && prune.terminationStatus == 0, "round \(round)")

                let paths = try (CassetteFile.load(cassette) ?? []).compactMap { URL(string: $0.request.url)?.path }
                #expect(paths == ["/1", "/3", "/new/1"], "round \(round): the recording and the two kept seeds, in order")
            }
        }
    }

    @Test("prune leaves alone a recording made again since the report, at the same position with the same request")
    func recordedAgainIsLeftAlone() async throws {
        try await withTemporaryDirectory { directory in
            let cassette = directory.appendingPathComponent("again.json")
            let seed = (1...3).map { Fixture.interaction("https://seed.test/\($0)") }
            try CassetteFile.save(seed, to: cassette)
            let report = directory.appendingPathComponent("report.jsonl")
            try UnusedReport.append([(position: 2, interaction: seed[1])], failed: false, cassette: cassette, name: "again", to: report)
            var again = seed
            again[1].recordedAt = seed[1].recordedAt.addingTimeInterval(60)
            try CassetteFile.save(again, to: cassette)

            let prune = Process()
            prune.executableURL = try ChildProcess.executable("cassette")
            prune.arguments = ["prune", "--report", report.path]
            let output = Pipe()
            prune.standardOutput = output
            try prune.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            prune.waitUntilExit()
            #expect(prune.terminationStatus == 0)
            #expect(printed.contains("left alone: it changed since the report"))
            #expect(try CassetteFile.load(cassette) == again)
        }
    }
}
#endif
