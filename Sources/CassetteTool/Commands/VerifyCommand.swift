import Caching
import CassetteCore
import Foundation

/// `cassette verify [path...]`: every cassette decodes, is a version this package reads, holds no repeated key, and
/// holds nothing its redaction rules would change.
enum VerifyCommand {
    static let spec = CommandSpec(
        name: "verify",
        summary: "Check cassettes: they decode, their format version, repeated keys, redaction.",
        usage: "verify [<path>] [--redact <rule>]...",
        arguments: [.init(name: "path", help: "A folder (checked with the folders below it) or one file (default: the cassette directory).",
                          isOptional: true)],
        options: [.init(name: "redact", value: "rule", repeats: true, help: RedactionRules.help)],
        exitStatuses: StatusMeaning.table(success: "every cassette passes", finding: "a cassette has a problem, each printed",
                                          failure: "the path does not exist"),
        discussion: """
        Each problem is printed as <file>: At <coding path>: <what>, the path leading into the file (entries[0].value...).
        Redaction: each interaction is redacted again as recording redacts it, by the default rules and the --redact
        ones; every value that would change holds a secret stored unredacted. The problem names the rule, the name,
        the length and what recording writes there, never the value. A file that is not a cassette is checked as a
        JSON request body.
        """)

    static let command = Subcommand(spec: spec) { arguments, context in
        let paths = CassettePaths(context: context)
        let rules = try RedactionRules(arguments.all("redact"), environment: context.environment, spec: spec)
        let target = try arguments.argument(0).map(paths.resolved) ?? paths.directory
        let files = try paths.cassetteFiles(in: target)
        let check = RedactionCheck(redaction: rules.redaction)
        var problems = 0
        var failing = 0
        for file in files {
            let found = VerifyCommand.problems(in: file, check: check)
            // A problem names places, and a place's name may be a token (a header named with one).
            for problem in found { context.output("\(paths.display(file)): \(rules.redaction.shown(names: problem))\n") }
            problems += found.count
            failing += found.isEmpty ? 0 : 1
        }
        guard problems == 0 else {
            context.output("verify: \(Formatting.count(problems, "problem")) in \(failing) of \(Formatting.count(files.count, "cassette")) under \(paths.display(target)).\n")
            return ExitStatus.finding
        }
        context.output("verify: \(Formatting.count(files.count, "cassette")) under \(paths.display(target)): no problems.\n")
        return ExitStatus.success
    }

    /// What is wrong with the cassette file `file`, each as `At <coding path>: <problem>`: why it does not read as a
    /// cassette, its repeated keys, streams whose pieces do not add up to their body, then what `check` finds (in the file as JSON when it does not read as a cassette).
    static func problems(in file: URL, check: RedactionCheck) -> [String] {
        var problems: [String] = []
        // One interaction at a time: each is decoded when reached, and none is kept (see `interactionsInTurn`).
        let interactions: CassetteFile.InteractionsInTurn
        do {
            guard let read = try CassetteFile.interactionsInTurn(in: file) else {
                return ["the file could not be read: it is no longer there"]
            }
            interactions = read
        } catch {
            let data: Data
            do { data = try FileContents.read(file) } catch { return ["the file could not be read: \(error.reason)"] }
            let keys = try? JSONDecoder().decode(EntryKeys.self, from: data).entries.map(\.key)
            return [error.message] + repeatedKeys(keys) + check.findings(inDocument: data).map(\.description)
        }
        problems += repeatedKeys(interactions.keysInFile)
        let indices = interactions.placesInFile
        for (position, interaction) in interactions.enumerated() {
            let entry = indices[position]
            problems += ControlCharacterCheck.findings(in: interaction, entry: entry)
            guard let response = interaction.response, let stream = response.stream else { continue }
            let pieces = stream.chunks.reduce(0) { $0 &+ $1.size }
            let body = response.body?.data.count ?? 0
            if pieces != body {
                problems.append("At entries[\(entry)].value.response.stream.chunks: the pieces add up to \(pieces) bytes, the body has \(body); replay moves their boundaries in proportion. Record the cassette again, or fix the sizes.")
            }
        }
        // Redaction fits a stream to its body (reported above): the check compares what else it changes.
        let fitted = interactions.lazy.map { interaction in
            var fitted = interaction
            fitted.response?.stream = interaction.response?.stream?.fitted(toLength: interaction.response?.body?.data.count ?? 0)
            return fitted
        }
        do {
            return problems + (try check.findings(in: fitted, entryIndices: indices)).map(\.description)
        } catch {
            return problems + ["the interactions could not be written again to compare them: \(error)"]
        }
    }

    /// A problem for each key of `keys` (the file's entries' keys, in order) that repeats an earlier one.
    private static func repeatedKeys(_ keys: [Int]?) -> [String] {
        var problems: [String] = []
        var seen: [Int: Int] = [:]
        for (index, key) in (keys ?? []).enumerated() {
            if let first = seen[key] {
                problems.append("At entries[\(index)].key: the key \(key) repeats entries[\(first)].key; the file keeps only the last of them. Remove one, or record the cassette again.")
            } else {
                seen[key] = index
            }
        }
        return problems
    }

    /// Just the keys of a cache file's entries, repeats included, for a file that does not read as a cassette.
    private struct EntryKeys: Decodable {
        let entries: [Entry]
        struct Entry: Decodable { let key: Int }
    }
}
