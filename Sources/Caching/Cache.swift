import Foundation
import Locking

/// A typed, thread-safe in-memory cache on top of `NSCache`, with least-recently-used eviction, expiry, and — when
/// its keys and values are `Codable` — a deterministic, versioned file format.
///
/// ```swift
/// let cache = Cache<String, Int>(entryLifetime: 60, maximumEntryCount: 100)
/// cache["answer"] = 42
/// cache.value(forKey: "answer")      // 42, and "answer" is now the most recently used
/// try cache.save(to: fileURL)        // only because String and Int are Codable
/// ```
///
/// **Eviction.** Beyond `maximumEntryCount`, the least recently used entry goes (inserting or reading an entry uses
/// it), enforced by the cache itself so the order is the same on every platform (NSCache's own limits are left off).
///
/// **Expiry.** Each entry expires `entryLifetime` seconds after it is inserted (or after the lifetime passed to
/// ``insert(_:forKey:lifetime:)``); `.infinity` means never. Expired entries are never returned, nor saved.
///
/// **Persistence.** `save(to:)`, `init(contentsOf:)`, `encoded()` and friends exist only where `Key` and `Value`
/// are `Codable`. The file is pretty-printed JSON with sorted keys, ISO-8601 dates and a trailing newline, entries
/// in insertion order, so equal contents always give byte-identical files:
///
/// ```json
/// {
///   "entries" : [
///     {
///       "expires" : "2026-11-22T16:00:00Z",
///       "key" : "answer",
///       "value" : 42
///     },
///     {
///       "key" : "forever",
///       "value" : 7
///     }
///   ],
///   "format" : "Caching.Cache",
///   "version" : 1
/// }
/// ```
///
/// `expires` is left out for entries that never expire. Files are written atomically: a crash leaves the old file or
/// the new one.
public final class Cache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let dateProvider: @Sendable () -> Date
    private let entryLifetime: TimeInterval
    /// The most entries the cache holds; at least 1.
    public let maximumEntryCount: Int
    private let storage: LockedBox<Storage>

    /// Everything mutable, touched only with the lock held.
    private struct Storage {
        let cache = NSCache<WrappedKey<Key>, Entry<Key, Value>>()
        let tracker = KeyTracker<Key, Value>()
        var nextSequence: UInt64 = 0
        /// No entry expires before this date, so until then nothing needs purging.
        var earliestExpiration = Date.distantFuture

        init() {
            cache.delegate = tracker
        }
    }

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - dateProvider: The clock that decides expiry; inject one in tests.
    ///   - entryLifetime: Seconds an entry lives after insertion; `.infinity` (the default) means forever.
    ///   - maximumEntryCount: How many entries to keep before evicting the least recently used; values below 1 count as 1.
    public init(dateProvider: @escaping @Sendable () -> Date = Date.init,
                entryLifetime: TimeInterval = .infinity,
                maximumEntryCount: Int = .max) {
        self.dateProvider = dateProvider
        self.entryLifetime = entryLifetime
        self.maximumEntryCount = max(1, maximumEntryCount)
        storage = LockedBox(Storage())
    }

    /// Inserts `value` for `key` with the cache's entry lifetime. An existing key keeps its place in insertion order
    /// and becomes the most recently used.
    public func insert(_ value: Value, forKey key: Key) {
        insert(value, forKey: key, lifetime: entryLifetime)
    }

    /// Inserts `value` for `key`, expiring `lifetime` seconds from now (`.infinity`: never).
    public func insert(_ value: Value, forKey key: Key, lifetime: TimeInterval) {
        let expirationDate = dateProvider().addingTimeInterval(lifetime)
        storage.withLock { storage in
            store(value, forKey: key, expirationDate: expirationDate, in: &storage)
        }
    }

    /// The value for `key`, or `nil` if there is none or it expired; marks the entry as the most recently used.
    public func value(forKey key: Key) -> Value? {
        let now = dateProvider()
        return storage.withLock { storage -> Value? in
            let wrapped = WrappedKey(key)
            guard let entry = storage.cache.object(forKey: wrapped) else { return nil }
            guard entry.expirationDate > now else {
                remove(entry, in: &storage)
                return nil
            }
            storage.tracker.touch(entry)
            return entry.value
        }
    }

    /// Removes the value for `key`, if any.
    public func removeValue(forKey key: Key) {
        storage.withLock { storage in
            if let entry = storage.cache.object(forKey: WrappedKey(key)) {
                remove(entry, in: &storage)
            }
        }
    }

    /// Removes every value.
    public func removeAll() {
        storage.withLock { storage in
            storage.cache.removeAllObjects()
            storage.tracker.removeAll()
        }
    }

    /// Reads or writes the value for `key`; writing `nil` removes it.
    public subscript(key: Key) -> Value? {
        get { value(forKey: key) }
        set {
            if let newValue { insert(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// How many unexpired entries the cache holds.
    public var count: Int {
        let now = dateProvider()
        return storage.withLock { storage in
            purgeExpired(at: now, in: &storage)
            return storage.tracker.count
        }
    }

    /// The keys of unexpired entries, in insertion order. Does not count as using them.
    public var keys: [Key] {
        liveEntries().map { $0.key }
    }

    /// The unexpired entries, in insertion order. Does not count as using them.
    public var entries: [(key: Key, value: Value)] {
        liveEntries().map { (key: $0.key, value: $0.value) }
    }

    // MARK: - Internals shared with persistence

    /// Unexpired entries in insertion order, with their expiration dates; expired ones are dropped.
    func liveEntries() -> [(key: Key, value: Value, expirationDate: Date)] {
        let now = dateProvider()
        return storage.withLock { storage in
            purgeExpired(at: now, in: &storage)
            return storage.tracker.entriesInInsertionOrder.map { ($0.key, $0.value, $0.expirationDate) }
        }
    }

    /// Removes every entry expired at `now`; costs nothing until the earliest expiration date has passed.
    private func purgeExpired(at now: Date, in storage: inout Storage) {
        guard storage.earliestExpiration <= now else { return }
        var earliest = Date.distantFuture
        var entry = storage.tracker.oldest
        while let current = entry {
            entry = current.newer
            if current.expirationDate <= now {
                remove(current, in: &storage)
            } else if current.expirationDate < earliest {
                earliest = current.expirationDate
            }
        }
        storage.earliestExpiration = earliest
    }

    /// Inserts many entries under one lock, in order, skipping those already expired.
    func insertAll(_ entries: [(key: Key, value: Value, expirationDate: Date)]) {
        let now = dateProvider()
        storage.withLock { storage in
            for entry in entries where entry.expirationDate > now {
                store(entry.value, forKey: entry.key, expirationDate: entry.expirationDate, in: &storage)
            }
        }
    }

    private func store(_ value: Value, forKey key: Key, expirationDate: Date, in storage: inout Storage) {
        if expirationDate < storage.earliestExpiration { storage.earliestExpiration = expirationDate }
        let wrapped = WrappedKey(key)
        if let existing = storage.cache.object(forKey: wrapped) {
            existing.value = value
            existing.expirationDate = expirationDate
            storage.tracker.touch(existing)
            return
        }
        let entry = Entry(key: key, value: value, expirationDate: expirationDate, sequence: storage.nextSequence)
        storage.nextSequence += 1
        storage.cache.setObject(entry, forKey: wrapped)
        storage.tracker.append(entry)
        while storage.tracker.count > maximumEntryCount, let oldest = storage.tracker.oldest {
            remove(oldest, in: &storage)
        }
    }

    private func remove(_ entry: Entry<Key, Value>, in storage: inout Storage) {
        storage.tracker.unlink(entry)
        storage.cache.removeObject(forKey: WrappedKey(entry.key))
    }
}
