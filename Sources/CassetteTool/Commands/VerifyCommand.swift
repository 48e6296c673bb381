import Caching
import CassetteCore
import Foundation

/// `cassette verify [path...]`: every cassette decodes, is a version this package reads, holds no unredacted
/// secret and no repeated key.
enum VerifyCommand {
    static let spec = CommandSpec(
        name: "verify",
        summary: "Check cassettes: they decode, their format version, redaction, repeated keys.",
        usage: "verify [<path>] [--redact <rule>]...",
        arguments: [.init(name: "path", help: "A folder (checked with the folders below it) or one file (default: the cassette directory).",
                          isOptional: true)],
        options: [.init(name: "redact", value: "rule", repeats: true, help: RedactionRules.help)],
        discussion: """
        Each problem is printed as <file>: At <coding path>: <what>, the path leading into the file (entries[0].value...).
        Redaction: no value of a header, query item, form field or JSON key the rules name is stored unless it is a
        placeholder (<REDACTED:token>, REDACTED_token_3), as Scripts/scan-secrets.sh checks. The value itself is
        never printed.
        Exit status 0 when every cassette passes, 1 when any has a problem.
        """)

    static let command = Subcommand(spec: spec) { arguments, context in
        let paths = CassettePaths(context: context)
        let rules = try RedactionRules(arguments.all("redact"), environment: context.environment, spec: spec)
        let target = arguments.argument(0).map(paths.resolved) ?? paths.directory
        let files = try paths.cassetteFiles(in: target)
        let scan = SecretScan(extraHeaderNames: rules.headerNames, extraParameterNames: rules.parameterNames,
                              literalSecrets: rules.literals)
        var problems = 0
        var failing = 0
        for file in files {
            let found = VerifyCommand.problems(in: file, scan: scan)
            for problem in found { context.output("\(paths.display(file)): \(problem)\n") }
            problems += found.count
            failing += found.isEmpty ? 0 : 1
        }
        guard problems == 0 else {
            context.output("verify: \(Formatting.count(problems, "problem")) in \(failing) of \(Formatting.count(files.count, "cassette")) under \(paths.display(target)).\n")
            return ExitStatus.problems
        }
        context.output("verify: \(Formatting.count(files.count, "cassette")) under \(paths.display(target)): no problems.\n")
        return ExitStatus.success
    }

    /// What is wrong with the cassette file `file`, each as `<coding path>: <problem>`.
    static func problems(in file: URL, scan: SecretScan) -> [String] {
        let data: Data
        do { data = try Data(contentsOf: file) } catch { return ["the file could not be read: \(error.localizedDescription)"] }
        var problems: [String] = []
        do {
            _ = try CassetteFile.decode(data, file: file)
        } catch {
            problems.append(error.message)
        }
        if let keys = try? JSONDecoder().decode(EntryKeys.self, from: data) {
            var seen: [Int: Int] = [:]
            for (index, entry) in keys.entries.enumerated() {
                if let first = seen[entry.key] {
                    problems.append("At entries[\(index)].key: the key \(entry.key) repeats entries[\(first)].key; the file keeps only the last of them. Remove one, or record the cassette again.")
                } else {
                    seen[entry.key] = index
                }
            }
        }
        // Secrets are looked for in any JSON, a file that does not decode as a cassette too.
        if let document = try? JSONDecoder().decode(JSONValue.self, from: data) {
            problems += scan.findings(in: document).map { finding in
                let path = finding.path.hasPrefix("$.") ? String(finding.path.dropFirst(2)) : finding.path
                return "At \(path): \(finding.description)"
            }
        }
        return problems
    }

    /// Just the keys of a cache file's entries, repeats included (reading the file as a cache keeps one of each).
    private struct EntryKeys: Decodable {
        let entries: [Entry]
        struct Entry: Decodable { let key: Int }
    }
}
