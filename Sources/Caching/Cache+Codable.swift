import Foundation

/// The on-disk shape of a cache: the public contract cassette files build on.
enum EnvelopeKey: String, CodingKey {
    case entries, format, version
}

/// One entry on disk; `expires` is absent for entries that never expire.
struct StoredEntry<Key: Codable, Value: Codable>: Codable {
    var expires: Date?
    var key: Key
    var value: Value
}

extension Cache: Codable where Key: Codable, Value: Codable {
    /// The `format` every cache file names.
    public static var formatIdentifier: String { "Caching.Cache" }

    /// The newest `version` of the format this code reads and writes.
    public static var formatVersion: Int { 1 }

    /// Writes the envelope: unexpired entries in insertion order, the format identifier and version.
    public func encode(to encoder: any Encoder) throws {
        try CacheFileContents<Key, Value>(entries: liveEntries()).encode(to: encoder)
    }

    /// Reads the envelope. The format and version are checked before any entry is read; entries that already
    /// expired are dropped. Uses the default clock, lifetime and no entry limit.
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        insertAll(try CacheEnvelope<Key, Value>(from: decoder).entries)
    }
}

/// What a cache file holds, ready to encode: the entries in order, then the format identifier and version.
struct CacheFileContents<Key: Hashable & Sendable & Codable, Value: Sendable & Codable>: Encodable {
    let entries: [StoredEntry<Key, Value>]

    /// The entries with their expiration dates; a date that never comes is left out of the file.
    init(entries: [(key: Key, value: Value, expirationDate: Date)]) {
        self.entries = entries.map { entry in
            StoredEntry(expires: entry.expirationDate == .distantFuture || entry.expirationDate.timeIntervalSinceReferenceDate.isInfinite
                            ? nil : entry.expirationDate,
                        key: entry.key, value: entry.value)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EnvelopeKey.self)
        try container.encode(Cache<Key, Value>.formatIdentifier, forKey: .format)
        try container.encode(Cache<Key, Value>.formatVersion, forKey: .version)
        try container.encode(entries, forKey: .entries)
    }
}

/// A decoded cache file: its format and version checked before any entry is read.
struct CacheEnvelope<Key: Hashable & Sendable & Codable, Value: Sendable & Codable>: Decodable {
    let entries: [(key: Key, value: Value, expirationDate: Date)]

    init(from decoder: any Decoder) throws {
        let container = try Self.checkedContainer(decoder)
        // Read into one array sized up front: a large file's entries are neither copied nor moved while it grows.
        var list = try container.nestedUnkeyedContainer(forKey: .entries)
        var entries: [(key: Key, value: Value, expirationDate: Date)] = []
        entries.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            let entry = try list.decode(StoredEntry<Key, Value>.self)
            entries.append((key: entry.key, value: entry.value, expirationDate: entry.expires ?? .distantFuture))
        }
        self.entries = entries
    }
}

extension CacheEnvelope {
    /// The envelope's members, once its format and version are checked (those are read before any entry).
    static func checkedContainer(_ decoder: any Decoder) throws -> KeyedDecodingContainer<EnvelopeKey> {
        let container = try decoder.container(keyedBy: EnvelopeKey.self)
        let format = try container.decode(String.self, forKey: .format)
        guard format == Cache<Key, Value>.formatIdentifier else {
            throw CacheFormatMismatch.format(format)
        }
        let version = try container.decode(Int.self, forKey: .version)
        guard version <= Cache<Key, Value>.formatVersion, version >= 1 else {
            throw CacheFormatMismatch.version(version)
        }
        return container
    }
}

/// A file that is JSON but not a cache file this code can read.
enum CacheFormatMismatch: Error {
    case format(String)
    case version(Int)
}
