import CassetteCore
import CassetteTool
import Foundation

/// Case 16: peak resident memory of the `cassette` tool against the size of the file it reads: `export-har` and
/// `verify` of a cassette of 100,000 small JSON interactions, and `verify` of a cassette holding one response of
/// 1,000,000 server-sent events; each as the harness writes it (pretty-printed) and compact (the same JSON without
/// whitespace, as another tool may rewrite it: fewer bytes for the same content, so a harder ratio); and `diff` of
/// the compact interactions against themselves, against both files' size.
///
/// A child process (this executable with `--tool-memory-child COMMAND FILE`) runs the command as `cassette` does,
/// so the peak belongs to that command alone (the process's own baseline included, as `/usr/bin/time` counts it).
enum ToolMemoryCase {
    /// How many interactions the cassette `export-har` reads holds.
    static let interactions = 100_000
    /// How many events the one response `verify` reads streams.
    static let events = 1_000_000
    /// The largest peak allowed, as a multiple of the file's size.
    static let target = 4.0

    /// 16. Both commands, each on its own generated file (the same sizes when quick: smaller files would measure
    /// the process's baseline instead).
    static func run() throws -> [Row] {
        let (har, stream) = try fixtures(in: Fixtures.folder)
        let (compactHAR, compactStream) = (try compactCopy(of: har), try compactCopy(of: stream))
        return [
            // Named so that each row's first words, its key in the JSON line, differ.
            try row("16 export-har \(grouped(interactions)) interactions (peak memory)", command: "export-har", file: har),
            try row("16 verify \(grouped(interactions)) interactions (peak memory)", command: "verify", file: har),
            try row("16 verify \(grouped(events)) events (peak memory)", command: "verify", file: stream),
            try row("16 export-har compact \(grouped(interactions)) interactions", command: "export-har", file: compactHAR),
            try row("16 verify compact \(grouped(interactions)) interactions", command: "verify", file: compactHAR),
            try row("16 verify compact \(grouped(events)) events", command: "verify", file: compactStream),
            try row("16 diff compact \(grouped(interactions)) interactions", command: "diff", file: compactHAR),
        ]
    }

    /// The cassette `file` written again without whitespace, beside it (unless it is there).
    private static func compactCopy(of file: URL) throws -> URL {
        let compact = file.deletingPathExtension().appendingPathExtension("compact.json")
        if !FileManager.default.fileExists(atPath: compact.path) {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
            try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]).write(to: compact)
        }
        return compact
    }

    /// Writes the case's two cassettes into `folder` (unless they are there) and returns them: the interactions
    /// `export-har` reads and the events `verify` reads. `cassette-bench --tool-memory-fixtures FOLDER` writes them
    /// to measure the `cassette` executable by hand (`/usr/bin/time -v cassette verify FILE`).
    static func fixtures(in folder: URL) throws -> (interactions: URL, events: URL) {
        let har = folder.appendingPathComponent("tool-memory-interactions.json")
        if !FileManager.default.fileExists(atPath: har.path) {
            try CassetteFile.save((0..<interactions).map(interaction), to: har)
        }
        let stream = folder.appendingPathComponent("tool-memory-events.json")
        if !FileManager.default.fileExists(atPath: stream.path) {
            try CassetteFile.save([StreamCase.interaction(StreamCase.events(events))], to: stream)
        }
        return (har, stream)
    }

    /// A small JSON exchange, as an API client records many: a GET with two headers (the token a placeholder),
    /// answered by a short JSON object.
    static func interaction(_ id: Int) -> Interaction {
        let url = "https://api.bench.test/v1/users/\(id)?fields=name%2Cemail"
        let body = #"{"email":"user\#(id)@example.com","id":\#(id),"name":"User \#(id)","tags":["beta"]}"#
        return Interaction(
            request: RecordedRequest(method: "GET", url: url,
                                     headers: ["Accept": "application/json", "Authorization": "Bearer <REDACTED:authorization>"]),
            response: RecordedResponse(status: 200, headers: ["Content-Type": "application/json", "Server": "bench"],
                                       body: Body(Data(body.utf8)), url: url),
            recordedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 0.012)
    }

    /// The row of one command: the child's peak against the size of `file`.
    /// `diff` reads the file twice, as two cassettes: its peak is against both.
    private static func row(_ name: String, command: String, file: URL) throws -> Row {
        let size = Double((try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0) * (command == "diff" ? 2 : 1)
        let (peak, text) = try peakOfChild(["--tool-memory-child", command, file.path])
        guard let peak, size > 0 else {
            return Row(name: name, measured: "child failed: \(text)", ratio: nil, target: "≤ 4× file", met: false)
        }
        let multiple = peak / size
        return Row(name: name,
                   measured: String(format: "peak RSS %.0f MB for %.0f MB of files", peak / 1_048_576, size / 1_048_576),
                   ratio: multiple, target: "≤ 4× file", met: multiple <= target,
                   json: ["peak_mb": peak / 1_048_576, "file_mb": size / 1_048_576, "multiple": multiple])
    }

    /// In the child: runs `cassette command file` (`export-har` writing beside the file, `diff` comparing the file with
    /// itself), dropping what it prints,
    /// and prints the peak resident bytes; exits with failure when the command does not succeed.
    static func child(command: String, file: String) -> Int32 {
        var arguments = [command, file]
        if command == "diff" { arguments.append(file) }
        if command == "export-har" { arguments += ["-o", file + ".har"] }
        let context = ToolContext(currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
                                  environment: [:], now: Date(), output: { _ in }, errors: { _ in })
        let status = CassetteCommand.run(arguments, context: context)
        try? FileManager.default.removeItem(atPath: file + ".har")
        guard status == 0 else { return status }
        print(peakResidentBytes())
        return 0
    }
}
