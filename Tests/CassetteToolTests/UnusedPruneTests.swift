@testable import CassetteCore
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `cassette unused` and `cassette prune` on reports the harness writes (`CASSETTE_REPORT`).
@Suite struct UnusedPruneTests {
    /// A report line for a use of the sandbox cassette `name` that left `unused` (position, method, URL) unreplayed.
    static func line(_ sandbox: ToolSandbox, _ name: String, unused: [(Int, String, String)], failed: Bool = false) -> String {
        let items = unused.map { #"{"interaction":\#($0.0),"method":"\#($0.1)","url":"\#($0.2)"}"# }.joined(separator: ",")
        let path = sandbox.file("Cassettes/\(name).json").path
        return #"{"cassette":"\#(path)","name":"\#(name)","unused":[\#(items)]\#(failed ? #","failed":true"# : "")}"#
    }

    static let users2 = (2, "POST", "https://api.example.com/users")
    static let offline = (2, "GET", "https://offline.example.com/ping")

    @Test("an interaction is never replayed only when every use of its cassette left it out")
    func unusedIntersectsUses() throws {
        try ToolSandbox.with { sandbox in
            let report = [
                Self.line(sandbox, "api/users", unused: [Self.users2]),
                Self.line(sandbox, "api/avatar", unused: [Self.offline]),
                Self.line(sandbox, "api/avatar", unused: []),
            ].joined(separator: "\n") + "\n"
            try Data(report.utf8).write(to: sandbox.file("report.jsonl"))
            let run = sandbox.run(["unused", "--report", "report.jsonl"])
            #expect(run.status == 0)
            Golden.expect(run.output, matches: "unused.txt")
        }
    }

    @Test("prune removes them atomically, keeps the rest byte for byte as the harness writes them, and --dry-run changes nothing")
    func pruneRemovesNeverReplayed() throws {
        try ToolSandbox.with { sandbox in
            let report = Self.line(sandbox, "api/users", unused: [Self.users2]) + "\n"
            try Data(report.utf8).write(to: sandbox.file("report.jsonl"))
            let users = sandbox.file("Cassettes/api/users.json")
            let before = try Data(contentsOf: users)
            let dry = sandbox.run(["prune", "--report", "report.jsonl", "--dry-run"])
            #expect(dry.status == 0 && dry.output.contains("would remove 1 of 2 interactions"))
            #expect(try Data(contentsOf: users) == before)

            let run = sandbox.run(["prune", "--report", "report.jsonl"])
            #expect(run.status == 0)
            Golden.expect(run.output, matches: "prune.txt")
            let kept = try #require(try CassetteFile.load(users))
            #expect(kept.map(\.request.method) == ["GET"])
            // Pruning again finds the file changed since the report and leaves it alone.
            let again = sandbox.run(["prune", "--report", "report.jsonl"])
            #expect(again.output.contains("left alone: it changed since the report"))
            #expect(try #require(try CassetteFile.load(users)).count == 1)
        }
    }

    @Test("a cassette whose test failed, or that would lose everything, is left alone")
    func pruneLeavesUncertainCassettesAlone() throws {
        try ToolSandbox.with { sandbox in
            let report = [
                Self.line(sandbox, "api/users", unused: [Self.users2]),
                Self.line(sandbox, "api/users", unused: [], failed: true),
                Self.line(sandbox, "api/avatar", unused: [(1, "GET", "https://api.example.com/users/1/avatar"), Self.offline]),
            ].joined(separator: "\n")
            try Data(report.utf8).write(to: sandbox.file("report.jsonl"))
            let users = try Data(contentsOf: sandbox.file("Cassettes/api/users.json"))
            let avatar = try Data(contentsOf: sandbox.file("Cassettes/api/avatar.json"))
            let run = sandbox.run(["prune", "--report", "report.jsonl"])
            #expect(run.status == 0)
            #expect(run.output.contains("api/users.json: left alone: a test using it failed"))
            #expect(run.output.contains("api/avatar.json: left alone: no test replayed any of its 2 interactions"))
            #expect(try Data(contentsOf: sandbox.file("Cassettes/api/users.json")) == users)
            #expect(try Data(contentsOf: sandbox.file("Cassettes/api/avatar.json")) == avatar)
        }
    }

    @Test("a cassette that no longer reads is left alone, and the others are still pruned")
    func unreadableCassetteIsSkipped() throws {
        try ToolSandbox.with { sandbox in
            let report = [
                Self.line(sandbox, "api/avatar", unused: [Self.offline]),
                Self.line(sandbox, "api/users", unused: [Self.users2]),
            ].joined(separator: "\n")
            try Data(report.utf8).write(to: sandbox.file("report.jsonl"))
            try Data("{ not a cassette".utf8).write(to: sandbox.file("Cassettes/api/avatar.json"))
            let run = sandbox.run(["prune", "--report", "report.jsonl"])
            #expect(run.status == 0)
            #expect(run.output.contains("api/avatar.json: left alone: it does not read as a cassette"))
            #expect(try #require(try CassetteFile.load(sandbox.file("Cassettes/api/users.json"))).count == 1)
        }
    }

    @Test("a malformed report line is an error naming the line")
    func malformedReport() throws {
        try ToolSandbox.with { sandbox in
            try Data("{\"cassette\":\"/x.json\",\"unused\":[]}\nnot json\n".utf8).write(to: sandbox.file("report.jsonl"))
            let run = sandbox.run(["unused", "--report", "report.jsonl"])
            #expect(run.status == 3 && run.errors.contains("report.jsonl, line 2: not a JSON object"))
        }
    }

    @Test("the harness's own report drives prune: a real run that skips one request")
    func harnessReportEndToEnd() async throws {
        try await ToolSandbox.withAsync { sandbox in
            let report = sandbox.file("report.jsonl")
            let environment = ["CASSETTE_REPORT": report.path, "CASSETTE_DIR": sandbox.file("Cassettes").path]
            try await Cassette.use("api/avatar", record: .never, options: .init(unused: .ignore, environment: environment)) { session in
                _ = try await session.data(from: URL(string: "https://api.example.com/users/1/avatar")!)
            }
            let run = sandbox.run(["prune", "--report", report.path])
            #expect(run.output.contains("removed 1 of 2 interactions"), "\(run.output)")
            let kept = try #require(try CassetteFile.load(sandbox.file("Cassettes/api/avatar.json")))
            #expect(kept.map(\.request.url) == ["https://api.example.com/users/1/avatar"])
        }
    }
}
