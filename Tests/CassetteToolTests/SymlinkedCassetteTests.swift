@testable import CassetteCore
@testable import CassetteTool
import Foundation
import Testing

/// Commands and the harness on hostile and shared files: symbolic links to cassettes, planted lock links, reports
/// naming files that are gone. Every fixture is made of real links in the sandbox.
@Suite struct SymlinkedCassetteTests {
    /// Moves the sandbox's `Cassettes/api/users.json` to `shared` (a path in the sandbox) and puts a relative link to
    /// it in its place, as a project sharing one fixture between cassettes does. Returns the link and its target.
    static func shareUsers(_ sandbox: ToolSandbox, at shared: String = "Shared/users.json") throws -> (link: URL, target: URL) {
        let link = sandbox.file("Cassettes/api/users.json")
        let target = sandbox.file(shared)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: link, to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../" + shared)
        return (link, target)
    }

    /// Whether `url` is a symbolic link itself (not followed).
    static func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    @Test("prune writes through a symlinked cassette to its target: the link stays a link, the shared file changes")
    func pruneWritesThroughLink() throws {
        try ToolSandbox.with { sandbox in
            let (link, target) = try Self.shareUsers(sandbox)
            let report = UnusedPruneTests.line(sandbox, "api/users", unused: [UnusedPruneTests.users2]) + "\n"
            try Data(report.utf8).write(to: sandbox.file("report.jsonl"))
            let run = sandbox.run(["prune", "--report", "report.jsonl"])
            #expect(run.status == 0, "\(run.errors)")
            #expect(Self.isLink(link), "the link was replaced by a regular file")
            #expect(try #require(try CassetteFile.load(target)).map(\.request.method) == ["GET"])
            #expect(try #require(try CassetteFile.load(link)).map(\.request.method) == ["GET"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path) == ["users.json"],
                    "no temporary or lock file is left beside the target")
        }
    }

    @Test("the harness's save and import-har write through a symlinked cassette as prune does")
    func saveWritesThroughLink() throws {
        try ToolSandbox.with { sandbox in
            // A cassette name may lead through a link only to a file inside the cassette directory (CassetteLocation).
            let (link, target) = try Self.shareUsers(sandbox, at: "Cassettes/shared/users.json")
            let first = try #require(try CassetteFile.load(link)).prefix(1)
            try CassetteFile.save(Array(first), to: link)
            #expect(Self.isLink(link))
            #expect(try #require(try CassetteFile.load(target)).count == 1)

            let har = ToolSandbox.fixtures.appendingPathComponent("HAR/mitmproxy-httpbin.har")
            let run = sandbox.run(["import-har", har.path, "api/users", "--force"])
            #expect(run.status != 2, "\(run.errors)")
            #expect(Self.isLink(link))
            #expect(try #require(try CassetteFile.load(target)).count > 1)
        }
    }

    @Test("export-har -o onto a symlinked file writes through it, as every writer does; a failed export leaves it alone")
    func exportWritesThroughLink() throws {
        try ToolSandbox.with { sandbox in
            let target = sandbox.file("Shared/api.har")
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("old".utf8).write(to: target)
            let link = sandbox.file("api.har")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let run = sandbox.run(["export-har", "api/users", "-o", "api.har"])
            #expect(run.status == 0, "\(run.errors)")
            #expect(Self.isLink(link), "the link stays a link")
            #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("{"), "the file it leads to holds the HAR")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path)
            #expect(leftovers == ["api.har"], "no temporary file is left: \(leftovers)")
        }
    }

    @Test("a planted lock-file link is refused with a message naming it, and nothing is created where it points")
    func plantedLockLinkIsRefused() throws {
        try ToolSandbox.with { sandbox in
            let outside = sandbox.file("outside/planted")
            try FileManager.default.createDirectory(at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
            let lock = sandbox.file("Cassettes/api/.users.json.lock")
            try FileManager.default.createSymbolicLink(atPath: lock.path, withDestinationPath: outside.path)
            let report = UnusedPruneTests.line(sandbox, "api/users", unused: [UnusedPruneTests.users2]) + "\n"
            try Data(report.utf8).write(to: sandbox.file("report.jsonl"))
            let before = try Data(contentsOf: sandbox.file("Cassettes/api/users.json"))

            let run = sandbox.run(["prune", "--report", "report.jsonl"])
            #expect(run.status != 0)
            #expect(!FileManager.default.fileExists(atPath: outside.path), "the lock was opened through the link")
            #expect(run.errors.contains(lock.lastPathComponent) && run.errors.contains("symbolic link")
                    && run.errors.contains("Remove it"), "\(run.errors)")
            #expect(try Data(contentsOf: sandbox.file("Cassettes/api/users.json")) == before)
            #expect(Self.isLink(lock), "the planted link is left for the user to look at")
        }
    }

    @Test("prune of a report naming a cassette that is gone, in folders that are gone, creates nothing")
    func pruneOfMissingFileCreatesNothing() throws {
        try ToolSandbox.with { sandbox in
            let report = UnusedPruneTests.line(sandbox, "gone/deeper/users", unused: [UnusedPruneTests.users2]) + "\n"
            try Data(report.utf8).write(to: sandbox.file("report.jsonl"))
            let run = sandbox.run(["prune", "--report", "report.jsonl"])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("left alone: the file is gone"))
            #expect(!FileManager.default.fileExists(atPath: sandbox.file("Cassettes/gone").path))
            // A report that is itself missing is an error, and creates nothing either.
            let missing = sandbox.run(["prune", "--report", "nothere/deeper/report.jsonl"])
            #expect(missing.status != 0 && missing.errors.contains("could not be read"))
            #expect(!FileManager.default.fileExists(atPath: sandbox.file("nothere").path))
        }
    }

    @Test("list shows a symlinked cassette's size as its target's, not the link's own")
    func listShowsTargetSize() throws {
        try ToolSandbox.with { sandbox in
            let (_, target) = try Self.shareUsers(sandbox)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int)
            let run = sandbox.run(["list"])
            #expect(run.status == 0)
            let row = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("api/users") })
            #expect(row.contains(Formatting.bytes(size)), "\(row)")
            #expect(run.output.contains("3.5 KiB in Cassettes"), "the total counts the target too")
        }
    }
}
