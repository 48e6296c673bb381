import Caching
import Foundation

extension CassetteFile {
    /// Calls `each` with every interaction in `file`, in recording order, decoded one at a time; returns `false`
    /// (calling nothing) when the file does not exist.
    ///
    /// Memory holds the file's bytes, its parsed nodes and one decoded interaction, not all of them: for tools that
    /// read a large cassette through once (`cassette export-har`). Every interaction is decoded once before the first
    /// call, so a file that does not read calls nothing and throws what ``load(_:)`` throws for it.
    package static func forEachInteraction(in file: URL, _ each: (Interaction) throws -> Void) throws -> Bool {
        guard FileManager.default.fileExists(atPath: file.path) else { return false }
        let entries: [(key: Int, value: Interaction, expirationDate: Date)]
        do {
            entries = try self.entries(of: file) { () throws(CacheError) in
                try Cache<Int, Interaction>.entriesWithExpiration(in: try Cache<Int, Interaction>.read(file), file: file, deferring: true)
            }
            for entry in entries { _ = try entry.value.decodedWithoutKeeping() }
        } catch {
            // The error of reading the file whole, which may name an earlier place than the deferred read met first.
            _ = try load(file)
            throw (error as? CacheError).map { unreadable($0, file) } ?? error
        }
        for entry in entries {
            let decoded: Interaction
            do throws(CacheError) {
                decoded = try interaction(of: entry).decodedWithoutKeeping()
            } catch {
                throw unreadable(error, file)
            }
            try each(decoded)
        }
        return true
    }
}
