/// How the `cassette` command writes a value from a file (a cassette name, a URL, a JSON path, a header name) into
/// markdown output, such as `diff --format markdown` for a pull-request comment: as inert text that renders as the
/// characters it holds, on the line it was put on.
enum Markdown {
    /// Characters markdown reads as formatting inside a line, written with a backslash before them: code spans
    /// (`` ` ``), emphasis and strikethrough (`*`, `_`, `~`), links and images (`[`, `]`), table cells (`|`), and the
    /// backslash itself.
    private static let punctuation: Set<Character> = ["\\", "`", "*", "_", "~", "[", "]", "|"]

    /// `text` as inert markdown text: line breaks and other control, line-separator and bidirectional-override
    /// characters as visible escapes (`\n`, `\r`, `\t`, `\u{1B}`), so a value never starts a line of its own; `<`
    /// and `>` as the entities `&lt;` and `&gt;`, so no HTML is read; a backslash before each of ``punctuation``;
    /// and a backslash before a `#` that starts the text, so it can never be read as a heading.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "#" where result.isEmpty: result += "\\#"
            case _ where isInvisible(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            case _ where punctuation.contains(Character(scalar)): result += "\\" + String(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is a control character (C0, DEL, C1), a line or paragraph separator, or a bidirectional
    /// embedding, override or isolate: characters that move or hide text rather than show.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
