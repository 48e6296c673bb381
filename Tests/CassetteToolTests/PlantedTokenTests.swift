import Foundation
import Testing

/// A secret planted where a cassette fails to decode (an event field holding a line break, a stream's chunk, a
/// stream's `end`, a body's `layout`, the file's format) never reaches what a command prints: decode errors name the
/// coding path, the kind of problem and a length, never the value.
@Suite struct PlantedTokenTests {
    private static let token = HostileCassettes.github
    private static let broken = HostileCassettes.broken

    @Test("verify, show, list, export-har and diff print no planted token, whatever breaks the file")
    func noCommandPrintsIt() throws {
        try ToolSandbox.with { sandbox in
            let folder = sandbox.file("Cassettes/planted")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in Self.broken {
                try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name + ".json"))
            }
            var runs = [["verify", "Cassettes/planted"], ["list", "Cassettes/planted"],
                        ["diff", "Cassettes/planted", "Cassettes"]]
            for file in Self.broken {
                runs += [["show", "planted/\(file.name)"], ["export-har", "planted/\(file.name)"]]
            }
            for arguments in runs {
                let run = sandbox.run(arguments)
                let printed = run.output + run.errors
                #expect(!printed.contains(Self.token), "\(arguments) printed the token: \(printed)")
                #expect(!printed.contains("Kqaz7TnV2x"), "\(arguments) printed part of the token")
            }
            // They still say what is wrong, and where.
            let verify = sandbox.run(["verify", "Cassettes/planted"])
            #expect(verify.status == 1)
            #expect(verify.output.contains("An event's field is one line; this one holds a line break (49 characters, not shown)"), "\(verify.output)")
            #expect(verify.output.contains("A stream's end is \"complete\", \"cancelled\" or \"URLError <code>\"; this one is not (40 characters, not shown)"))
            #expect(verify.output.contains("Unknown JSON layout (40 characters, not shown)"))
            #expect(verify.output.contains("The file's format is not \"Caching.Cache\" (40 characters, not shown)"))
        }
    }

    @Test("diff shows a header's name as the file spells it, redacted: a token in it is not shown, in any case")
    func diffShowsHeaderNamesRedacted() throws {
        let aws = HostileCassettes.aws
        try ToolSandbox.with { sandbox in
            let plain = HostileCassettes.text(body: #"{"text": "a"}"#)
            let named = plain.replacingOccurrences(of: #""headers": {"Content-Type""#, with: #""headers": {"X-\#(aws)": "1", "Content-Type""#)
            try FileManager.default.createDirectory(at: sandbox.file("old"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: sandbox.file("new"), withIntermediateDirectories: true)
            try Data(plain.utf8).write(to: sandbox.file("old/a.json"))
            try Data(named.utf8).write(to: sandbox.file("new/a.json"))
            for format in [[], ["--format", "markdown"]] {
                let run = sandbox.run(["diff", "old", "new"] + format)
                #expect(run.status == 1, "\(run.output)\(run.errors)")
                #expect(run.output.contains("header X-<REDACTED:aws-access-key-id> added")
                        || run.output.contains("header X-&lt;REDACTED:aws-access-key-id&gt; added"), "\(run.output)")
                #expect(!run.output.uppercased().contains(aws), "\(run.output)")
            }
        }
    }

    @Test("a header named with a token is found, and its name is shown redacted, after a word and a dash too")
    func headerNamedWithAToken() throws {
        let aws = HostileCassettes.aws
        try ToolSandbox.with { sandbox in
            for (name, header) in [("github", Self.token), ("aws", "X-\(aws)")] {
                let text = HostileCassettes.text(body: #"{"text": "a"}"#, headers: #""\#(header)": "1""#)
                try Data(text.utf8).write(to: sandbox.file("Cassettes/\(name).json"))
                let run = sandbox.run(["verify", "Cassettes/\(name).json"])
                #expect(run.status == 1, "\(name): the name is a secret stored unredacted")
                #expect(!(run.output + run.errors).contains(Self.token) && !(run.output + run.errors).contains(aws), "\(run.output)")
                #expect(run.output.contains("request.headers") && run.output.contains("<REDACTED:"), "\(run.output)")
            }
        }
    }
}
