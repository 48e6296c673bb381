import Caching
import CassetteCore
import Foundation

/// `cassette list [folder]`: every cassette with its interaction count, size (a symbolic link's target's), oldest
/// recording and expiry state.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list",
        summary: "List cassettes with their interaction count, size, oldest recording and expiry state.",
        usage: "list [<folder>]",
        arguments: [.init(name: "folder", help: "Where to look, and below (default: the cassette directory).", isOptional: true)],
        options: [],
        exitStatuses: StatusMeaning.table(success: "every file in the folder is a readable cassette",
                                          finding: "a file in the folder is not a readable cassette; cassette verify says why",
                                          failure: "the folder does not exist"),
        discussion: """
        EXPIRY is "never" when no recording expires, "until <day>" for the first expiry to come, and "<n> expired"
        when recordings are past their expiry (CASSETTE_RECORD=new records them again).
        """)

    static let command = Subcommand(spec: spec) { arguments, context in
        let paths = CassettePaths(context: context)
        let folder = try arguments.argument(0).map(paths.resolved) ?? paths.directory
        let files = try paths.cassetteFiles(in: folder)
        var rows: [[String]] = [["CASSETTE", "INTERACTIONS", "SIZE", "OLDEST", "EXPIRY"]]
        var totals = (cassettes: 0, interactions: 0, bytes: 0)
        var unreadable = 0
        for file in files {
            let name = paths.name(of: file, in: folder)
            // A symbolic link's size is its target's: the file that holds the cassette.
            let sized = (try? SymbolicLink.target(of: file)) ?? file
            let size = (try? FileManager.default.attributesOfItem(atPath: sized.path)[.size] as? Int) ?? 0
            totals.bytes += size
            guard let interactions = try? CassetteFile.load(file) else {
                unreadable += 1
                rows.append([name, "-", Formatting.bytes(size), "-", "unreadable: run cassette verify"])
                continue
            }
            totals.cassettes += 1
            totals.interactions += interactions.count
            let oldest = interactions.map(\.recordedAt).min().map(Formatting.day) ?? "-"
            rows.append([name, "\(interactions.count)", Formatting.bytes(size), oldest, expiry(of: interactions, now: context.now)])
        }
        context.output(table(rows))
        var summary = "\(Formatting.count(totals.cassettes, "cassette")), \(Formatting.count(totals.interactions, "interaction")), \(Formatting.bytes(totals.bytes)) in \(paths.display(folder))"
        if unreadable > 0 { summary += "; \(unreadable) unreadable" }
        context.output(summary + "\n")
        return unreadable > 0 ? ExitStatus.finding : ExitStatus.success
    }

    /// A cassette's expiry state: `never`, `until <day>`, or `<n> expired`.
    static func expiry(of interactions: [Interaction], now: Date) -> String {
        let dates = interactions.compactMap(\.expiresAt)
        let expired = dates.filter { $0 <= now }.count
        if expired > 0 { return "\(expired) expired" }
        return dates.min().map { "until " + Formatting.day($0) } ?? "never"
    }

    /// Rows as left-aligned columns (numbers right-aligned), two spaces apart, each cell on one line (a cassette's
    /// name comes from a file name: see ``InertText/line(_:)``).
    static func table(_ given: [[String]]) -> String {
        let rows = given.map { $0.map(InertText.line) }
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                let numeric = column > 0 && !cell.isEmpty && cell.allSatisfy(\.isNumber)
                return numeric ? pad + cell : column == row.count - 1 ? cell : cell + pad
            }.joined(separator: "  ") + "\n"
        }.joined()
    }
}
