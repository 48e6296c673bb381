@testable import CassetteCore
@testable import CassetteTool
import Foundation
import Testing

#if CAN_SPAWN_PROCESSES
/// `cassette diff --git` reads git exactly: names git would quote, read as bytes, and a revision never read as an option.
@Suite struct GitRevisionTests {
    /// Names git quotes in a listing without `-z`: non-ASCII, a double quote, a tab, a newline, and a leading `-`.
    static let hostileNames = ["api/café", "api/say \"hi\"", "api/tab\there", "api/new\nline", "api/-leading-dash"]

    /// A sandbox whose cassette directory also holds a copy of `api/users` under each hostile name, all committed.
    private static func withCommittedHostileNames<T>(_ body: (ToolSandbox) throws -> T) throws -> T {
        try ToolSandbox.with { sandbox in
            let users = try Data(contentsOf: sandbox.file("Cassettes/api/users.json"))
            for name in hostileNames { try users.write(to: sandbox.file("Cassettes/\(name).json")) }
            try sandbox.git("init", "-q")
            try sandbox.git("add", ".")
            try sandbox.git("commit", "-q", "-m", "recorded")
            return try body(sandbox)
        }
    }

    @Test("an unchanged tree holding names git quotes: no change, exit 0")
    func unchangedTree() throws {
        try Self.withCommittedHostileNames { sandbox in
            let run = sandbox.run(["diff", "--git"])
            #expect(run.status == 0, "\(run.output)\(run.errors)")
            #expect(run.output == "diff: no changes in \(Self.hostileNames.count + 2) cassettes.\n", "\(run.output)")
        }
    }

    @Test("a deleted file whose name git quotes is reported removed", arguments: hostileNames)
    func deletedFile(name: String) throws {
        try Self.withCommittedHostileNames { sandbox in
            try FileManager.default.removeItem(at: sandbox.file("Cassettes/\(name).json"))
            let run = sandbox.run(["diff", "--git"])
            #expect(run.status == 1, "\(run.output)\(run.errors)")
            #expect(run.output.contains("\(name): removed cassette"), "\(run.output)")
            #expect(run.output.hasSuffix("diff: 1 of \(Self.hostileNames.count + 2) cassettes changed.\n"), "\(run.output)")
        }
    }

    @Test("a changed file whose name git quotes is compared with its committed version")
    func changedFile() throws {
        try Self.withCommittedHostileNames { sandbox in
            let file = sandbox.file("Cassettes/api/café.json")
            var interactions = try #require(try CassetteFile.load(file))
            interactions[0].response?.status = 299
            try CassetteFile.save(interactions, to: file)
            let run = sandbox.run(["diff", "--git"])
            #expect(run.status == 1, "\(run.output)\(run.errors)")
            #expect(run.output.contains("api/café: 1 changed"), "\(run.output)")
            #expect(run.output.contains("→ 299"), "\(run.output)")
        }
    }

    @Test("a revision spelled like an option is a revision git cannot find, never an option git runs")
    func revisionLikeAnOption() throws {
        try Self.withCommittedHostileNames { sandbox in
            for revision in ["--output=written-by-git", "--format=%H", "-h"] {
                let run = sandbox.run(["diff", "--git", "--", revision])
                #expect(run.status == 3, "\(revision): \(run.output)\(run.errors)")
                #expect(run.errors.contains("Not a valid object name \(revision)"), "\(revision): \(run.errors)")
            }
            #expect(!FileManager.default.fileExists(atPath: sandbox.file("Cassettes/written-by-git").path))
        }
    }

    @Test("ls-tree -z entries: the path is every byte after the first tab, newlines and tabs included")
    func entries() throws {
        let listing = Data("100644 blob 0a1b\tapi/tab\there.json\u{0}100644 blob 2c3d\tapi/new\nline.json\u{0}".utf8)
        let entries = try GitRevision.entries(listing)
        #expect(entries.map(\.path) == ["api/tab\there.json", "api/new\nline.json"])
        #expect(entries.map(\.object) == ["0a1b", "2c3d"])
        #expect(throws: ToolFailure.self) { try GitRevision.entries(Data("no tab here\u{0}".utf8)) }
    }
}
#endif
