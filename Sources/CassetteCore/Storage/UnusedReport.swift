import Caching
import Foundation

/// The file `CASSETTE_REPORT` names: one JSON line per use of a cassette file, appended by every cassette of a run
/// (and of parallel runs: each line is written whole, under the file's lock), for `cassette unused` and
/// `cassette prune`.
///
/// ```json
/// {"cassette":"/…/Cassettes/Users/fetch.json","name":"Users/fetch","unused":[{"interaction":2,"method":"GET","recordedAt":"2026-11-25T10:00:00Z","url":"http://…/users/2"}]}
/// ```
///
/// `unused` lists the recorded interactions that use never replayed (positions from 1, with ``identity(of:)``). A use
/// whose test threw, or whose requests failed, says `"failed":true` and lists nothing. A report path that is a
/// symbolic link is appended to through the link, under its target's lock, as cassettes are written.
package enum UnusedReport {
    /// The environment variable naming the report file.
    static let variable = "CASSETTE_REPORT"

    /// Appends the line for a use of the cassette `name` in `cassette`, whose `unused` interactions (positions from
    /// 1) were never replayed, to `report`.
    static func append(_ unused: [(position: Int, interaction: Interaction)], failed: Bool, cassette: URL, name: String,
                       to report: URL) throws(CassetteError) {
        var line: [String: Any] = [
            "cassette": cassette.path, "name": name,
            "unused": unused.map { entry in
                identity(of: entry.interaction).merging(["interaction": entry.position]) { $1 }
            },
        ]
        if failed { line["failed"] = true }
        guard var data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            throw failure("the line could not be written as JSON", report, cassette)
        }
        data.append(UInt8(ascii: "\n"))
        try FileLock.withLock(on: report, failure: { lockError in
            CassetteError(.writeFailed, wrapping: lockError, context: "Could not add to the unused-interactions report \(report.path) (\(variable))",
                          cassette: cassette)
        }) { () throws(CassetteError) in
            let descriptor = open(report.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw failure(String(cString: strerror(errno)), report, cassette) }
            defer { close(descriptor) }
            let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == data.count else { throw failure(String(cString: strerror(errno)), report, cassette) }
        }
    }

    /// What a report line says of a recorded interaction, so that `cassette prune` removes that recording and no
    /// other: its request's method and URL, and when it was recorded.
    package static func identity(of interaction: Interaction) -> [String: any Sendable] {
        ["method": interaction.requestHead.method, "url": interaction.requestHead.url,
         "recordedAt": interaction.recordedAt.formatted(.iso8601)]
    }

    private static func failure(_ reason: String, _ report: URL, _ cassette: URL) -> CassetteError {
        CassetteError(.writeFailed, "Could not add to the unused-interactions report \(report.path) (\(variable)): \(reason).",
                      cassette: cassette)
    }
}
