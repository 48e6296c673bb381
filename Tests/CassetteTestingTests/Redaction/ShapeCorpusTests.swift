import Foundation
import Testing
@testable import CassetteCore

/// How often shape detection (``SecretShape``) calls an ordinary value a secret: every committed cassette and HAR
/// fixture, and, when `CASSETTE_SHAPE_CORPUS` names a folder, every file in it (a corpus of recorded API answers;
/// see Secrets.md), read as one body each. With `CASSETTE_SHAPE_REPORT` set, each hit is written
/// there as a line: file, shape or name, length, and the value's first four characters.
@Suite("Shapes over a corpus of ordinary answers")
struct ShapeCorpusTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every file below `folder` whose extension is in `extensions` (any when empty), sorted.
    private static func files(below folder: URL, extensions: Set<String> = []) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { extensions.isEmpty || extensions.contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }

    /// The values shape detection finds in `file`, read as one body, each once (a value may be found both in the
    /// bytes and in a decoded JSON string).
    private static func hits(in file: URL) -> [Redaction.Found] {
        guard let data = try? Data(contentsOf: file) else { return [] }
        var seen: Set<String> = []
        return Redaction.default.shapedValues(url: "", headers: [:], body: Body(data)).filter { seen.insert($0.value).inserted }
    }

    @Test("the committed cassettes and HAR fixtures hold no value of a secret's shape")
    func committedFiles() {
        let folders = ["Cassettes", "Tests"].map { Self.packageRoot.appendingPathComponent($0) }
        let files = folders.flatMap { Self.files(below: $0, extensions: ["json", "har"]) }
        #expect(files.count >= 50, "the files are where the test looks")
        for file in files {
            let hits = Self.hits(in: file)
            #expect(hits.isEmpty, "\(file.lastPathComponent): \(hits.map { "\($0.origin) (\($0.value.count) characters)" })")
        }
    }

    @Test("a corpus named by CASSETTE_SHAPE_CORPUS: every hit reported",
          .enabled(if: ProcessInfo.processInfo.environment["CASSETTE_SHAPE_CORPUS"] != nil))
    func corpus() throws {
        let environment = ProcessInfo.processInfo.environment
        let folder = URL(fileURLWithPath: try #require(environment["CASSETTE_SHAPE_CORPUS"]))
        var lines: [String] = []
        var bytes = 0
        let files = Self.files(below: folder)
        for file in files {
            bytes += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            for hit in Self.hits(in: file) {
                let path = file.path.dropFirst(folder.path.count + 1)
                lines.append("\(path)\t\(hit.origin)\t\(hit.value.count)\t\(hit.value.prefix(4))")
            }
        }
        let summary = "\(files.count) files, \(bytes) bytes, \(lines.count) hits"
        if let report = environment["CASSETTE_SHAPE_REPORT"] {
            try (([summary] + lines).joined(separator: "\n") + "\n").write(toFile: report, atomically: true, encoding: .utf8)
        }
        #expect(files.count > 0, "\(summary)")
    }
}
