/// The `cassette` command's exit statuses: 0 and 1 say what a command found, 2 and 3 that it could not do its work
/// (each command's help lists its own: ``CommandSpec/exitStatuses``).
enum ExitStatus {
    /// The command did what it was asked, and found nothing to report.
    static let success: Int32 = 0
    /// The command did what it was asked, and found something to look at: a problem in a cassette (`verify`,
    /// `list`, `import-har`), or changes (`diff`). A finding, never an error.
    static let finding: Int32 = 1
    /// The arguments make no sense: an unknown subcommand or option, a missing or invalid argument.
    static let usage: Int32 = 2
    /// A file could not be read or written, or would be overwritten without `--force`.
    static let failure: Int32 = 3
}

/// One row of a command's EXIT STATUS table: a status the command can return, and what it means there.
struct StatusMeaning: Sendable, Equatable {
    /// The exit status.
    let status: Int32
    /// What happened, as a clause: `changes were found`.
    let meaning: String

    /// Whether the status is an error (the command could not do its work) rather than what it found.
    var isError: Bool { status >= ExitStatus.usage }

    /// The row as help lists it: `  1  changes were found (a finding, not an error)`.
    var helpLine: String {
        "  \(status)  \(meaning)" + (status == ExitStatus.finding ? " (a finding, not an error)" : isError ? " (an error)" : "") + "\n"
    }

    /// The line `--explain-status` ends with: `cassette diff: changes were found (exit status 1)`.
    func explanation(command: String) -> String {
        "\(command): \(meaning) (exit status \(status))\n"
    }

    /// A command's table: 0, 1 when the command can find something, 2 (the same for every command) and 3.
    static func table(success: String, finding: String? = nil, failure: String) -> [StatusMeaning] {
        [StatusMeaning(status: ExitStatus.success, meaning: success)]
            + (finding.map { [StatusMeaning(status: ExitStatus.finding, meaning: $0)] } ?? [])
            + [StatusMeaning(status: ExitStatus.usage, meaning: "the arguments make no sense: an unknown option, a missing or invalid argument"),
               StatusMeaning(status: ExitStatus.failure, meaning: failure)]
    }
}

/// Why the command stopped: printed as `cassette: error: <message>`, exit status ``ExitStatus/failure`` unless
/// given another (arguments it cannot make sense of: ``usage(_:spec:)``).
struct ToolFailure: Error, Sendable {
    let message: String
    var status: Int32 = ExitStatus.failure

    init(_ message: String, status: Int32 = ExitStatus.failure) {
        self.message = message
        self.status = status
    }

    /// Arguments the command cannot make sense of: exit status ``ExitStatus/usage``, the message followed by the
    /// subcommand's usage line (or, for no subcommand, where to read the commands).
    static func usage(_ message: String, spec: CommandSpec?) -> ToolFailure {
        let usage = spec.map { "USAGE: cassette \($0.usage)\nSee 'cassette \($0.name) --help'." } ?? "See 'cassette --help'."
        return ToolFailure(message + "\n" + usage, status: ExitStatus.usage)
    }
}
