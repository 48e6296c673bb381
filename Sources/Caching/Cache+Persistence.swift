import Foundation

extension Cache where Key: Codable, Value: Codable {
    /// The exact bytes ``save(to:)`` writes: pretty-printed JSON with sorted keys, ISO-8601 dates, a trailing newline.
    public func encoded() throws(CacheError) -> Data {
        try Self.encoded(CacheFileContents(entries: liveEntries()))
    }

    /// The bytes of a cache file holding `entries`, which never expire, without building the cache: exactly what
    /// ``save(to:)`` writes for a cache into which they were inserted in this order (a repeated key keeps its first
    /// place and its last value).
    public static func encoded(entries: [(key: Key, value: Value)]) throws(CacheError) -> Data {
        try encoded(CacheFileContents(entries: deduplicated(entries.map { ($0.key, $0.value, .distantFuture) })))
    }

    /// Writes a cache file holding `entries`, each with its own expiration date (`.distantFuture` for none), to `url`
    /// atomically, without building the cache; a repeated key keeps its first place and its last value. A `url` that
    /// is a symbolic link is written through: the file it leads to gets the new contents and the link stays.
    package static func save(expiringEntries entries: [(key: Key, value: Value, expirationDate: Date)], to url: URL) throws(CacheError) {
        try AtomicFile.write(try encoded(CacheFileContents(entries: deduplicated(entries))), to: url)
    }

    /// `entries` with each repeated key in its first place, holding its last value and date, as inserting them gives.
    private static func deduplicated(_ entries: [(key: Key, value: Value, expirationDate: Date)]) -> [(key: Key, value: Value, expirationDate: Date)] {
        // A closure, not `\.key`: in generic code a key path is built at run time on every call (about 7 µs). One
        // entry repeats nothing: no set is built for it (in generic code, about 12,000 instructions).
        guard entries.count > 1, let places = keptPlaces(of: entries.lazy.map { $0.key }) else { return entries }
        return places.map { entries[$0] }
    }

    /// Writes a cache file holding `entries` to `url` atomically, without building the cache: see ``encoded(entries:)``.
    /// A `url` that is a symbolic link is written through, as ``save(to:)`` does.
    public static func save(entries: [(key: Key, value: Value)], to url: URL) throws(CacheError) {
        try AtomicFile.write(try encoded(entries: entries), to: url)
    }

    private static func encoded(_ contents: CacheFileContents<Key, Value>) throws(CacheError) -> Data {
        do {
            var data = try Self.encoder.encode(contents)
            data.append(UInt8(ascii: "\n"))
            return data
        } catch let error as EncodingError {
            var path: [String] = []
            if case .invalidValue(_, let context) = error {
                path = context.codingPath.map(CodingPathText.component)
            }
            throw CacheError(.encodingFailed, codingPath: path, reason: "A key or value could not be encoded: \(error).")
        } catch {
            throw CacheError(.encodingFailed, reason: "A key or value could not be encoded: \(error).")
        }
    }

    /// Creates a cache from the bytes of a cache file; `file` only names the source in errors.
    ///
    /// Throws a ``CacheError`` naming the file and the coding path for empty, truncated or non-JSON data, another
    /// format, a newer version, or a malformed entry. Never returns a half-filled cache.
    public convenience init(data: Data, file: URL? = nil,
                            dateProvider: @escaping @Sendable () -> Date = Date.init,
                            entryLifetime: TimeInterval = .infinity,
                            maximumEntryCount: Int = .max) throws(CacheError) {
        self.init(dateProvider: dateProvider, entryLifetime: entryLifetime, maximumEntryCount: maximumEntryCount)
        insertAll(try Self.storedEntries(in: data, file: file))
    }

    /// Creates a cache from the file at `url`.
    public convenience init(contentsOf url: URL,
                            dateProvider: @escaping @Sendable () -> Date = Date.init,
                            entryLifetime: TimeInterval = .infinity,
                            maximumEntryCount: Int = .max) throws(CacheError) {
        try self.init(data: try FileContents.read(url), file: url, dateProvider: dateProvider, entryLifetime: entryLifetime,
                      maximumEntryCount: maximumEntryCount)
    }

    /// The entries a cache loaded from the file at `url` would hold, in insertion order, without building the cache
    /// (no NSCache, no recency order): expired entries dropped, a repeated key in its first place with its last value.
    /// Throws the same errors as ``init(contentsOf:dateProvider:entryLifetime:maximumEntryCount:)``.
    public static func entries(contentsOf url: URL, now: Date = Date()) throws(CacheError) -> [(key: Key, value: Value)] {
        try entries(in: try FileContents.read(url), file: url, now: now)
    }

    /// The entries of a cache file's bytes, exactly as ``entries(contentsOf:now:)`` reads them from the file;
    /// `file` only names the source in errors.
    package static func entries(in data: Data, file: URL?, now: Date = Date()) throws(CacheError) -> [(key: Key, value: Value)] {
        let stored = try storedEntries(in: data, file: file)
        return deduplicated(stored.filter { $0.expirationDate > now }).map { (key: $0.key, value: $0.value) }
    }

    /// Every entry of a cache file's bytes with its expiration date, the expired ones too (a tool that must tell
    /// them apart from live ones reads this); a repeated key keeps its first place and its last value and date.
    ///
    /// With `deferring`, a value type may leave members undecoded (see ``DeferredValue``): their errors surface
    /// when they are decoded, as ``CacheError/init(decoding:file:)`` gives them.
    package static func entriesWithExpiration(in data: Data, file: URL?,
                                              deferring: Bool = false) throws(CacheError) -> [(key: Key, value: Value, expirationDate: Date)] {
        deduplicated(try storedEntries(in: data, file: file, deferring: deferring))
    }

    /// Every entry of a cache file's bytes, as stored, its format and version checked first.
    static func storedEntries(in data: Data, file: URL?,
                                      deferring: Bool = false) throws(CacheError) -> [(key: Key, value: Value, expirationDate: Date)] {
        do {
            return try TapeDecoder.decode(CacheEnvelope<Key, Value>.self, from: data, deferring: deferring, file: file).entries
        } catch let mismatch as CacheFormatMismatch {
            switch mismatch {
            case .format(let format):
                throw CacheError(.unknownFormat, file: file, codingPath: ["format"],
                                 reason: "The file's format is not \"\(Self.formatIdentifier)\" (\(format.count) characters, not shown).")
            case .version(let version):
                throw CacheError(.unsupportedVersion, file: file, codingPath: ["version"],
                                 reason: "The file is version \(version) of the format; this code reads versions 1 to \(Self.formatVersion). Read it with a newer version of the package that wrote it.")
            }
        } catch {
            throw CacheError(decoding: error, file: file)
        }
    }

    /// Writes the cache to `url` atomically, creating parent folders as needed; a symbolic link is written through
    /// (the file it leads to gets the new contents, the link stays).
    public func save(to url: URL) throws(CacheError) {
        try AtomicFile.write(try encoded(), to: url)
    }

    /// Saves the cache as `<name>.cache` in the user's caches directory (the article's API).
    public func saveToDisk(withName name: String, using fileManager: FileManager = .default) throws(CacheError) {
        try save(to: Self.diskURL(forName: name, using: fileManager))
    }

    /// Loads the cache saved by ``saveToDisk(withName:using:)``.
    public static func loadFromDisk(withName name: String, using fileManager: FileManager = .default,
                                    dateProvider: @escaping @Sendable () -> Date = Date.init) throws(CacheError) -> Cache {
        try Cache(contentsOf: diskURL(forName: name, using: fileManager), dateProvider: dateProvider)
    }

    private static func diskURL(forName name: String, using fileManager: FileManager) throws(CacheError) -> URL {
        guard let folder = fileManager.urls(for: .cachesDirectory, in: .userDomainMask).first else {
            throw CacheError(.writeFailed, reason: "This system has no caches directory for the current user.")
        }
        return folder.appendingPathComponent(name + ".cache")
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    /// A `JSONDecoder` with the cache file's conventions (ISO-8601 dates). Files are read by ``TapeDecoder``; this is
    /// what it is held to in tests, and what decodes a `Cache` through its `Codable` conformance.
    static var cacheDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// Which of the entries with `keys` (in file order) reading the file keeps, and in what order: a repeated key keeps
/// its first place and takes its last entry, as inserting the entries one by one does. Each is an index into `keys`;
/// `nil` when no key repeats, so every entry is kept where it stands.
func keptPlaces<Key: Hashable>(of keys: some Collection<Key>) -> [Int]? {
    if Set(keys).count == keys.count { return nil }
    var firstPlaces: [Key: Int] = [:]
    var places: [Int] = []
    places.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() {
        if let kept = firstPlaces[key] { places[kept] = index } else {
            firstPlaces[key] = places.count
            places.append(index)
        }
    }
    return places
}
