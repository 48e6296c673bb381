/// How the `cassette` command writes a value from a file (a cassette name, a URL, a JSON path, a header name) into
/// markdown output, such as `diff --format markdown` for a pull-request comment: as inert text that renders as the
/// characters it holds, on the line it was put on.
enum Markdown {
    /// Characters markdown reads as formatting inside a line, written with a backslash before them: code spans
    /// (`` ` ``), emphasis and strikethrough (`*`, `_`, `~`), links and images (`[`, `]`), table cells (`|`), and the
    /// backslash itself.
    private static let punctuation: Set<Character> = ["\\", "`", "*", "_", "~", "[", "]", "|"]

    /// `text` as inert markdown text: line breaks and other control, line-separator and bidirectional-override
    /// characters as visible escapes, as ``InertText`` writes them (`\n`, `\r`, `\t`, `\u{1B}`), so a value never
    /// starts a line of its own; `<`
    /// and `>` as the entities `&lt;` and `&gt;`, so no HTML is read; a backslash before each of ``punctuation``;
    /// and a backslash before a `#` that starts the text, so it can never be read as a heading.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "#" where result.isEmpty: result += "\\#"
            case _ where InertText.isControl(scalar): result += InertText.escape(scalar)
            case _ where punctuation.contains(Character(scalar)): result += "\\" + String(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
