import Caching
import Foundation

/// Reads and writes cassette files through `Caching`'s persistence: a cassette file *is* a saved
/// `Cache<Int, Interaction>`, its keys the interactions' positions in recording order (1, 2, 3, ...).
///
/// `Cassette.use` does this for tests; tools that inspect or rewrite cassettes call it directly.
public enum CassetteFile {
    /// The interactions in `file`, in recording order, or `nil` when the file does not exist.
    public static func load(_ file: URL) throws(CassetteError) -> [Interaction]? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            // Read straight from the file: replay needs the interactions, not a cache around them. Files this code
            // writes keep their keys in order; sort only one that was edited out of order.
            var entries = try Cache<Int, Interaction>.entries(contentsOf: file)
            if !entries.indices.dropFirst().allSatisfy({ entries[$0 - 1].key < entries[$0].key }) {
                entries.sort { $0.key < $1.key }
            }
            return entries.map(\.value)
        } catch {
            throw CassetteError(.unreadableCassette,
                                "\(error) Fix the file, or delete it and record it again with \(RecordMode.environmentVariable)=all.",
                                cassette: file)
        }
    }

    /// Writes `interactions` to `file` atomically, creating folders as needed.
    public static func save(_ interactions: [Interaction], to file: URL) throws(CassetteError) {
        do {
            // The file a cache of these interactions saves, written without building the cache.
            try Cache<Int, Interaction>.save(entries: interactions.enumerated().map { (key: $0.offset + 1, value: $0.element) }, to: file)
        } catch {
            throw CassetteError(.writeFailed, "Could not save the recording: \(error)", cassette: file)
        }
    }
}
