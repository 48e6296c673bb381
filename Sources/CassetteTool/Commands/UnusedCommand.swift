import CassetteCore
import Foundation

/// `cassette unused --report <file>` and `cassette prune --report <file>`: the interactions no test replayed.
enum UnusedCommand {
    private static let reportOption = CommandSpec.Option(
        name: "report", value: "file", help: "The report a test run wrote: CASSETTE_REPORT=<file> swift test.")

    private static let howTo = """
        Write the report by running the whole test suite with CASSETTE_REPORT=<file> (remove an old report first:
        lines are appended). Every use of a cassette adds a line; an interaction counts as never replayed only when no
        use replayed it. A cassette whose test failed, or that changed since the report, is left alone.
        """

    static let unusedSpec = CommandSpec(
        name: "unused", summary: "List recorded interactions no test replayed, from a CASSETTE_REPORT file.",
        usage: "unused --report <file>", arguments: [], options: [reportOption],
        discussion: howTo + "\nExit status 0 whether or not some are found.")

    static let pruneSpec = CommandSpec(
        name: "prune", summary: "Remove recorded interactions no test replayed, from a CASSETTE_REPORT file.",
        usage: "prune --report <file> [--dry-run]", arguments: [],
        options: [reportOption, .init(name: "dry-run", short: "n", help: "Say what would be removed; change nothing.")],
        discussion: howTo + """

        A cassette that would lose every interaction is left for you to delete. Files are rewritten atomically.
        """)

    static let unused = Subcommand(spec: unusedSpec) { arguments, context in
        try run(arguments, context, spec: unusedSpec, removing: false)
    }

    static let prune = Subcommand(spec: pruneSpec) { arguments, context in
        try run(arguments, context, spec: pruneSpec, removing: !arguments.flag("dry-run"))
    }

    private static func run(_ arguments: ParsedArguments, _ context: ToolContext, spec: CommandSpec,
                            removing: Bool) throws -> Int32 {
        let paths = CassettePaths(context: context)
        guard let reportPath = arguments.value("report") else { throw UsageError("missing --report <file>", spec: spec) }
        let report = try UnusedReportFile(contentsOf: paths.resolved(reportPath))
        let verb = spec.name == "prune" ? (removing ? "removed" : "would remove") : "never replayed:"
        var total = 0
        var affected = 0
        var skipped = 0
        for cassette in report.cassettes {
            let shown = paths.display(cassette.file)
            guard !cassette.failed else {
                context.output("\(shown): left alone: a test using it failed; fix it and run the tests again\n")
                skipped += 1
                continue
            }
            guard !cassette.neverReplayed.isEmpty else { continue }
            let interactions: [Interaction]
            do {
                guard let loaded = try CassetteFile.load(cassette.file) else {
                    context.output("\(shown): left alone: the file is gone\n")
                    skipped += 1
                    continue
                }
                interactions = loaded
            } catch {
                // One broken cassette does not stop the others; verify says what is wrong with it.
                context.output("\(shown): left alone: it does not read as a cassette (run cassette verify)\n")
                skipped += 1
                continue
            }
            let positions = cassette.neverReplayed.keys.sorted()
            let changed = positions.contains { position in
                position > interactions.count || cassette.neverReplayed[position] != UnusedReportFile.Recorded(
                    method: interactions[position - 1].request.method, url: interactions[position - 1].request.url)
            }
            guard !changed else {
                context.output("\(shown): left alone: it changed since the report; run the tests again with CASSETTE_REPORT\n")
                skipped += 1
                continue
            }
            guard !(spec.name == "prune" && positions.count == interactions.count) else {
                context.output("\(shown): left alone: no test replayed any of its \(Formatting.count(interactions.count, "interaction")); delete it if no test needs it\n")
                skipped += 1
                continue
            }
            context.output("\(shown): \(verb) \(positions.count) of \(Formatting.count(interactions.count, "interaction"))\n")
            for position in positions {
                let request = interactions[position - 1].request
                context.output("  #\(position) \(request.method) \(request.url)\n")
            }
            total += positions.count
            affected += 1
            if removing {
                let kept = interactions.enumerated().filter { !cassette.neverReplayed.keys.contains($0.offset + 1) }.map(\.element)
                try CassetteFile.save(kept, to: cassette.file)
            }
        }
        let phrase = spec.name == "unused" ? "\(Formatting.count(total, "interaction")) never replayed, in"
            : "\(removing ? "removed" : "would remove") \(Formatting.count(total, "interaction")), from"
        var summary = "\(spec.name): \(phrase) \(affected) of \(Formatting.count(report.cassettes.count, "cassette")) the report names"
        if skipped > 0 { summary += "; \(skipped) left alone" }
        context.output(summary + ".\n")
        return ExitStatus.success
    }
}
