import CassetteCore
import Foundation

/// The `cassette` command: reads its arguments, runs one subcommand, and returns the process's exit status.
///
/// ```
/// cassette list                       # every cassette, with its size, age and expiry
/// cassette show httpbin/search --body # what a cassette holds
/// cassette verify                     # decode, format version, redaction, repeated keys; exit 1 on a problem
/// ```
public enum CassetteCommand {
    /// The first argument that makes the command end, when its exit status is not 0, with a line on standard error
    /// saying what it means: `cassette diff: changes were found (exit status 1)`. The plugin passes it.
    static let explainStatus = "--explain-status"

    /// Runs `arguments` (without the program's name) in `context` and returns the exit status (see `--help`); with
    /// `--explain-status` first, a status other than 0 is explained last on standard error. Everything the command
    /// writes goes through `InertText.lines(_:)`: no text from a file can act on the terminal.
    public static func run(_ arguments: [String], context given: ToolContext) -> Int32 {
        let context = given.writingInertText
        guard arguments.first == explainStatus else { return dispatch(arguments, context: context) }
        // Given again (swift package cassette --explain-status ...), it means the same.
        let rest = Array(arguments.drop { $0 == explainStatus })
        let status = dispatch(rest, context: context)
        guard status != ExitStatus.success else { return status }
        let command = rest.first.flatMap(Subcommand.named)
        let meaning = (command?.spec.exitStatuses ?? statuses).first { $0.status == status }
            ?? StatusMeaning(status: status, meaning: "a status its help does not list")
        context.errors(meaning.explanation(command: "cassette" + (command.map { " " + $0.spec.name } ?? "")))
        return status
    }

    /// Runs one subcommand, or help, and returns its exit status.
    private static func dispatch(_ arguments: [String], context: ToolContext) -> Int32 {
        guard let first = arguments.first else {
            context.errors(overview)
            return ExitStatus.usage
        }
        if first == "--help" || first == "-h" || first == "help" {
            guard let topic = arguments.dropFirst().first else {
                context.output(overview)
                return ExitStatus.success
            }
            guard let command = Subcommand.named(topic) else { return fail(.usage("unknown command '\(topic)'", spec: nil), context) }
            context.output(command.spec.help)
            return ExitStatus.success
        }
        if first == "--version" {
            context.output("cassette (swift-cassette), cassette format version 1\n")
            return ExitStatus.success
        }
        guard let command = Subcommand.named(first) else {
            return fail(.usage("unknown command '\(first)'", spec: nil), context)
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                context.output(command.spec.help)
                return ExitStatus.success
            }
            return try command.run(parsed, context)
        } catch let failure as ToolFailure {
            return fail(failure, context)
        } catch {
            context.errors("cassette: error: \(error)\n")
            return ExitStatus.failure
        }
    }

    private static func fail(_ failure: ToolFailure, _ context: ToolContext) -> Int32 {
        context.errors("cassette: error: \(failure.message)\n")
        return failure.status
    }

    /// The top-level `--help`.
    static var overview: String {
        """
        Inspect, verify, prune and convert the cassettes of swift-cassette.

        USAGE: cassette <command> [arguments] [options]

        COMMANDS:
        \(CommandSpec.columns(Subcommand.all.map { ($0.spec.name, $0.spec.summary) }).dropLast())

        A <cassette> is a file path, or a cassette name as tests use it (httpbin/search), found where the harness
        looks: $CASSETTE_DIR, else Cassettes/ at the root of the package around the current directory.

        OPTIONS:
          \(explainStatus)  First: end with a line on standard error saying what a status other than 0 means.

        EXIT STATUS:
        \(statusLines)
        See 'cassette <command> --help' for a command's arguments, options and exit statuses.

        """
    }

    /// What each exit status means for the command as a whole (a command's help says what it means there).
    static let statuses = [
        StatusMeaning(status: ExitStatus.success, meaning: "the command did its work, and found nothing to report"),
        StatusMeaning(status: ExitStatus.finding, meaning: "the command did its work, and found something to look at"),
        StatusMeaning(status: ExitStatus.usage, meaning: "the arguments make no sense: an unknown command or option, a missing or invalid argument"),
        StatusMeaning(status: ExitStatus.failure, meaning: "a file could not be read or written, or would be replaced without --force"),
    ]

    /// The overview's exit statuses, with what status 1 means for each command that returns it, from their tables.
    private static var statusLines: String {
        let findings = Subcommand.all.compactMap { command in
            command.spec.exitStatuses.first { $0.status == ExitStatus.finding }.map { (command.spec.name, $0.meaning) }
        }
        return statuses.map { row in
            row.helpLine + (row.status == ExitStatus.finding ? Formatting.indented(CommandSpec.columns(findings), by: 5) : "")
        }.joined()
    }
}

/// One subcommand: what it accepts, and what it does.
struct Subcommand: Sendable {
    let spec: CommandSpec
    let run: @Sendable (ParsedArguments, ToolContext) throws -> Int32

    /// Every subcommand, in the order `--help` lists them.
    static let all: [Subcommand] = [
        ListCommand.command, ShowCommand.command, VerifyCommand.command, DiffCommand.command, UnusedCommand.unused, UnusedCommand.prune,
        HARCommands.export, HARCommands.import,
    ]

    static func named(_ name: String) -> Subcommand? {
        all.first { $0.spec.name == name }
    }
}
