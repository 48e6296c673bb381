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
        exitStatuses: StatusMeaning.table(success: "the report was read, whether or not it names recordings no test replayed",
                                          failure: "the report could not be read or is malformed, or a cassette it names could not be read"),
        discussion: howTo)

    static let pruneSpec = CommandSpec(
        name: "prune", summary: "Remove recorded interactions no test replayed, from a CASSETTE_REPORT file.",
        usage: "prune --report <file> [--dry-run]", arguments: [],
        options: [reportOption, .init(name: "dry-run", short: "n", help: "Say what would be removed; change nothing.")],
        exitStatuses: StatusMeaning.table(success: "what no test replayed was removed (with --dry-run, listed)",
                                          failure: "the report could not be read or is malformed, or a cassette could not be read or rewritten"),
        discussion: howTo + """

        A cassette that would lose every interaction is left for you to delete. Files are rewritten atomically.
        """)

    static let unused = Subcommand(spec: unusedSpec) { arguments, context in
        try run(arguments, context, spec: unusedSpec, removing: false)
    }

    static let prune = Subcommand(spec: pruneSpec) { arguments, context in
        try run(arguments, context, spec: pruneSpec, removing: !arguments.flag("dry-run"))
    }

    /// What to do with one cassette the report names.
    private enum Verdict {
        /// Nothing: why.
        case leftAlone(String)
        /// List the recordings no use replayed (`requests`, by position from 1, of `total`) and, for prune, keep
        /// `kept`.
        case lists((requests: [(Int, RecordedRequest)], count: Int, total: Int), kept: [Interaction])
    }

    /// What to do with `cassette`, whose file holds `interactions` now: each recording the report names must still be
    /// at its position (the same request, recorded at the same time), and prune never empties a file.
    private static func judge(_ cassette: UnusedReportFile.Cassette, _ interactions: [Interaction], pruning: Bool) -> Verdict {
        let positions = cassette.neverReplayed.keys.sorted()
        let changed = positions.contains { position in
            position > interactions.count || cassette.neverReplayed[position]?.names(interactions[position - 1]) != true
        }
        guard !changed else {
            return .leftAlone("it changed since the report; run the tests again with CASSETTE_REPORT")
        }
        guard !(pruning && positions.count == interactions.count) else {
            return .leftAlone("no test replayed any of its \(Formatting.count(interactions.count, "interaction")); delete it if no test needs it")
        }
        let kept = interactions.enumerated().filter { cassette.neverReplayed[$0.offset + 1] == nil }.map(\.element)
        return .lists((requests: positions.map { ($0, interactions[$0 - 1].request) }, count: positions.count, total: interactions.count),
                      kept: kept)
    }

    /// What to do with `cassette`, or `nil` when its file is gone; with `removing`, done.
    ///
    /// Judged on what the file holds when it is rewritten, under its lock: a test recording into the file meanwhile
    /// saves before (and its recordings are kept) or after (and merges them into what is left).
    private static func verdict(on cassette: UnusedReportFile.Cassette, removing: Bool, pruning: Bool) throws -> Verdict? {
        do {
            guard removing else { return try CassetteFile.load(cassette.file).map { judge(cassette, $0, pruning: pruning) } }
            return try CassetteFile.rewrite(cassette.file) { interactions in
                let verdict = judge(cassette, interactions, pruning: true)
                guard case .lists(_, let kept) = verdict else { return (verdict, nil) }
                return (verdict, kept)
            }
        } catch {
            // One broken cassette does not stop the others; verify says what is wrong with it.
            guard error.code == .unreadableCassette else { throw error }
            return .leftAlone("it does not read as a cassette (run cassette verify)")
        }
    }

    private static func run(_ arguments: ParsedArguments, _ context: ToolContext, spec: CommandSpec,
                            removing: Bool) throws -> Int32 {
        let paths = CassettePaths(context: context)
        guard let reportPath = arguments.value("report") else { throw ToolFailure.usage("missing --report <file>", spec: spec) }
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
            let verdict = try verdict(on: cassette, removing: removing, pruning: spec.name == "prune")
            switch verdict {
            case nil:
                context.output("\(shown): left alone: the file is gone\n")
                skipped += 1
            case .leftAlone(let reason)?:
                context.output("\(shown): left alone: \(reason)\n")
                skipped += 1
            case .lists(let listed, _)?:
                context.output("\(shown): \(verb) \(listed.count) of \(Formatting.count(listed.total, "interaction"))\n")
                for (position, request) in listed.requests {
                    context.output("  #\(position) \(request.method) \(request.url)\n")
                }
                total += listed.count
                affected += 1
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
