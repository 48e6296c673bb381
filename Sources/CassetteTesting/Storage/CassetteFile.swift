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
            let cache = try Cache<Int, Interaction>(contentsOf: file)
            return cache.entries.sorted { $0.key < $1.key }.map(\.value)
        } catch {
            throw CassetteError(.unreadableCassette,
                                "\(error) Fix the file, or delete it and record it again with \(RecordMode.environmentVariable)=all.",
                                cassette: file)
        }
    }

    /// Writes `interactions` to `file` atomically, creating folders as needed.
    public static func save(_ interactions: [Interaction], to file: URL) throws(CassetteError) {
        let cache = Cache<Int, Interaction>()
        for (offset, interaction) in interactions.enumerated() {
            cache.insert(interaction, forKey: offset + 1)
        }
        do {
            try cache.save(to: file)
        } catch {
            throw CassetteError(.writeFailed, "Could not save the recording: \(error)", cassette: file)
        }
    }
}
