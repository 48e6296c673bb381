@testable import CassetteTool
import Testing

/// `Markdown.escaped`: a value from a file written into markdown renders as the characters it holds, on its line.
@Suite struct MarkdownTests {
    @Test("line breaks, control and bidi characters become visible escapes; HTML becomes entities", arguments: [
        ("a\nb\r\nc\td", "a\\nb\\r\\nc\\td"),
        ("\u{1B}[31mred\u{7}", "\\u{1B}\\[31mred\\u{7}"),
        ("abc\u{202E}txt.exe\u{2028}", "abc\\u{202E}txt.exe\\u{2028}"),
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
        ("# heading", "\\# heading"),
        ("a # b", "a # b"),
        ("`code` *em* _em_ ~~del~~ [l](u) a|b \\", "\\`code\\` \\*em\\* \\_em\\_ \\~\\~del\\~\\~ \\[l\\](u) a\\|b \\\\"),
        ("https://api.example.com/users?page=1&q=café", "https://api.example.com/users?page=1&q=café"),
    ])
    func escaped(text: String, markdown: String) {
        #expect(Markdown.escaped(text) == markdown)
    }
}
