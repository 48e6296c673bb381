import Caching
import Foundation

/// Reads and writes cassette files through `Caching`'s persistence: a cassette file *is* a saved
/// `Cache<Int, Interaction>`, its keys the interactions' positions in recording order (1, 2, 3, ...).
/// `Cassette.use` does this for tests; tools that inspect or rewrite cassettes call it directly.
///
/// Every write goes atomically, under the file's lock, *through* a cassette that is a symbolic link, so a shared
/// fixture stays shared; a loop of links, or a link into a missing folder, is a `writeFailed` error. (A cassette
/// opened by name may lead through links only to a file inside the cassette directory: see `CassetteLocation`.)
public enum CassetteFile {
    /// The interactions in `file`, in recording order, or `nil` when the file does not exist.
    public static func load(_ file: URL) throws(CassetteError) -> [Interaction]? {
        try load(file, deferring: false)
    }

    /// The interactions in `file`, as ``load(_:)`` reads them; with `deferring`, each is left in the file's bytes but
    /// for its request's method and URL and its recording date, until first asked for (see ``PendingInteraction``),
    /// for a cassette that only replays.
    static func load(_ file: URL, deferring: Bool) throws(CassetteError) -> [Interaction]? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        // Read straight from the file: replay needs the interactions, not a cache around them.
        return try interactions(of: file) { () throws(CacheError) in
            try Cache<Int, Interaction>.entriesWithExpiration(in: try FileContents.read(file), file: file,
                                                               deferring: deferring)
        }
    }

    /// `interaction` decoded, if it was left in the file (see ``load(_:deferring:)``), or the error that reading the
    /// file whole would have thrown.
    static func decoded(_ interaction: Interaction, in file: URL) throws(CassetteError) -> Interaction {
        do {
            return try interaction.decoded()
        } catch {
            throw unreadable(error, file)
        }
    }

    /// `interactions` each decoded, or the first error (see ``decoded(_:in:)``).
    static func decodingAll(_ interactions: [Interaction], in file: URL) throws(CassetteError) -> [Interaction] {
        var decoded = interactions
        for position in decoded.indices where decoded[position].isPending {
            decoded[position] = try self.decoded(decoded[position], in: file)
        }
        return decoded
    }

    /// The interactions in `data`, the bytes of a cassette file, read exactly as ``load(_:)`` reads the file's; `file`
    /// only names the cassette in errors. For tools that hold the bytes already, such as the fuzz target.
    package static func decode(_ data: Data, file: URL) throws(CassetteError) -> [Interaction] {
        try interactions(of: file) { () throws(CacheError) in try Cache<Int, Interaction>.entriesWithExpiration(in: data, file: file) }
    }

    /// The interactions of the entries `read` gives for `file`, in key order, or its error as a ``CassetteError``.
    private static func interactions(of file: URL,
                                     _ read: () throws(CacheError) -> [(key: Int, value: Interaction, expirationDate: Date)]) throws(CassetteError) -> [Interaction] {
        do {
            return inKeyOrder(try read(), key: \.key).map(interaction(of:))
        } catch {
            throw unreadable(error, file)
        }
    }

    /// `items` in the order of their keys (each key once). Files this code writes keep their keys in order; only one
    /// that was edited out of order is sorted.
    static func inKeyOrder<Item>(_ items: [Item], key: (Item) -> Int) -> [Item] {
        if items.indices.dropFirst().allSatisfy({ key(items[$0 - 1]) < key(items[$0]) }) { return items }
        return items.sorted { key($0) < key($1) }
    }

    /// The interaction an entry holds: its value, whose ``Interaction/expiresAt`` is the entry's expiration date.
    static func interaction(of entry: (key: Int, value: Interaction, expirationDate: Date)) -> Interaction {
        var interaction = entry.value
        interaction.expiresAt = entry.expirationDate == .distantFuture ? nil : entry.expirationDate
        return interaction
    }

    /// The error for a cassette file that does not read.
    static func unreadable(_ error: CacheError, _ file: URL) -> CassetteError {
        CassetteError(.unreadableCassette, wrapping: error, fix: fix(for: error), cassette: file)
    }

    /// The one thing to do about a file that does not load, said after `Caching`'s own reason.
    private static func fix(for error: CacheError) -> String {
        switch error.code {
        case .unsupportedVersion:
            "For a cassette, that package is swift-cassette: update it."
        case .unknownFormat:
            "It is not a cassette: move it out of the cassette directory."
        case .unreadable, .fileNotFound:
            "Check the file's permissions."
        case .notAFile:
            "A cassette is a file: move what is there away, or give the cassette another name."
        default:
            "Record the cassette again with \(RecordMode.environmentVariable)=all."
        }
    }

    /// Writes `interactions` to `file` atomically, creating folders as needed, replacing what the file held (through a
    /// symbolic link; see ``CassetteFile``), under the file's lock; between two plain saves, the last one wins.
    public static func save(_ interactions: [Interaction], to file: URL) throws(CassetteError) {
        try FileLock.withLock(on: file, failure: { lockError($0, file) }) { () throws(CassetteError) in
            try write(interactions, to: file)
        }
    }

    /// Rewrites `file` as `change` says, from what it holds now: under the file's lock, the file is read again and
    /// handed to `change`, which returns its verdict and what to write (`nil` to leave it alone). Returns the verdict,
    /// or `nil` (locking nothing, creating nothing) when the file does not exist. For `cassette prune`: a test that
    /// records meanwhile saves before, and `change` sees it, or after, merging into what is left.
    package static func rewrite<Verdict>(_ file: URL,
                                         _ change: ([Interaction]) -> (verdict: Verdict, write: [Interaction]?)) throws(CassetteError) -> Verdict? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try FileLock.withLock(on: file, failure: { lockError($0, file) }) { () throws(CassetteError) -> Verdict? in
            guard let current = try load(file) else { return nil }
            let (verdict, changed) = change(current)
            if let changed { try write(changed, to: file) }
            return verdict
        }
    }

    /// Adds `recorded` to `file` for a cassette that loaded `previous` from it, keeping what others saved meanwhile:
    /// under the file's lock, what the file holds now, then each of `recorded` not already there (see
    /// ``merged(_:adding:openedWith:)``). `dropping` are expired recordings of `previous` recorded again: they leave.
    static func append(_ recorded: [Interaction], openedWith previous: [Interaction], dropping: [Interaction] = [],
                       to file: URL) throws(CassetteError) {
        try FileLock.withLock(on: file, failure: { lockError($0, file) }) { () throws(CassetteError) in
            let current = try load(file) ?? []
            try write(merged(removing(dropping, from: current), adding: recorded, openedWith: removing(dropping, from: previous)),
                      to: file)
        }
    }

    /// `interactions` without one occurrence of each of `dropped`.
    private static func removing(_ dropped: [Interaction], from interactions: [Interaction]) -> [Interaction] {
        guard !dropped.isEmpty else { return interactions }
        var left = dropped.reduce(into: [Interaction: Int]()) { $0[$1, default: 0] += 1 }
        return interactions.filter { interaction in
            guard let count = left[interaction], count > 0 else { return true }
            left[interaction] = count - 1
            return false
        }
    }

    /// `current` followed by each of `recorded` that is not already in it as the same exchange (see
    /// ``Interaction/isSameExchange(as:)``) added by another writer since the cassette opened on `previous` (each
    /// standing for one; those of `previous` stand for none: recording them again means more copies were needed).
    static func merged(_ current: [Interaction], adding recorded: [Interaction], openedWith previous: [Interaction]) -> [Interaction] {
        var known = previous.reduce(into: [Interaction: Int]()) { $0[$1, default: 0] += 1 }
        var addedByOthers: [RecordedRequest: [Interaction]] = [:]
        for interaction in current {
            if let count = known[interaction], count > 0 {
                known[interaction] = count - 1
            } else {
                addedByOthers[interaction.request, default: []].append(interaction)
            }
        }
        var result = current
        for interaction in recorded {
            if var candidates = addedByOthers[interaction.request],
               let match = candidates.firstIndex(where: { $0.isSameExchange(as: interaction) }) {
                candidates.remove(at: match)
                addedByOthers[interaction.request] = candidates
            } else {
                result.append(interaction)
            }
        }
        return result
    }

    /// Removes the temporary files that saves of `file` killed midway left beside it (see
    /// `AtomicFile.removeAbandonedTemporaryFiles(of:)`); opening a cassette calls it.
    static func removeAbandonedSaves(of file: URL) {
        AtomicFile.removeAbandonedTemporaryFiles(of: file)
    }

    /// Writes `interactions` to `file` atomically; the caller holds the file's lock.
    private static func write(_ interactions: [Interaction], to file: URL) throws(CassetteError) {
        do {
            // The file a cache of these interactions saves, written without building the cache.
            try Cache<Int, Interaction>.save(expiringEntries: interactions.enumerated().map {
                (key: $0.offset + 1, value: $0.element, expirationDate: $0.element.expiresAt ?? .distantFuture)
            }, to: file)
        } catch {
            throw CassetteError(.writeFailed, wrapping: error, context: "Could not save the recording", cassette: file)
        }
    }

    /// The error for a save that could not take the file's lock.
    private static func lockError(_ error: CacheError, _ file: URL) -> CassetteError {
        CassetteError(.writeFailed, wrapping: error, context: "Could not lock the cassette to save it", cassette: file)
    }
}
