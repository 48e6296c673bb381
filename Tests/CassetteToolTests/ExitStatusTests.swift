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

    #if CAN_SPAWN_PROCESSES
    @Test("the executable exits with the status the command returns, output on stdout and errors on stderr")
    func executable() throws {
        let folder = try #require(Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL ?? Bundle.main.executableURL)
            .deletingLastPathComponent()
        let tool = folder.appendingPathComponent("cassette")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "no cassette executable beside the tests in \(folder.path)")
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
