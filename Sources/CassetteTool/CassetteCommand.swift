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
    /// Runs `arguments` (without the program's name) in `context` and returns the exit status (see `--help`).
    public static func run(_ arguments: [String], context: ToolContext) -> Int32 {
        guard let first = arguments.first else {
            context.errors(overview)
            return ExitStatus.usage
        }
        if first == "--help" || first == "-h" || first == "help" {
            guard let topic = arguments.dropFirst().first else {
                context.output(overview)
                return ExitStatus.success
            }
            guard let command = Subcommand.named(topic) else { return usage(UsageError("unknown command '\(topic)'", spec: nil), context) }
            context.output(command.spec.help)
            return ExitStatus.success
        }
        if first == "--version" {
            context.output("cassette (swift-cassette), cassette format version 1\n")
            return ExitStatus.success
        }
        guard let command = Subcommand.named(first) else {
            return usage(UsageError("unknown command '\(first)'", spec: nil), context)
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                context.output(command.spec.help)
                return ExitStatus.success
            }
            return try command.run(parsed, context)
        } catch let error as UsageError {
            return usage(error, context)
        } catch let failure as ToolFailure {
            context.errors("cassette: error: \(failure.message)\n")
            return failure.status
        } catch let error as CassetteError {
            context.errors("cassette: error: \(error.description)\n")
            return ExitStatus.failure
        } catch {
            context.errors("cassette: error: \(error)\n")
            return ExitStatus.failure
        }
    }

    private static func usage(_ error: UsageError, _ context: ToolContext) -> Int32 {
        context.errors("cassette: error: \(error.message)\n\(error.usage)\n")
        return ExitStatus.usage
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

        EXIT STATUS:
          0  done, nothing wrong found
          1  a cassette has a problem (verify, list)
          2  the arguments make no sense (unknown command or option, missing argument)
          3  a file could not be read or written, or would be replaced without --force

        See 'cassette <command> --help' for a command's arguments and options.

        """
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
