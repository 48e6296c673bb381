import Foundation

/// The entries of a cache file as it stores them, in file order (a repeated key each time), each value decoded when
/// asked for and not kept: memory holds the file's bytes and each entry's key, date and place, so a tool reads a
/// file in about its size. Made by ``Cache/storedEntriesInTurn(in:file:)``, which decodes every entry once, so that
/// ``value(at:)`` meets no error afterwards.
package struct StoredEntries<Key: Hashable & Sendable & Codable, Value: Sendable & Codable>: Sendable {
    /// Each entry's key, in file order.
    package let keys: [Key]
    /// Each entry's expiration date, in file order: `.distantFuture` for an entry that never expires.
    package let expirationDates: [Date]
    private let values: Values

    /// Where the values are.
    private enum Values: Sendable {
        /// In the file's bytes (UTF-8): each entry's range, in file order.
        case inFile(bytes: Data, entries: [Range<Int>], file: URL?)
        /// Decoded, by reading the file whole (for a file that reading entry by entry could not read).
        case decoded([Value])
    }

    /// How many entries the file stores.
    package var count: Int { keys.count }

    /// The entries a whole read keeps, in its order, each as its index in file order: a repeated key at its first
    /// place with its last entry (see ``Cache/entriesWithExpiration(in:file:deferring:)``).
    package var keptPlaces: [Int] {
        Caching.keptPlaces(of: keys) ?? Array(keys.indices)
    }

    /// Whether the values are read from the file's bytes one at a time (not decoded by a whole read).
    var readsInTurn: Bool {
        if case .inFile = values { return true }
        return false
    }

    /// The value of the entry at `position` (in file order), decoded now.
    package func value(at position: Int) throws(CacheError) -> Value {
        switch values {
        case .decoded(let values):
            return values[position]
        case .inFile(let bytes, let entries, let file):
            do {
                return try bytes.withUnsafeBytes { buffer in
                    try Self.entry(at: entries[position].lowerBound, position: position, in: buffer).value
                }
            } catch {
                throw CacheError(decoding: error, file: file)
            }
        }
    }

    /// No entries: a cassette that is not there.
    package init() {
        self.init(decoded: [])
    }

    /// The entries of a file that read whole as `entries`.
    init(decoded entries: [(key: Key, value: Value, expirationDate: Date)]) {
        keys = entries.map { $0.key }
        expirationDates = entries.map { $0.expirationDate }
        values = .decoded(entries.map { $0.value })
    }

    /// The entries of a cache file's UTF-8 `bytes`, read one at a time: an outline that leaves the entries out
    /// (``JSONTape/init(parsing:leavingOutDepth:)``), then each entry parsed on its own. `nil` for any file this
    /// cannot read, to be read whole for its exact error.
    init?(inFile bytes: Data, file: URL?) {
        let read = bytes.withUnsafeBytes { buffer -> (keys: [Key], dates: [Date], entries: [Range<Int>])? in
            // The top-level object is at depth 0, its members at 1 and the entries at 2.
            guard let outline = try? JSONTape(parsing: buffer, leavingOutDepth: Self.entryDepth), outline.repeatedKey == nil,
                  let envelope = try? TapeDecoder.decode(EnvelopeOutline<Key, Value>.self, at: 0, of: outline, path: []),
                  case .array(let count, _) = outline.nodes[envelope.entriesNode] else { return nil }
            // The entries' stand-ins are the array's nodes, one each and left out one after another.
            let first = envelope.entriesNode + 1
            guard let start = outline.leftOut.firstIndex(where: { $0.node == first }), outline.leftOut.count - start >= count else {
                return count == 0 ? ([], [], []) : nil
            }
            var read: (keys: [Key], dates: [Date], entries: [Range<Int>]) = ([], [], [])
            read.keys.reserveCapacity(count)
            read.dates.reserveCapacity(count)
            read.entries.reserveCapacity(count)
            for (position, leftOut) in outline.leftOut[start..<start + count].enumerated() {
                guard leftOut.node == first + position,
                      let entry = try? Self.entry(at: leftOut.bytes.lowerBound, position: position, in: buffer) else { return nil }
                read.keys.append(entry.key)
                read.dates.append(entry.expires ?? .distantFuture)
                read.entries.append(leftOut.bytes)
            }
            return read
        }
        guard let read else { return nil }
        keys = read.keys
        expirationDates = read.dates
        values = .inFile(bytes: bytes, entries: read.entries, file: file)
    }

    /// The depth of an entry in a cache file.
    private static var entryDepth: Int { 2 }

    /// The entry at index `position` of the file's entries, which starts at `offset` of `buffer`.
    private static func entry(at offset: Int, position: Int, in buffer: UnsafeRawBufferPointer) throws -> StoredEntry<Key, Value> {
        let tape = try JSONTape(parsingValueAt: offset, depth: entryDepth, in: buffer)
        if let repeated = tape.repeatedKey { throw tape.error(for: repeated) }
        return try TapeDecoder.decode(StoredEntry<Key, Value>.self, at: 0, of: tape,
                                      path: [MemberKey(EnvelopeKey.entries.stringValue), IndexKey(position)])
    }
}

/// A cache file's envelope read from an outline (see ``StoredEntries``): its format and version checked as a whole
/// read checks them, and the node of its entries.
private struct EnvelopeOutline<Key: Hashable & Sendable & Codable, Value: Sendable & Codable>: Decodable {
    /// The node of the `entries` array in the outline.
    let entriesNode: Int

    init(from decoder: any Decoder) throws {
        let container = try CacheEnvelope<Key, Value>.checkedContainer(decoder)
        guard let entries = try container.superDecoder(forKey: .entries) as? TapeDecoder, let node = entries.node else {
            throw DecodingError.keyNotFound(EnvelopeKey.entries, .init(codingPath: [], debugDescription: "No entries."))
        }
        _ = try entries.unkeyedContainer()
        entriesNode = node
    }
}

extension Cache where Key: Codable, Value: Codable {
    /// Every entry of a cache file's bytes as stored (expired ones too, a repeated key each time), each value decoded
    /// when asked for (see ``StoredEntries``); `file` only names the source in errors. Throws what
    /// ``entriesWithExpiration(in:file:deferring:)`` throws for the same bytes.
    package static func storedEntriesInTurn(in data: Data, file: URL?) throws(CacheError) -> StoredEntries<Key, Value> {
        if let inFile = StoredEntries<Key, Value>(inFile: UnicodeDetection.utf8(data), file: file) { return inFile }
        // A file this could not read: reading it whole throws its exact error (or, should it read, gives its entries).
        return StoredEntries(decoded: try storedEntries(in: data, file: file))
    }
}
