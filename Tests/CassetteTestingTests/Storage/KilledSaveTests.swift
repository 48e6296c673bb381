import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

#if CAN_SPAWN_PROCESSES

/// Issue 12, item 3: a process killed while it saves a cassette leaves the old file or the new one, never a torn
/// one, and what it leaves beside the file is gone once the cassette is opened again.
@Suite("Saves killed midway", .enabled(if: Stress.isEnabled, Stress.skipMessage))
struct KilledSaveTests {
    /// How many times a child is killed mid-save.
    static let kills = 60

    @Test("a save killed at any point leaves the old or the new file, and the next open removes its temporary file")
    func killedSaves() async throws {
        try await withTemporaryDirectory { directory in
            let versions = directory.appendingPathComponent("versions", isDirectory: true)
            let first = versions.appendingPathComponent("first.json")
            let second = versions.appendingPathComponent("second.json")
            try CassetteFile.save(Self.version("first"), to: first)
            try CassetteFile.save(Self.version("second"), to: second)
            let firstBytes = try Data(contentsOf: first)
            let secondBytes = try Data(contentsOf: second)
            let firstInteractions = try CassetteFile.load(first)
            let secondInteractions = try CassetteFile.load(second)
            #expect(firstBytes.count > 3_000_000 && secondBytes.count > 3_000_000, "the cassette is multi-MB")

            let cassette = directory.appendingPathComponent("big.json")
            try CassetteFile.save(Self.version("first"), to: cassette)
            var torn = 0, leftBehind = 0, remaining = 0, failedChildren = 0
            for round in 0..<Self.kills {
                let child = try ChildProcess(["save-loop", cassette.path, first.path, second.path])
                try await child.expectLine("ready")
                // Wait until a save is writing its temporary file, then kill at a delay that varies by round (from
                // at once to past the rename), so that kills land in every phase of a save.
                while child.isRunning && !Self.leftovers(of: cassette).contains(where: { $0.hasSuffix(".tmp") }) {
                    try await Task.sleep(for: .microseconds(100))
                }
                try await Task.sleep(for: .milliseconds(round % 12 * 15))
                child.kill()
                await child.wait()
                if !child.endedBySignal { failedChildren += 1 }

                if Self.leftovers(of: cassette).contains(where: { $0.hasSuffix(".tmp") }) { leftBehind += 1 }
                let bytes = try Data(contentsOf: cassette)
                let decoded = try CassetteFile.load(cassette)
                if !((bytes == firstBytes && decoded == firstInteractions) || (bytes == secondBytes && decoded == secondInteractions)) {
                    torn += 1
                }
                // The next open: a replay-only cassette, as any test's would be.
                try Cassette.use("big", record: .never, options: .init(directory: .at(directory), unused: .ignore)) { _ in }
                remaining += Self.leftovers(of: cassette).count
            }
            #expect(failedChildren == 0, "every child was saving when it was killed")
            #expect(torn == 0, "every kill left one complete version")
            #expect(leftBehind > 0, "some kills landed while a temporary file was being written (\(leftBehind) of \(Self.kills))")
            #expect(remaining == 0, "each open removed what the killed save left")
        }
    }

    /// A cassette of 300 interactions of 12 KB each, every URL and body naming `name`.
    static func version(_ name: String) -> [Interaction] {
        (1...300).map { number in
            Fixture.interaction("https://example.test/\(name)/\(number)",
                                body: "{\"version\":\"\(name)\",\"padding\":\"\(String(repeating: String(name.prefix(1)), count: 12_000))\"}")
        }
    }

    /// The temporary and lock files beside `cassette`: what a killed save may leave.
    static func leftovers(of cassette: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cassette.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix(".\(cassette.lastPathComponent).") }
    }
}
#endif
