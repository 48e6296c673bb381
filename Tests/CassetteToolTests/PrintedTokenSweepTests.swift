@testable import CassetteCore
import Foundation
import Testing

/// Everything every command prints, over every fixture (the committed ones, the broken ones, and hostile files with
/// tokens planted where a file breaks and in a header's name), holds none of the planted tokens. The exceptions are
/// the commands that exist to print what a well-formed cassette holds: `show` and `export-har` of a file that reads.
@Suite struct PrintedTokenSweepTests {
    private static let github = HostileCassettes.github
    private static let aws = HostileCassettes.aws
    /// The planted tokens: ours, and those the committed fixtures hold.
    private static let tokens = [github, aws, "fixture-not-a-real-token-1234", "fixture-key-5678", "fixture-token-1234",
                                 "fixture-bearer-5678", "fixture-cookie-9012", "fixture-browser-3456"]

    private static let hostile: [(name: String, text: String)] = HostileCassettes.broken + [
        ("named-github", HostileCassettes.text(body: #"{"text": "a"}"#, headers: #""\#(github)": "1""#)),
        ("named-aws", HostileCassettes.text(body: #"{"text": "a"}"#, headers: #""X-\#(aws)": "1""#)),
        // A value of the wrong type: the decode error's path passes through the name.
        ("typed-aws", HostileCassettes.text(body: #"{"text": "a"}"#, headers: #""X-\#(aws)": 1"#)),
    ]

    @Test("no command prints a planted token, but show and export-har of a file that reads")
    func sweep() throws {
        try ToolSandbox.with { sandbox in
            let fixtures = ToolSandbox.fixtures
            for folder in ["Broken", "Diff"] {
                try FileManager.default.copyItem(at: fixtures.appendingPathComponent(folder), to: sandbox.file(folder))
            }
            try FileManager.default.createDirectory(at: sandbox.file("Hostile"), withIntermediateDirectories: true)
            for file in Self.hostile {
                try Data(file.text.utf8).write(to: sandbox.file("Hostile/\(file.name).json"))
            }
            let folders = ["Cassettes", "Broken", "Hostile", "Diff/old", "Diff/new"]
            var runs: [(arguments: [String], printsWhatReads: Bool)] = []
            for folder in folders {
                runs += [(["list", folder], false), (["verify", folder], false)]
                for other in folders where other != folder { runs.append((["diff", folder, other], false)) }
                let files = try FileManager.default.subpathsOfDirectory(atPath: sandbox.file(folder).path).filter { $0.hasSuffix(".json") }
                for file in files {
                    let path = folder + "/" + file
                    let reads = (try? CassetteFile.load(sandbox.file(path))) != nil
                    runs += [(["show", path], reads), (["show", path, "-i", "1", "--body"], reads),
                             (["export-har", path], reads), (["verify", path], false)]
                }
            }
            var checked = 0
            for run in runs where !run.printsWhatReads {
                let result = sandbox.run(run.arguments)
                let printed = result.output + result.errors
                for token in Self.tokens {
                    #expect(!printed.uppercased().contains(token.uppercased()), "\(run.arguments) printed \(token.prefix(8))…")
                }
                checked += 1
            }
            #expect(checked > 60, "\(checked) runs checked")
        }
    }
}
