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
            throw CassetteError(.unreadableCassette, unreadableMessage(error), cassette: file)
        }
    }

    /// What is wrong with a file that does not load, and the one thing to do about it; the file itself is named
    /// once, by the ``CassetteError``.
    private static func unreadableMessage(_ error: CacheError) -> String {
        let place = error.codingPath.isEmpty ? "" : "At \(error.codingPathDescription): "
        switch error.code {
        case .unsupportedVersion:
            return place + error.reason.replacingOccurrences(of: "Read it with a newer version of the package that wrote it.",
                                                             with: "Update swift-cassette to read it.")
        case .unknownFormat:
            return place + error.reason + " It is not a cassette: move it out of the cassette directory."
        case .unreadable, .fileNotFound:
            return error.reason + " Check the file's permissions."
        default:
            return place + error.reason + " Record the cassette again with \(RecordMode.environmentVariable)=all."
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
