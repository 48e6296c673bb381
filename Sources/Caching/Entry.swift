import Foundation

/// One cached value with its key, its expiration date, its place in insertion order, and its neighbours in the
/// recency list that least-recently-used eviction walks.
final class Entry<Key: Hashable, Value> {
    let key: Key
    var value: Value
    var expirationDate: Date
    /// Position in insertion order; kept when the value is replaced.
    let sequence: UInt64
    /// The next more recently used entry.
    var newer: Entry?
    /// The next less recently used entry.
    weak var older: Entry?

    init(key: Key, value: Value, expirationDate: Date, sequence: UInt64) {
        self.key = key
        self.value = value
        self.expirationDate = expirationDate
        self.sequence = sequence
    }
}
