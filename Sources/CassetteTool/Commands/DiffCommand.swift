import CassetteCore
import Foundation

/// `cassette diff <old> <new>`: what a re-recording changed, cassette by cassette (see ``CassetteDifferences``).
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        summary: "Show what changed between two recordings of cassettes: interactions, statuses, headers, bodies.",
        usage: "diff <old> <new> [--format text|markdown] [--ignore-...] | diff --git [<rev>] [<folder>] [--format text|markdown] [--ignore-...]",
        arguments: [.init(name: "old", help: "A cassette file, or a folder of them (compared with the folders below it).", isOptional: true),
                    .init(name: "new", help: "The same: a file, or a folder whose cassettes are paired with <old>'s by name.", isOptional: true)],
        options: [.init(name: "format", value: "text|markdown", help: "markdown for a pull-request comment (default: text)."),
                  .init(name: "git", help: "Compare the cassettes of a folder (default: the cassette directory) with a git revision's (default: HEAD): diff --git [<rev>] [<folder>]."),
                  .init(name: "ignore-query", value: "name", repeats: true, help: "Pair interactions ignoring this query item, as RequestMatcher.url(ignoringQueryItems:) does."),
                  .init(name: "ignore-header", value: "name", repeats: true, help: "Do not report this header."),
                  .init(name: "ignore-json", value: "key.path", repeats: true, help: "Leave this JSON key path out of every body (* one key, ** any depth), as RequestMatcher.body(ignoringJSONKeyPaths:) does.")],
        exitStatuses: StatusMeaning.table(success: "no changes were found", finding: "changes were found",
                                          failure: "a file or folder does not exist or does not read as a cassette, or git failed"),
        discussion: """
        Interactions are paired by method and URL, in order. For each pair: the status, headers added, removed or
        changed (not Date, request ids and others that change on every answer), and the response and request
        bodies: for JSON, each key added or removed and each value whose kind or content changed, by path; for an
        event stream, each event's type, id, retry and data as a client reads them (the last event too, whether or
        not a blank line ends it), and how the stream ended. Values are never shown: they may be secrets or
        placeholders. Recording dates, durations and a stream's timing are ignored, and so is what the --ignore
        options name: what the test's matchers or hooks ignore.
        """)

    static let command = Subcommand(spec: spec) { arguments, context in
        let paths = CassettePaths(context: context)
        let markdown: Bool
        switch arguments.value("format") ?? "text" {
        case "text": markdown = false
        case "markdown": markdown = true
        case let other: throw ToolFailure.usage("unknown format \(other); use text or markdown", spec: spec)
        }
        let pairs: [Pair]
        if arguments.flag("git") {
            let revision = GitRevision(revision: arguments.argument(0) ?? "HEAD",
                                       folder: try arguments.argument(1).map(paths.resolved) ?? paths.directory)
            pairs = try Self.pairs(revision, paths: paths)
        } else {
            guard let oldArgument = arguments.argument(0), let newArgument = arguments.argument(1) else {
                throw ToolFailure.usage("name the old and the new cassette (or folder), or use --git", spec: spec)
            }
            pairs = try Self.pairs(paths.resolved(oldArgument), paths.resolved(newArgument), paths: paths)
        }
        let ignored = CassetteDifferences.Ignored(queryItems: arguments.all("ignore-query"),
                                                  headers: Set(arguments.all("ignore-header")),
                                                  jsonKeyPaths: arguments.all("ignore-json"))
        var report: [String] = []
        var changed = 0
        for pair in pairs {
            // Each cassette read one interaction at a time, none kept (see `CassetteFile.interactionsInTurn`).
            let before = try pair.old.map { try $0() } ?? CassetteFile.InteractionsInTurn()
            let after = try pair.new.map { try $0() } ?? CassetteFile.InteractionsInTurn()
            let differences = CassetteDifferences(old: before, new: after, ignoring: ignored)
            guard !differences.isEmpty || pair.old == nil || pair.new == nil else { continue }
            changed += 1
            report.append(Self.render(pair.name, differences, isNew: pair.old == nil, isGone: pair.new == nil, markdown: markdown))
        }
        let summary = changed == 0 ? "diff: no changes in \(Formatting.count(pairs.count, "cassette"))."
            : "diff: \(changed) of \(Formatting.count(pairs.count, "cassette")) changed."
        context.output((report + [summary]).joined(separator: "\n") + "\n")
        return changed == 0 ? ExitStatus.success : ExitStatus.finding
    }

    /// What reads one side's cassette, each interaction when it is reached.
    private typealias Reader = () throws -> CassetteFile.InteractionsInTurn

    /// A cassette in one or both recordings, by its name, with what reads each.
    private struct Pair {
        let name: String
        let old: Reader?
        let new: Reader?
    }

    /// The cassettes to compare: two files, or the cassettes of two folders paired by name.
    private static func pairs(_ old: URL, _ new: URL, paths: CassettePaths) throws(ToolFailure) -> [Pair] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: old.path, isDirectory: &isFolder) else { throw ToolFailure("No such file or folder: \(paths.display(old)).") }
        guard isFolder.boolValue else {
            guard FileManager.default.fileExists(atPath: new.path) else { throw ToolFailure("No such file: \(paths.display(new)).") }
            return [Pair(name: paths.display(new), old: { try load(old) }, new: { try load(new) })]
        }
        return paired(try files(in: old, paths: paths), try files(in: new, paths: paths))
    }

    /// The cassettes of a revision paired with the working tree's, by name.
    private static func pairs(_ revision: GitRevision, paths: CassettePaths) throws(ToolFailure) -> [Pair] {
        paired(try revision.cassettes().mapValues { blob in { try revision.interactions(of: blob) } },
               try files(in: revision.folder, paths: paths))
    }

    /// Both sides' cassettes paired by name.
    private static func paired(_ old: [String: Reader], _ new: [String: Reader]) -> [Pair] {
        Set(old.keys).union(new.keys).sorted().map { Pair(name: $0, old: old[$0], new: new[$0]) }
    }

    /// The readers of the cassette files of `folder`, by name.
    private static func files(in folder: URL, paths: CassettePaths) throws(ToolFailure) -> [String: Reader] {
        Dictionary(try paths.cassetteFiles(in: folder).map { file in (paths.name(of: file, in: folder), { try load(file) }) },
                   uniquingKeysWith: { first, _ in first })
    }

    private static func load(_ file: URL) throws -> CassetteFile.InteractionsInTurn {
        do {
            return try CassetteFile.interactionsInTurn(in: file) ?? CassetteFile.InteractionsInTurn()
        } catch {
            throw ToolFailure("\(file.path) is not a readable cassette (see cassette verify): \(error.message)")
        }
    }

    /// One cassette's part of the report: a summary line, then a line per change.
    private static func render(_ name: String, _ differences: CassetteDifferences, isNew: Bool, isGone: Bool, markdown: Bool) -> String {
        var counts: [String] = []
        if isNew { counts.append("new cassette") }
        if isGone { counts.append("removed cassette") }
        if !differences.added.isEmpty { counts.append("\(differences.added.count) added") }
        if !differences.removed.isEmpty { counts.append("\(differences.removed.count) removed") }
        let changedInteractions = Set(differences.changes.map(\.interaction)).count
        if changedInteractions > 0 { counts.append("\(changedInteractions) changed") }
        // In markdown, every value from a file (the name, each URL, each line naming paths and headers) is inert text.
        let value: (String) -> String = { markdown ? Markdown.escaped($0) : InertText.line($0) }
        var lines = [markdown ? "### \(value(name)): \(counts.joined(separator: ", "))" : "\(name): \(counts.joined(separator: ", "))"]
        let bullet = markdown ? "- " : "  "
        for interaction in differences.added { lines.append("\(bullet)+ \(value(interaction))") }
        for interaction in differences.removed { lines.append("\(bullet)- \(value(interaction))") }
        var current: String?
        for change in differences.changes {
            if change.interaction != current {
                lines.append("\(bullet)~ \(value(change.interaction))")
                current = change.interaction
            }
            lines.append((markdown ? "  - " : "      ") + value(change.what))
        }
        return lines.joined(separator: "\n") + (markdown ? "\n" : "")
    }
}
