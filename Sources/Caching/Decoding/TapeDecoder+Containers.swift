import Foundation

extension TapeDecoder: SingleValueDecodingContainer {
    package func decodeNil() -> Bool { jsonKind == .null }
    package func decode(_ type: Bool.Type) throws -> Bool { try bool(at: node, key: nil) }
    package func decode(_ type: String.Type) throws -> String { try string(at: node, key: nil) }
    package func decode(_ type: Double.Type) throws -> Double { try double(at: node, key: nil) }
    package func decode(_ type: Float.Type) throws -> Float { try float(at: node, key: nil) }
    package func decode(_ type: Int.Type) throws -> Int { try integer(type, at: node, key: nil) }
    package func decode(_ type: Int8.Type) throws -> Int8 { try integer(type, at: node, key: nil) }
    package func decode(_ type: Int16.Type) throws -> Int16 { try integer(type, at: node, key: nil) }
    package func decode(_ type: Int32.Type) throws -> Int32 { try integer(type, at: node, key: nil) }
    package func decode(_ type: Int64.Type) throws -> Int64 { try integer(type, at: node, key: nil) }
    package func decode(_ type: UInt.Type) throws -> UInt { try integer(type, at: node, key: nil) }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type, at: node, key: nil) }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type, at: node, key: nil) }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type, at: node, key: nil) }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type, at: node, key: nil) }
    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(type, at: node, key: nil) }
}

/// The members of one JSON object, looked up by key.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    let object: Int
    let count: Int

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        // The keys are all different: a document that repeats a key is rejected before decoding.
        var keys: [Key] = []
        keys.reserveCapacity(count)
        decoder.document.forEachMember(of: object, count: count) { key, _ in
            if let name = decoder.document.tape.string(at: key), let key = Key(stringValue: name) {
                keys.append(key)
            }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    private func member(_ key: Key) -> Int? {
        decoder.document.member(key.stringValue, in: object, count: count)
    }

    /// The member's value node, or the error `JSONDecoder` gives for a missing key.
    private func required(_ key: Key) throws -> Int {
        guard let node = member(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                       debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.document.kind(of: try required(key)) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(at: try required(key), key: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.string(at: try required(key), key: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.double(at: try required(key), key: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.float(at: try required(key), key: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.integer(type, at: try required(key), key: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(type, at: try required(key), key: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(type, at: try required(key), key: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(type, at: try required(key), key: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.integer(type, at: try required(key), key: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.integer(type, at: try required(key), key: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(type, at: try required(key), key: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(type, at: try required(key), key: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(type, at: try required(key), key: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.integer(type, at: try required(key), key: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.value(type, at: try required(key), key: key)
    }

    // One lookup each, where the protocol's default would look the key up three times.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let node = member(key), decoder.document.kind(of: node) != .null else { return nil }
        return try decoder.string(at: node, key: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = member(key), decoder.document.kind(of: node) != .null else { return nil }
        return try decoder.value(type, at: node, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(try required(key), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(try required(key), key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        child(member(SuperKey.super), SuperKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        child(member(key), key)
    }

    private func member(_ key: SuperKey) -> Int? {
        decoder.document.member(key.stringValue, in: object, count: count)
    }

    private func child(_ node: Int?, _ key: any CodingKey) -> TapeDecoder {
        TapeDecoder(document: decoder.document, node: node, parent: decoder, key: key)
    }
}

/// The elements of one JSON array, read in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    let array: Int
    let count: Int?
    private(set) var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var next: Int

    init(decoder: TapeDecoder, array: Int, count: Int) {
        self.decoder = decoder
        self.array = array
        self.count = count
        next = array + 1
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    /// Reads the next element with `read` and moves past it only if that succeeded, as `JSONDecoder` does (so a
    /// failed attempt can be retried as another type); at the end, the error `JSONDecoder` gives.
    private mutating func next<T>(_ type: T.Type, _ read: (_ decoder: TapeDecoder, _ node: Int, _ key: IndexKey) throws -> T) throws -> T {
        guard !isAtEnd else { throw atEnd(T.self) }
        let value = try read(decoder, next, IndexKey(currentIndex))
        next = decoder.document.tape.next(after: next)
        currentIndex += 1
        return value
    }

    private func atEnd<T>(_ type: T.Type) -> DecodingError {
        .valueNotFound(T.self, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
    }

    /// Whether the next element is null, moving past it only if it is.
    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw atEnd(Never?.self) }
        guard decoder.document.kind(of: next) == .null else { return false }
        next += 1
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.bool(at: $1, key: $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.string(at: $1, key: $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.double(at: $1, key: $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.float(at: $1, key: $2) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.integer(type, at: $1, key: $2) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type) { try $0.value(type, at: $1, key: $2) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try Self.child(of: $0, $1, $2).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try Self.child(of: $0, $1, $2).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { Self.child(of: $0, $1, $2) }
    }

    private static func child(of decoder: TapeDecoder, _ node: Int, _ key: IndexKey) -> TapeDecoder {
        TapeDecoder(document: decoder.document, node: node, parent: decoder, key: key)
    }
}

/// An array position in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// The key `superDecoder()` reads, as `JSONDecoder` names it.
private enum SuperKey: String, CodingKey {
    case `super`
}
