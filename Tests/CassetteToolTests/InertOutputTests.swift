@testable import CassetteCore
@testable import CassetteTool
import Foundation
import Testing

/// Nothing a hostile cassette holds acts on the terminal: `show`, `list` and `verify` print control characters,
/// escape sequences and bidirectional overrides as escapes, and a value that holds a line break stays on its line.
@Suite struct InertOutputTests {
    /// A request and response whose method, URL, headers and streamed body hold what a terminal acts on.
    private static func hostile() -> Interaction {
        let url = "http://api.test/a\r\nInjected: yes\u{1B}[2J\u{202E}txt.exe"
        let body = Data("data: \u{1B}]0;owned\u{07}\n\n".utf8)
        return Interaction(
            request: RecordedRequest(method: "GET\u{0}", url: url, headers: ["X-Note": "one\r\nInjected: yes"]),
            response: RecordedResponse(status: 200, headers: ["Content-Type": "text/event-stream", "X-\u{1B}[31mRed": "v"],
                                       body: Body(body), url: url,
                                       stream: RecordedStream(head: 0.01, chunks: [.init(at: 0.02, size: body.count)], end: .complete)),
            recordedAt: Date(timeIntervalSince1970: 1_795_392_000))
    }

    /// Whether `text` holds a character a terminal acts on, other than the line breaks the output is made of.
    private static func holdsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    @Test("show -i prints each value on its own line, escaped")
    func show() throws {
        try ToolSandbox.with { sandbox in
            try CassetteFile.save([Self.hostile()], to: sandbox.file("Cassettes/hostile.json"))
            let run = sandbox.run(["show", "hostile", "-i", "1", "--body"])
            #expect(run.status == 0, "\(run.errors)")
            #expect(!Self.holdsControl(run.output), "\(run.output)")
            let lines = run.output.split(separator: "\n").map(String.init)
            #expect(!lines.contains { $0.hasPrefix("Injected") || $0.trimmingCharacters(in: .whitespaces).hasPrefix("Injected") },
                    "no value adds a line of its own")
            #expect(lines.contains("#1  GET\\0 http://api.test/a\\r\\nInjected: yes\\u{1B}[2J\\u{202E}txt.exe"))
            #expect(lines.contains("      X-Note: one\\r\\nInjected: yes"))
            #expect(lines.contains("      X-\\u{1B}[31mRed: v"))
            #expect(run.output.contains("data: \\u{1B}]0;owned\\u{7}"), "a streamed piece is escaped as a body is")
        }
    }

    @Test("list and verify print a file's name escaped")
    func names() throws {
        try ToolSandbox.with { sandbox in
            try CassetteFile.save([Self.hostile()], to: sandbox.file("Cassettes/evil\u{1B}[2Jname.json"))
            for arguments in [["list"], ["verify"]] {
                let run = sandbox.run(arguments)
                #expect(!Self.holdsControl(run.output + run.errors), "\(arguments): \(run.output)")
                #expect(run.output.contains("evil\\u{1B}[2Jname"), "\(arguments): \(run.output)")
            }
        }
    }

    @Test("verify finds each control character in a method, URL or header, naming where and never the value")
    func verifyFindsThem() throws {
        try ToolSandbox.with { sandbox in
            try CassetteFile.save([Self.hostile()], to: sandbox.file("Cassettes/hostile.json"))
            let run = sandbox.run(["verify"])
            #expect(run.status == 1)
            let found = run.output.split(separator: "\n").map(String.init)
            #expect(found.contains { $0.hasPrefix("Cassettes/hostile.json: At entries[0].value.request.method: it holds a control character (the first U+0000, character 4)") })
            #expect(found.contains { $0.hasPrefix("Cassettes/hostile.json: At entries[0].value.request.url: it holds 4 control characters (the first U+000D, character 18)") })
            #expect(found.contains { $0.hasPrefix("Cassettes/hostile.json: At entries[0].value.request.headers: the value of header 1 (in name order) holds 2 control characters") })
            #expect(found.contains { $0.hasPrefix("Cassettes/hostile.json: At entries[0].value.response.headers: the name of header 2 (in name order) holds a control character (the first U+001B, character 3)") })
            #expect(!run.output.contains("Injected"), "the values are not quoted")
        }
    }

    @Test("one line: every control escaped; lines: line breaks and tabs kept, a lone carriage return escaped")
    func escaping() {
        #expect(InertText.line("a\nb\tc\r\nd\u{0}\u{7F}\u{85}\u{2066}") == "a\\nb\\tc\\r\\nd\\0\\u{7F}\\u{85}\\u{2066}")
        #expect(InertText.lines("a\nb\tc\r\nd\re\u{1B}") == "a\nb\tc\r\nd\\re\\u{1B}")
        #expect(InertText.line("café ✓ 日本") == "café ✓ 日本", "printable text is left alone")
    }
}
