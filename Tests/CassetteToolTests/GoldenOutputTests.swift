@testable import CassetteTool
import Foundation
import Testing

/// Each subcommand's output on the fixture cassettes, exactly (see ``Golden``), and its exit status.
@Suite struct GoldenOutputTests {
    @Test func listShowsCountSizeOldestAndExpiry() throws {
        try ToolSandbox.with { sandbox in
            let run = sandbox.run(["list"])
            #expect(run.status == 0)
            #expect(run.errors.isEmpty)
            Golden.expect(run.output, matches: "list.txt")
        }
    }

    @Test func listOfAFolderWithABrokenFileSaysSoAndExitsOne() throws {
        try ToolSandbox.with { sandbox in
            try FileManager.default.copyItem(at: ToolSandbox.fixtures.appendingPathComponent("Broken"), to: sandbox.file("Broken"))
            let run = sandbox.run(["list", "Broken"])
            #expect(run.status == 1)
            Golden.expect(run.output, matches: "list-broken.txt")
        }
    }

    @Test func showSummarizesEachInteraction() throws {
        try ToolSandbox.with { sandbox in
            let run = sandbox.run(["show", "api/users"])
            #expect(run.status == 0)
            Golden.expect(run.output, matches: "show.txt")
            // A path works as well as a name.
            #expect(sandbox.run(["show", "Cassettes/api/users.json"]).output == run.output)
        }
    }

    @Test func showOneInteractionWithHeadersAndBodies() throws {
        try ToolSandbox.with { sandbox in
            let run = sandbox.run(["show", "api/users", "--interaction", "1", "--body"])
            #expect(run.status == 0)
            Golden.expect(run.output, matches: "show-interaction-body.txt")
        }
    }

    @Test func showBinaryBodiesRedirectsAndFailures() throws {
        try ToolSandbox.with { sandbox in
            let run = sandbox.run(["show", "api/avatar", "--body"])
            #expect(run.status == 0)
            Golden.expect(run.output, matches: "show-avatar-body.txt")
        }
    }

    @Test func verifyPassesCleanCassettes() throws {
        try ToolSandbox.with { sandbox in
            let run = sandbox.run(["verify"])
            #expect(run.status == 0)
            Golden.expect(run.output, matches: "verify-clean.txt")
        }
    }

    @Test func verifyNamesEachProblemWithItsCodingPathAndExitsOne() throws {
        try ToolSandbox.with { sandbox in
            try FileManager.default.copyItem(at: ToolSandbox.fixtures.appendingPathComponent("Broken"), to: sandbox.file("Broken"))
            let run = sandbox.run(["verify", "Broken"])
            #expect(run.status == 1)
            Golden.expect(run.output, matches: "verify-broken.txt")
            // The secrets themselves never reach the output.
            #expect(!run.output.contains("fixture-not-a-real-token-1234") && !run.output.contains("fixture-key-5678"))
        }
    }

    @Test func diffShowsAReRecordingForAPullRequest() throws {
        try ToolSandbox.with { sandbox in
            try FileManager.default.copyItem(at: ToolSandbox.fixtures.appendingPathComponent("Diff"), to: sandbox.file("Diff"))
            let run = sandbox.run(["diff", "Diff/old", "Diff/new", "--format", "markdown"])
            #expect(run.status == 1)
            Golden.expect(run.output, matches: "diff-markdown.txt")
            #expect(sandbox.run(["diff", "Diff/old", "Diff/old"]).status == 0)
        }
    }

    @Test func helpTextsAreDocumented() throws {
        try ToolSandbox.with { sandbox in
            var all = sandbox.run(["--help"]).output
            for command in Subcommand.all {
                let run = sandbox.run([command.spec.name, "--help"])
                #expect(run.status == 0)
                all += "\n==== cassette \(command.spec.name) --help\n" + run.output
            }
            Golden.expect(all, matches: "help.txt")
        }
    }
}
