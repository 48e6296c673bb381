import Caching
import Foundation

extension CassetteFile {
    /// The interactions of a file read one at a time (see ``interactionsInTurn(in:)``).
    package typealias InteractionsInTurn = LazyMapCollection<[(key: Int, value: Interaction, expirationDate: Date)], Interaction>

    /// The interactions in `file`, in recording order, each decoded when it is reached and not kept: memory holds the
    /// file's bytes, its parsed nodes and the interactions being looked at, not all of them decoded. `nil` when the
    /// file does not exist.
    ///
    /// For tools that read a large cassette through (`cassette export-har`, `cassette verify`). Every interaction is
    /// decoded once before this returns, so a file that does not read throws what ``load(_:)`` throws for it, and
    /// going through the collection (again and again, each time decoding anew) meets no error.
    package static func interactionsInTurn(in file: URL) throws(CassetteError) -> InteractionsInTurn? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let entries: [(key: Int, value: Interaction, expirationDate: Date)]
        do {
            entries = try self.entries(of: file) { () throws(CacheError) in
                try Cache<Int, Interaction>.entriesWithExpiration(in: try Cache<Int, Interaction>.read(file), file: file, deferring: true)
            }
            for entry in entries { _ = try entry.value.decodedWithoutKeeping() }
        } catch {
            // The error of reading the file whole, which may name an earlier place than the deferred read met first.
            _ = try load(file)
            throw (error as? CassetteError) ?? (error as? CacheError).map { unreadable($0, file) }
                ?? CassetteError(.unreadableCassette, "The cassette could not be read.", cassette: file)
        }
        return entries.lazy.map { entry in
            // Each decoded above: decoding again gives the same interaction (the pending one stands in, unreachably).
            (try? interaction(of: entry).decodedWithoutKeeping()) ?? interaction(of: entry)
        }
    }

    /// Calls `each` with every interaction in `file`, in recording order, decoded one at a time (see
    /// ``interactionsInTurn(in:)``); returns `false` (calling nothing) when the file does not exist. A file that
    /// does not read calls nothing and throws what ``load(_:)`` throws for it.
    package static func forEachInteraction(in file: URL, _ each: (Interaction) throws -> Void) throws -> Bool {
        guard let interactions = try interactionsInTurn(in: file) else { return false }
        for interaction in interactions { try each(interaction) }
        return true
    }
}
