import CassetteCore
import Foundation

/// `cassette show <cassette> [--interaction N] [--body]`: what a cassette holds, readable.
enum ShowCommand {
    static let spec = CommandSpec(
        name: "show",
        summary: "Show a cassette's requests and responses.",
        usage: "show <cassette> [--interaction <N>] [--body]",
        arguments: [.init(name: "cassette", help: "A cassette file, or a cassette name (httpbin/search).")],
        options: [
            .init(name: "interaction", short: "i", value: "N", help: "Show interaction N (from 1) alone, with its headers."),
            .init(name: "body", short: "b", help: "Show bodies: JSON indented, text as it is, binary as its size and SHA-256."),
        ],
        exitStatuses: StatusMeaning.table(success: "the cassette was shown",
                                          failure: "the cassette does not exist, is a folder, or does not read as a cassette"),
        discussion: """
        Each interaction shows its method and URL, then each redirect, then the status, content type and body size of
        the response (or the transport failure), when it was recorded, how long it took and when it expires. A body
        size that is not the Content-Length the response was sent with says why: the body was encoded, cut short, or
        changed before it was stored (a redaction placeholder, a beforeRecord hook).
        """)

    static let command = Subcommand(spec: spec) { arguments, context in
        let paths = CassettePaths(context: context)
        let file = try paths.cassetteFile(arguments.argument(0) ?? "")
        let interactions = try CassetteFile.load(file) ?? []
        let selected = try arguments.positiveInteger("interaction", spec: spec)
        if let selected, selected > interactions.count {
            throw ToolFailure("\(paths.display(file)) has \(Formatting.count(interactions.count, "interaction")); there is no #\(selected).",
                              status: ExitStatus.usage)
        }
        var text = "\(paths.display(file)): \(Formatting.count(interactions.count, "interaction"))\n"
        for (offset, interaction) in interactions.enumerated() where selected == nil || selected == offset + 1 {
            text += "\n" + describe(interaction, number: offset + 1, headers: selected != nil, bodies: arguments.flag("body"),
                                    now: context.now)
        }
        context.output(text)
        return ExitStatus.success
    }

    /// One interaction, as `show` prints it.
    static func describe(_ interaction: Interaction, number: Int, headers: Bool, bodies: Bool, now: Date) -> String {
        let request = interaction.request
        // What the file holds is printed inert: a value holding a line break stays on its line.
        var lines = ["#\(number)  \(InertText.line(request.method)) \(InertText.line(request.url))"]
        if headers { lines += headerLines(request.headers) }
        if bodies, let body = request.body { lines.append(Formatting.indented(describe(body), by: 6)) }
        if let response = interaction.response {
            for hop in response.redirects {
                lines.append("    → \(hop.status) redirect from \(InertText.line(hop.url))")
                if headers { lines += headerLines(hop.headers) }
            }
            var summary = "    → \(response.status)"
            if let type = response.headers.value(caseInsensitiveKey: "Content-Type") { summary += " \(InertText.line(type))" }
            summary += ", " + (response.body.map { Formatting.count($0.data.count, "byte") } ?? "no body")
            if let note = lengthNote(response) { summary += " (\(note))" }
            lines.append(summary)
            if headers { lines += headerLines(response.headers) }
            if let stream = response.stream {
                lines.append("    " + describe(stream))
                if bodies { lines += pieceLines(stream, of: response.body?.data ?? Data()) }
            } else if bodies, let body = response.body {
                lines.append(Formatting.indented(describe(body), by: 6))
            }
        } else if let failure = interaction.failure {
            lines.append("    → failed: URLError \(failure.code) (\(InertText.line(failure.description)))")
        }
        var facts = ["recorded " + Formatting.timestamp(interaction.recordedAt)]
        if let duration = interaction.duration { facts.append("took " + Formatting.duration(duration)) }
        if let expires = interaction.expiresAt {
            facts.append((expires <= now ? "expired " : "expires ") + Formatting.timestamp(expires))
        }
        lines.append("    " + facts.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A stream in a line: its pieces, when the last came, and how it ended.
    static func describe(_ stream: RecordedStream) -> String {
        let last = stream.chunks.last?.at ?? stream.head
        var text = "streamed: \(Formatting.count(stream.chunks.count, "piece")), headers at \(Formatting.duration(stream.head)), the last at \(Formatting.duration(last))"
        switch stream.end {
        case .complete: break
        case .cancelled: text += ", then cancelled by the client"
        case .failed(let code): text += ", then cut (URLError \(code))"
        }
        return text
    }

    /// Each piece of a streamed body with its time: text as it is (a server-sent event per piece, usually), anything
    /// else as its size.
    private static func pieceLines(_ stream: RecordedStream, of body: Data) -> [String] {
        var lines: [String] = []
        var offset = 0
        for chunk in stream.fitted(toLength: body.count).chunks {
            let end = min(body.count, offset + chunk.size)
            let piece = body.subdata(in: offset..<end)
            offset = end
            let shown = String(data: piece, encoding: .utf8).map {
                InertText.lines($0.trimmingCharacters(in: .newlines)).replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: 16))
            } ?? "(\(Formatting.count(piece.count, "byte")))"
            lines.append("      " + "+\(Formatting.duration(chunk.at))".padding(toLength: 10, withPad: " ", startingAt: 0) + shown)
        }
        return lines
    }

    /// Why the stored body's length is not the `Content-Length` the response was sent with, when it is not:
    /// `Content-Length 66 as sent; redaction placeholders or a beforeRecord hook changed the stored body's length`.
    /// The header counts an encoded body's bytes (the cassette stores it decoded, as URLSession hands it over), and
    /// all of a body cut short; otherwise the body was changed before it was stored, by a placeholder in place of a
    /// secret (redaction) or by the cassette's `beforeRecord` hook. Nothing for a response without a body.
    private static func lengthNote(_ response: RecordedResponse) -> String? {
        guard let body = response.body, let sent = response.headers.value(caseInsensitiveKey: "Content-Length").flatMap(Int.init),
              sent != body.data.count else { return nil }
        if let encoding = response.headers.value(caseInsensitiveKey: "Content-Encoding") {
            return "Content-Length \(sent) as sent, \(encoding)-encoded; the body is stored decoded"
        }
        if let stream = response.stream, stream.end != .complete, body.data.count < sent {
            return "Content-Length \(sent) as sent; the body was cut short"
        }
        return "Content-Length \(sent) as sent; redaction placeholders or a beforeRecord hook changed the stored body's length"
    }

    private static func headerLines(_ headers: [String: String]) -> [String] {
        headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { "      \(InertText.line($0.key)): \(InertText.line($0.value))" }
    }

    /// A body for people: JSON indented, UTF-8 text as it is, anything else as its size and SHA-256.
    static func describe(_ body: Body) -> String {
        if let json = body.json { return json.prettyPrinted }
        if let text = String(data: body.data, encoding: .utf8), Data(text.utf8) == body.data,
           !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t" }) {
            return text
        }
        return "(binary, \(Formatting.count(body.data.count, "byte")), SHA-256 \(SHA256.hex(body.data)))"
    }
}
