import Caching
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file `CASSETTE_REPORT` names: one JSON line per cassette that had interactions its test never replayed,
/// appended by every cassette of a run (and of parallel runs: each line is written whole, under the file's lock).
///
/// ```json
/// {"cassette":"/…/Cassettes/Users/fetch.json","name":"Users/fetch","unused":[{"interaction":2,"method":"GET","url":"http://…/users/2"}]}
/// ```
enum UnusedReport {
    /// The environment variable naming the report file.
    static let variable = "CASSETTE_REPORT"

    /// Appends the line for the cassette `name` in `cassette`, whose `unused` interactions (positions from 1) were
    /// never replayed, to `report`.
    static func append(_ unused: [(position: Int, interaction: Interaction)], cassette: URL, name: String,
                       to report: URL) throws(CassetteError) {
        let line: [String: Any] = [
            "cassette": cassette.path, "name": name,
            "unused": unused.map { ["interaction": $0.position, "method": $0.interaction.request.method,
                                    "url": $0.interaction.request.url] },
        ]
        guard var data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            throw failure("the line could not be written as JSON", report, cassette)
        }
        data.append(UInt8(ascii: "\n"))
        try FileLock.withLock(on: report, failure: { failure("\($0)", report, cassette) }) { () throws(CassetteError) in
            let descriptor = open(report.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw failure(String(cString: strerror(errno)), report, cassette) }
            defer { close(descriptor) }
            let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == data.count else { throw failure(String(cString: strerror(errno)), report, cassette) }
        }
    }

    private static func failure(_ reason: String, _ report: URL, _ cassette: URL) -> CassetteError {
        CassetteError(.writeFailed, "Could not add to the unused-interactions report \(report.path) (\(variable)): \(reason).",
                      cassette: cassette)
    }
}
