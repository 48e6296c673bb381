import Foundation
import Testing

/// Golden files: the exact output of a command, committed under `Golden/`.
///
/// A difference fails the test and names the first line that differs. After a deliberate change of output, write
/// them anew with `CASSETTE_UPDATE_GOLDEN=1 swift test --filter CassetteToolTests` and review the diff.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden", isDirectory: true)

    static func expect(_ text: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["CASSETTE_UPDATE_GOLDEN"] == "1" {
            do { try Data(text.utf8).write(to: file, options: .atomic) } catch {
                Issue.record("Could not write \(file.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("No golden file \(name); write it with CASSETTE_UPDATE_GOLDEN=1.", sourceLocation: sourceLocation)
            return
        }
        guard text != expected else { return }
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        let gotLine = line < got.count ? String(got[line]) : "<end>"
        let wantLine = line < want.count ? String(want[line]) : "<end>"
        Issue.record("Output differs from \(name) at line \(line + 1):\n  expected: \(wantLine)\n  got:      \(gotLine)",
                     sourceLocation: sourceLocation)
    }
}
