import Caching
import CassetteCore
import Foundation

/// The report the harness writes when `CASSETTE_REPORT` names a file: one JSON line per use of a cassette.
///
/// `{"cassette":"/…/Cassettes/users/fetch.json","name":"users/fetch","unused":[{"interaction":2,"method":"GET","recordedAt":"…","url":"…"}]}`,
/// with `"failed":true` for a use whose test failed. A cassette used several times (by several tests, or a test run
/// more than once) has several lines: an interaction is never replayed only when every use left it out.
struct UnusedReportFile: Sendable {
    /// What the report says of one cassette file.
    struct Cassette: Sendable {
        let file: URL
        let name: String
        /// How many lines name it.
        var uses = 0
        /// Whether any use failed: the uses say nothing certain about it.
        var failed = false
        /// The interactions no use replayed, by position from 1, with the method and URL each line gave.
        var neverReplayed: [Int: Recorded] = [:]
    }

    /// The recording a line names at a position: its request's method and URL, and when it was recorded (absent
    /// from reports written before the date was kept).
    struct Recorded: Sendable, Equatable {
        let method: String
        let url: String
        let recordedAt: String?

        /// Whether `interaction` is this recording (see `UnusedReport.identity(of:)`).
        func names(_ interaction: Interaction) -> Bool {
            let identity = UnusedReport.identity(of: interaction)
            return identity["method"] as? String == method && identity["url"] as? String == url
                && (recordedAt == nil || identity["recordedAt"] as? String == recordedAt)
        }
    }

    /// The cassettes, in the order the report first names them.
    private(set) var cassettes: [Cassette] = []

    init(contentsOf report: URL) throws(ToolFailure) {
        let text: String
        do { text = String(decoding: try FileContents.read(report), as: UTF8.self) } catch {
            throw ToolFailure("The report \(report.path) could not be read: \(error.reason) Give the file CASSETTE_REPORT named when the tests ran (CASSETTE_REPORT=\(report.path) swift test writes one).")
        }
        var positions: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let use = try Self.use(line, number: index + 1, report: report)
            let position: Int
            if let known = positions[use.file.path] {
                position = known
            } else {
                position = cassettes.count
                positions[use.file.path] = position
                var cassette = Cassette(file: use.file, name: use.name)
                cassette.neverReplayed = use.unused
                cassettes.append(cassette)
            }
            cassettes[position].uses += 1
            cassettes[position].failed = cassettes[position].failed || use.failed
            // Never replayed by any use: in every line's list.
            if cassettes[position].uses > 1 {
                cassettes[position].neverReplayed = cassettes[position].neverReplayed.filter { use.unused[$0.key] == $0.value }
            }
        }
    }

    private struct Use {
        let file: URL
        let name: String
        let failed: Bool
        let unused: [Int: Recorded]
    }

    private static func use(_ line: Substring, number: Int, report: URL) throws(ToolFailure) -> Use {
        func bad(_ why: String) -> ToolFailure {
            ToolFailure("\(report.path), line \(number): \(why). The report is the file CASSETTE_REPORT names; each line is one JSON object.")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { throw bad("not a JSON object") }
        guard let path = object["cassette"] as? String, !path.isEmpty else { throw bad("no \"cassette\" path") }
        guard let unused = object["unused"] as? [[String: Any]] else { throw bad("no \"unused\" list") }
        var positions: [Int: Recorded] = [:]
        for item in unused {
            guard let position = item["interaction"] as? Int, position > 0,
                  let method = item["method"] as? String, let url = item["url"] as? String else {
                throw bad("an entry of \"unused\" lacks its interaction, method or url")
            }
            positions[position] = Recorded(method: method, url: url, recordedAt: item["recordedAt"] as? String)
        }
        let file = URL(fileURLWithPath: path)
        return Use(file: file, name: object["name"] as? String ?? file.deletingPathExtension().lastPathComponent,
                   failed: object["failed"] as? Bool ?? false, unused: positions)
    }
}
