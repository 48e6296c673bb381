@testable import CassetteCore
import Foundation
import Testing

/// `export-har` then `import-har` gives back the same cassette file, byte for byte.
@Suite struct HARRoundTripTests {
    @Test func exportedHARMatchesItsGoldenFile() throws {
        try ToolSandbox.with { sandbox in
            let run = sandbox.run(["export-har", "api/avatar"])
            #expect(run.status == 0)
            Golden.expect(run.output, matches: "export-avatar.har")
        }
    }

    @Test(arguments: ["api/users", "api/avatar"])
    func cassetteToHARToCassette(_ name: String) throws {
        try ToolSandbox.with { sandbox in
            let har = sandbox.file("\(name.replacingOccurrences(of: "/", with: "-")).har")
            #expect(sandbox.run(["export-har", name, "-o", har.path]).status == 0)
            let run = sandbox.run(["import-har", har.path, "copies/\(name)"])
            #expect(run.status == 0, "\(run.errors)")
            let original = try Data(contentsOf: sandbox.file("Cassettes/\(name).json"))
            #expect(try Data(contentsOf: sandbox.file("Cassettes/copies/\(name).json")) == original)
        }
    }

    @Test("a cassette that does not read exports nothing: no output, an existing file kept, no file left beside it")
    func brokenCassetteExportsNothing() throws {
        try ToolSandbox.with { sandbox in
            // The first interaction reads; the second does not (its status is no number).
            let cassette = sandbox.file("Cassettes/api/half.json")
            var text = String(decoding: try Data(contentsOf: sandbox.file("Cassettes/api/users.json")), as: UTF8.self)
            let last = try #require(text.range(of: "\"status\" : 201"))
            text.replaceSubrange(last, with: "\"status\" : \"Created\"")
            try Data(text.utf8).write(to: cassette)
            let toOutput = sandbox.run(["export-har", "api/half"])
            #expect(toOutput.status == 3 && toOutput.output.isEmpty)
            let har = sandbox.file("kept.har")
            try Data("before\n".utf8).write(to: har)
            let toFile = sandbox.run(["export-har", "api/half", "-o", har.path])
            #expect(toFile.status == 3 && toFile.errors.contains("entries[1].value.response.status"))
            #expect(try Data(contentsOf: har) == Data("before\n".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        }
    }

    @Test func importRefusesToReplaceACassetteWithoutForce() throws {
        try ToolSandbox.with { sandbox in
            let har = sandbox.file("users.har")
            #expect(sandbox.run(["export-har", "api/users", "-o", har.path]).status == 0)
            let before = try Data(contentsOf: sandbox.file("Cassettes/api/avatar.json"))
            let refused = sandbox.run(["import-har", har.path, "api/avatar"])
            #expect(refused.status == 3 && refused.errors.contains("exists already; pass --force"))
            #expect(try Data(contentsOf: sandbox.file("Cassettes/api/avatar.json")) == before)
            #expect(sandbox.run(["import-har", har.path, "api/avatar", "--force"]).status == 0)
            #expect(try Data(contentsOf: sandbox.file("Cassettes/api/avatar.json")) == Data(contentsOf: sandbox.file("Cassettes/api/users.json")))
        }
    }

    @Test("import writes where the harness looks: CASSETTE_DIR when set")
    func importHonoursCassetteDirectory() throws {
        try ToolSandbox.with { sandbox in
            let har = sandbox.file("users.har")
            #expect(sandbox.run(["export-har", "api/users", "-o", har.path]).status == 0)
            let elsewhere = sandbox.file("Elsewhere")
            #expect(sandbox.run(["import-har", har.path, "moved/users"], environment: ["CASSETTE_DIR": elsewhere.path]).status == 0)
            #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("moved/users.json").path))
            #expect(!FileManager.default.fileExists(atPath: sandbox.file("Cassettes/moved/users.json").path))
        }
    }

    @Test("--redact rules apply on import: a header, a query item, a JSON path and an environment variable's value")
    func importRedactsByExtraRules() throws {
        try ToolSandbox.with { sandbox in
            let interaction = Interaction(
                request: RecordedRequest(method: "POST", url: "https://api.example.com/v1/things?sig=abcdef123456&keep=1",
                                         headers: ["X-Session": "session-value-1234", "Content-Type": "application/json"],
                                         body: Body(Data(#"{"user":{"ssn":"123-45-6789"},"note":"uses sekrit-env-value"}"#.utf8))),
                response: RecordedResponse(status: 200, url: "https://api.example.com/v1/things"),
                recordedAt: Date(timeIntervalSince1970: 1_790_000_000))
            let har = sandbox.file("things.har")
            try HTTPArchive.encoded([interaction]).write(to: har)
            let run = sandbox.run(["import-har", har.path, "things", "--redact", "header:X-Session", "--redact", "query:sig",
                                   "--redact", "json:user.ssn", "--redact", "env:THING_SECRET"],
                                  environment: ["THING_SECRET": "sekrit-env-value"])
            #expect(run.status == 0, "\(run.errors)")
            let text = try String(contentsOf: sandbox.file("Cassettes/things.json"), encoding: .utf8)
            for secret in ["session-value-1234", "abcdef123456", "123-45-6789", "sekrit-env-value"] {
                #expect(!text.contains(secret), "\(secret) reached the cassette")
            }
            #expect(text.contains("<THING_SECRET>") && text.contains("keep=1"))
        }
    }
}
