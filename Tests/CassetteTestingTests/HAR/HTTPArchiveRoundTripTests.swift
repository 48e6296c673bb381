@testable import CassetteCore
import Foundation
import Testing

/// Cassette → HAR → cassette gives back the same file, for every cassette the package commits.
@Suite struct HTTPArchiveRoundTripTests {
    static let cassettes: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Cassettes", isDirectory: true)

    static var files: [URL] {
        let paths = FileManager.default.enumerator(atPath: cassettes.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".json") }.sorted().map { cassettes.appendingPathComponent($0) }
    }

    @Test(arguments: files)
    func committedCassetteSurvivesHAR(_ file: URL) async throws {
        let original = try Data(contentsOf: file)
        let interactions = try #require(try CassetteFile.load(file))
        let har = try HTTPArchive.encoded(interactions)
        let contents = try HTTPArchive.interactions(in: har, file: file)
        #expect(contents.skipped.isEmpty)
        let imported = Redaction.default.redacting(contents.interactions)
        try await withTemporaryDirectory { directory in
            let copy = directory.appendingPathComponent("copy.json")
            try CassetteFile.save(imported, to: copy)
            let written = try Data(contentsOf: copy)
            #expect(written == original, "\(file.lastPathComponent) changed on its way through HAR")
            if written != original {
                let before = String(decoding: original, as: UTF8.self).split(separator: "\n")
                let after = String(decoding: written, as: UTF8.self).split(separator: "\n")
                for (a, b) in zip(before, after) where a != b { Issue.record("- \(a)\n+ \(b)"); break }
            }
        }
    }
}
