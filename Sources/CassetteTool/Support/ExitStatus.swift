/// The `cassette` command's exit statuses, as `cassette --help` documents them.
enum ExitStatus {
    /// The command did what it was asked, and found nothing wrong.
    static let success: Int32 = 0
    /// The command ran, and found a problem in a cassette (`verify`, `list` of an unreadable file).
    static let problems: Int32 = 1
    /// The arguments make no sense: an unknown subcommand or option, a missing argument.
    static let usage: Int32 = 2
    /// A file could not be read or written, or would be overwritten without `--force`.
    static let failure: Int32 = 3
}

/// A subcommand's failure: printed as `cassette: error: <message>`, exit status ``ExitStatus/failure``.
struct ToolFailure: Error, Sendable {
    let message: String
    var status: Int32 = ExitStatus.failure

    init(_ message: String, status: Int32 = ExitStatus.failure) {
        self.message = message
        self.status = status
    }
}
