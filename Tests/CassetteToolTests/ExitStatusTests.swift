@testable import CassetteTool
import Foundation
import Testing

/// The exit statuses `cassette --help` documents, in process and through the built executable.
@Suite struct ExitStatusTests {
    @Test(arguments: [
        (["frobnicate"], Int32(2), "unknown command 'frobnicate'"),
        ([], 2, "USAGE: cassette <command>"),
        (["show"], 2, "missing <cassette>"),
        (["show", "api/users", "--interaction"], 2, "'--interaction' needs a value"),
        (["show", "api/users", "--interaction", "zero"], 2, "takes a number from 1"),
        (["show", "api/users", "--interaction", "9"], 2, "has 2 interactions; there is no #9"),
        (["show", "api/users", "--colour"], 2, "unknown option '--colour'"),
        (["show", "api/users", "extra"], 2, "unexpected argument 'extra'"),
        (["show", "../outside"], 2, "must not contain"),
        (["show", "api/nothing"], 3, "No cassette api/nothing"),
        (["list", "Nowhere"], 3, "No such folder: Nowhere"),
        (["unused"], 2, "missing --report"),
        (["prune", "--report", "missing.jsonl"], 3, "could not be read"),
        (["import-har", "missing.har", "x"], 3, "There is no HAR file here"),
        (["import-har", "a.har", "x", "--redact", "colour:red"], 2, "the kind must be header, query, json, env or no-shape"),
        (["import-har", "a.har", "x", "--redact", "env:CASSETTE_TOOL_TEST_UNSET"], 2, "has no CASSETTE_TOOL_TEST_UNSET"),
    ] as [([String], Int32, String)])
    func statusAndMessage(_ arguments: [String], _ status: Int32, _ message: String) throws {
        try ToolSandbox.with { sandbox in
            let run = sandbox.run(arguments)
            #expect(run.status == status, "cassette \(arguments.joined(separator: " "))")
            #expect(run.errors.contains(message), "\(run.errors)")
            #expect(run.output.isEmpty)
        }
    }

    @Test func helpExitsZeroOnEveryCommand() throws {
        try ToolSandbox.with { sandbox in
            for arguments in [["--help"], ["help"], ["help", "show"], ["show", "--help"], ["prune", "-h"]] {
                let run = sandbox.run(arguments)
                #expect(run.status == 0 && run.output.hasPrefix(arguments.contains("show") ? "Show" : arguments.contains("prune") ? "Remove" : "Inspect"))
            }
        }
    }

    /// Each status a command returns is a row of its help's EXIT STATUS table, and `--explain-status` ends the run
    /// with what that row says (nothing for 0).
    @Test(arguments: [
        (["list"], Int32(0)), (["list", "Broken"], 1), (["list", "--colour"], 2), (["list", "Nowhere"], 3),
        (["show", "api/users"], 0), (["show", "api/users", "-i", "9"], 2), (["show", "api/nothing"], 3),
        (["verify"], 0), (["verify", "Broken"], 1), (["verify", "a", "b"], 2), (["verify", "Nowhere"], 3),
        (["diff", "Diff/old", "Diff/old"], 0), (["diff", "Diff/old", "Diff/new"], 1), (["diff"], 2), (["diff", "Diff/old", "Nowhere"], 3),
        (["unused", "--report", "empty.jsonl"], 0), (["unused"], 2), (["unused", "--report", "missing.jsonl"], 3),
        (["prune", "--report", "empty.jsonl"], 0), (["prune"], 2), (["prune", "--report", "missing.jsonl"], 3),
        (["export-har", "api/users"], 0), (["export-har"], 2), (["export-har", "api/nothing"], 3),
        (["import-har", "x"], 2), (["import-har", "missing.har", "x"], 3),
    ] as [([String], Int32)])
    func everyStatusIsInTheCommandsHelp(_ arguments: [String], _ status: Int32) throws {
        try ToolSandbox.with { sandbox in
            for folder in ["Broken", "Diff"] {
                try FileManager.default.copyItem(at: ToolSandbox.fixtures.appendingPathComponent(folder), to: sandbox.file(folder))
            }
            try Data().write(to: sandbox.file("empty.jsonl"))
            let run = sandbox.run(["--explain-status"] + arguments)
            #expect(run.status == status, "cassette \(arguments.joined(separator: " ")): \(run.errors)")
            let name = arguments[0]
            let row = try #require(Subcommand.named(name)?.spec.exitStatuses.first { $0.status == run.status },
                                   "cassette \(name) returned \(run.status), which its table does not list")
            let help = sandbox.run([name, "--help"]).output
            #expect(help.contains("\nEXIT STATUS:\n") && help.contains(row.helpLine), "\(help)")
            if status == ExitStatus.success {
                #expect(!run.errors.contains("(exit status"))
            } else {
                #expect(run.errors.hasSuffix(row.explanation(command: "cassette \(name)")), "\(run.errors)")
            }
        }
    }

    @Test func diffHelpSaysWhatEachStatusMeans() throws {
        try ToolSandbox.with { sandbox in
            #expect(sandbox.run(["diff", "--help"]).output.hasSuffix("""

                EXIT STATUS:
                  0  no changes were found
                  1  changes were found (a finding, not an error)
                  2  the arguments make no sense: an unknown option, a missing or invalid argument (an error)
                  3  a file or folder does not exist or does not read as a cassette, or git failed (an error)

                """))
            let overview = sandbox.run(["--help"]).output
            #expect(overview.contains("  1  the command did its work, and found something to look at (a finding, not an error)\n"))
            #expect(overview.contains("       diff        changes were found\n"))
            #expect(sandbox.run(["--explain-status", "--explain-status", "diff", "--help"]).status == 0)
            #expect(sandbox.run(["--explain-status", "frobnicate"]).errors
                .hasSuffix("cassette: the arguments make no sense: an unknown command or option, a missing or invalid argument (exit status 2)\n"))
        }
    }

    #if CAN_SPAWN_PROCESSES
    /// The `cassette` executable built beside the tests.
    private static func builtTool() throws -> URL {
        let folder = try #require(Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL ?? Bundle.main.executableURL)
            .deletingLastPathComponent()
        let tool = folder.appendingPathComponent("cassette")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "no cassette executable beside the tests in \(folder.path)")
        return tool
    }

    @Test("through one pipe for both streams, as the plugin runs it, the explanation comes after all the output")
    func explanationComesLast() throws {
        let tool = try Self.builtTool()
        try ToolSandbox.with { sandbox in
            try FileManager.default.copyItem(at: ToolSandbox.fixtures.appendingPathComponent("Diff"), to: sandbox.file("Diff"))
            let process = Process()
            process.executableURL = tool
            process.arguments = ["--explain-status", "diff", "Diff/old", "Diff/new"]
            process.currentDirectoryURL = sandbox.root
            let both = Pipe()
            process.standardOutput = both
            process.standardError = both
            try process.run()
            let text = String(decoding: both.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1)
            #expect(text.hasPrefix("api/users: 1 added, 1 removed, 1 changed\n"))
            #expect(text.hasSuffix("diff: 1 of 1 cassette changed.\ncassette diff: changes were found (exit status 1)\n"), "\(text)")
        }
    }

    @Test("the executable exits with the status the command returns, output on stdout and errors on stderr")
    func executable() throws {
        let tool = try Self.builtTool()
        try ToolSandbox.with { sandbox in
            for (arguments, status, stdout, stderr) in [
                (["list"], Int32(0), "api/users", ""),
                (["verify", "Cassettes"], 0, "no problems", ""),
                (["show", "api/nothing"], 3, "", "No cassette api/nothing"),
                (["nonsense"], 2, "", "unknown command"),
            ] as [([String], Int32, String, String)] {
                let process = Process()
                process.executableURL = tool
                process.arguments = arguments
                process.currentDirectoryURL = sandbox.root
                process.environment = ["PATH": "/usr/bin:/bin"]
                let out = Pipe()
                let err = Pipe()
                process.standardOutput = out
                process.standardError = err
                try process.run()
                let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == status, "cassette \(arguments)")
                #expect(stdout.isEmpty ? output.isEmpty : output.contains(stdout))
                #expect(stderr.isEmpty ? errors.isEmpty : errors.contains(stderr))
            }
        }
    }
    #endif
}
