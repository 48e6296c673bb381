import Foundation

/// The entries the NSCache holds, in order of use, for the cache to enumerate, persist and evict; used only with the
/// cache's lock held. As NSCache's delegate it hears of the entries NSCache drops by itself; ``Cache`` unlinks those
/// it removes (NSCache does not tell its delegate of `removeObject(forKey:)`; see PLATFORM-NOTES).
final class KeyTracker<Key: Hashable, Value>: NSObject, NSCacheDelegate {
    /// The least recently used entry.
    private(set) var oldest: Entry<Key, Value>?
    /// The most recently used entry.
    private(set) var newest: Entry<Key, Value>?
    /// How many entries are tracked.
    private(set) var count = 0

    /// Adds `entry` as the most recently used.
    func append(_ entry: Entry<Key, Value>) {
        entry.older = newest
        entry.newer = nil
        newest?.newer = entry
        newest = entry
        if oldest == nil { oldest = entry }
        count += 1
    }

    /// Removes `entry` from the recency list.
    func unlink(_ entry: Entry<Key, Value>) {
        let older = entry.older
        let newer = entry.newer
        older?.newer = newer
        newer?.older = older
        if oldest === entry { oldest = newer }
        if newest === entry { newest = older }
        entry.newer = nil
        entry.older = nil
        count -= 1
    }

    /// Marks `entry` as the most recently used.
    func touch(_ entry: Entry<Key, Value>) {
        guard newest !== entry else { return }
        unlink(entry)
        append(entry)
    }

    /// Forgets every entry.
    func removeAll() {
        // Break the chain iteratively so a long list does not release recursively.
        var entry = oldest
        while let current = entry {
            entry = current.newer
            current.newer = nil
        }
        oldest = nil
        newest = nil
        count = 0
    }

    /// All tracked entries, in insertion order.
    var entriesInInsertionOrder: [Entry<Key, Value>] {
        var entries: [Entry<Key, Value>] = []
        entries.reserveCapacity(count)
        var entry = oldest
        while let current = entry {
            entries.append(current)
            entry = current.newer
        }
        entries.sort { $0.sequence < $1.sequence }
        return entries
    }

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject object: Any) {
        guard let entry = object as? Entry<Key, Value>, entry.older != nil || entry.newer != nil || oldest === entry else {
            return
        }
        unlink(entry)
    }
}
