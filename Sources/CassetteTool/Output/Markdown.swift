/// How the `cassette` command writes a value from a file (a cassette name, a URL, a JSON path, a header name) into
/// markdown output, such as `diff --format markdown` for a pull-request comment: as inert text that renders as the
/// characters it holds, on the line it was put on.
enum Markdown {
    /// Characters markdown reads as formatting inside a line, written with a backslash before them.
    private static let punctuation: Set<Character> = ["\\", "`", "*", "_", "~", "[", "]", "|"]

    /// `text` as inert markdown text: control characters escaped as ``InertText`` writes them (so a value never starts
    /// a line of its own), `<` and `>` as entities (no HTML), a backslash before each of ``punctuation`` and before a
    /// leading `#` (no heading).
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
