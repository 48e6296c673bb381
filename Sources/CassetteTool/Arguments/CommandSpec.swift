/// What a subcommand accepts, and the help that says so.
struct CommandSpec: Sendable {
    /// The subcommand's name, e.g. `show`.
    let name: String
    /// One line on what it does.
    let summary: String
    /// The usage line after `cassette `, e.g. `show <cassette> [--interaction N] [--body]`.
    let usage: String
    /// The positional arguments, in order.
    let arguments: [Argument]
    let options: [Option]
    /// Every exit status the command can return, and what each means for it: help lists them, and
    /// `--explain-status` says the one it returned.
    let exitStatuses: [StatusMeaning]
    /// Paragraphs after the options: what the command does in detail, examples.
    let discussion: String

    /// A positional argument.
    struct Argument: Sendable {
        let name: String
        let help: String
        var isOptional = false
    }

    /// An option: `--name value` (or `--name=value`), or a flag without a value.
    struct Option: Sendable {
        /// The long name without dashes, e.g. `interaction`.
        let name: String
        /// A one-letter alias without its dash, e.g. `o`.
        var short: Character?
        /// What the value is called in help (`N`, `file`); `nil` for a flag.
        var value: String?
        /// Whether the option may be given more than once.
        var repeats = false
        let help: String
    }

    /// The `--help` text.
    var help: String {
        var text = "\(summary)\n\nUSAGE: cassette \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n" + Self.columns(arguments.map { ("<\($0.name)>", $0.help) })
        }
        var rows = options.map { option -> (String, String) in
            var left = option.short.map { "-\($0), " } ?? ""
            left += "--\(option.name)" + (option.value.map { " <\($0)>" } ?? "")
            return (left, option.help + (option.repeats ? " (repeatable)" : ""))
        }
        rows.append(("-h, --help", "Show this help."))
        text += "\nOPTIONS:\n" + Self.columns(rows)
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        text += "\nEXIT STATUS:\n" + exitStatuses.map(\.helpLine).joined()
        return text
    }

    /// Two columns, the left one padded to its widest entry.
    static func columns(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 + "\n" }.joined()
    }
}
