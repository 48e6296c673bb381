import Foundation

/// Decodes `Decodable` values from JSON with the conventions of the cache file format: dates as ISO-8601 strings,
/// `Data` as base64, `URL`s and `Decimal`s as `JSONDecoder` reads them.
///
/// It reads a ``JSONTape`` parsed in one pass, so no value is looked at twice, a type that decodes any JSON asks
/// the value's kind instead of trying kinds (``JSONKindReporting``), and coding paths are only worked out for errors.
/// The errors are `DecodingError`s with the coding path and description `JSONDecoder` would give.
package final class TapeDecoder: Decoder, JSONKindReporting {
    let document: TapeDocument
    /// The node this decoder reads, or `nil` for a missing value (a `superDecoder` for an absent key: it reads as null).
    let node: Int?
    private let parent: TapeDecoder?
    private let key: (any CodingKey)?

    init(document: TapeDocument, node: Int?, parent: TapeDecoder?, key: (any CodingKey)?) {
        self.document = document
        self.node = node
        self.parent = parent
        self.key = key
    }

    /// Decodes a `T` from the JSON `data`: the reader of cache files, shared with the package's other JSON reading
    /// (a cassette body checked for the form it will have in a file must be read as the file will be).
    ///
    /// Like `JSONDecoder`, it reads UTF-8 with or without a byte order mark, and UTF-16 or UTF-32 (converted first).
    /// Unlike it, an object that repeats a key is an error (data corrupted, at the repeated member), wherever it is in
    /// the document: readers disagree on which of the values counts, so a reviewer could read one and a replay use
    /// another.
    ///
    /// With `deferring`, a value may leave itself undecoded (see ``deferredValue(_:)``), which keeps the bytes;
    /// `file` names them in the errors of their decoding.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data, deferring: Bool = false, file: URL? = nil) throws -> T {
        let utf8 = UnicodeDetection.utf8(data)
        return try utf8.withUnsafeBytes { bytes in
            let tape: JSONTape
            do {
                tape = try JSONTape(parsing: bytes)
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON.",
                                                        underlyingError: error))
            }
            if let repeated = tape.repeatedKey { throw tape.error(for: repeated) }
            // The tape points into `bytes`, valid only in this closure: values are copied out of it, and the
            // document is closed on the way out, so a decoder a Decodable type kept reads nothing afterwards.
            let document = TapeDocument(tape, deferral: deferring ? (utf8, file) : nil)
            defer { document.close() }
            return try TapeDecoder(document: document, node: 0, parent: nil, key: nil).value(T.self, at: 0, key: nil)
        }
    }

    /// Decodes a `T` from the node at `node` of `tape`, a value at `path` of its document: its errors name that path
    /// from the document's root (`path` is worked out only for an error). The tape's bytes are only read during the call.
    static func decode<T: Decodable>(_ type: T.Type, at node: Int, of tape: JSONTape,
                                     path: @autoclosure () -> [any CodingKey]) throws -> T {
        let document = TapeDocument(tape)
        defer { document.close() }
        do {
            return try TapeDecoder(document: document, node: node, parent: nil, key: nil).value(T.self, at: node, key: nil)
        } catch let error as DecodingError {
            throw error.prefixed(by: path())
        }
    }

    package var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var current: TapeDecoder? = self
        while let decoder = current, let key = decoder.key {
            path.append(key)
            current = decoder.parent
        }
        return path.reversed()
    }

    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package var jsonKind: JSONKind {
        node.map { document.kind(of: $0) } ?? .null
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let node = try present([String: Any].self, at: node, key: nil, container: "keyed")
        guard case .object(let count, _) = document.nodes[node] else { throw mismatch([String: Any].self, at: node, key: nil) }
        // Like JSONDecoder, every key must be readable text, whether or not it is asked for.
        guard document.keysAreValid(in: node, count: count) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "A key is not valid UTF-8 or holds an unpaired surrogate."))
        }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: node, count: count))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let node = try present([Any].self, at: node, key: nil, container: "unkeyed")
        guard case .array(let count, _) = document.nodes[node] else { throw mismatch([Any].self, at: node, key: nil) }
        return TapeUnkeyedContainer(decoder: self, array: node, count: count)
    }

    /// Calls `body` with the name of each member of the object this decoder reads and a decoder of its value, in
    /// order: a `[String: T]` read member by member, with no keyed container (`JSONValue` reads objects so, in code
    /// made for its own type). A key that is not valid text is the error `JSONDecoder` gives.
    package func forEachMember(_ body: (_ name: String, _ value: TapeDecoder) throws -> Void) throws {
        let node = try present([String: Any].self, at: node, key: nil, container: "keyed")
        guard case .object(let count, _) = document.nodes[node] else { throw mismatch([String: Any].self, at: node, key: nil) }
        let tape = document.tape
        try document.forEachMember(of: node, count: count) { keyNode, valueNode in
            guard let name = tape.string(at: keyNode) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                        debugDescription: "A key is not valid UTF-8 or holds an unpaired surrogate."))
            }
            try body(name, TapeDecoder(document: document, node: valueNode, parent: self, key: MemberKey(name)))
        }
    }

    /// Calls `body` with a decoder of each element of the array this decoder reads, in order, with no unkeyed
    /// container (see ``forEachMember(_:)``).
    package func forEachElement(_ body: (_ element: TapeDecoder) throws -> Void) throws {
        let node = try present([Any].self, at: node, key: nil, container: "unkeyed")
        guard case .array(let count, _) = document.nodes[node] else { throw mismatch([Any].self, at: node, key: nil) }
        let tape = document.tape
        var element = node + 1
        for index in 0..<count {
            try body(TapeDecoder(document: document, node: element, parent: self, key: IndexKey(index)))
            element = tape.next(after: element)
        }
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: - Values

    /// Decodes a `T` from `node`, a child under `key` (or this decoder's own node when `key` is `nil`).
    ///
    /// Strings, numbers, booleans and the special types are read straight from the tape; anything else gets a
    /// decoder of its own.
    func value<T: Decodable>(_ type: T.Type, at node: Int?, key: (any CodingKey)?) throws -> T {
        if T.self == String.self { return try cast(string(at: node, key: key)) }
        if T.self == Int.self { return try cast(integer(Int.self, at: node, key: key)) }
        if T.self == Bool.self { return try cast(bool(at: node, key: key)) }
        if T.self == Double.self { return try cast(double(at: node, key: key)) }
        if T.self == Date.self { return try cast(date(at: node, key: key)) }
        if T.self == Data.self { return try cast(data(at: node, key: key)) }
        if T.self == URL.self { return try cast(url(at: node, key: key)) }
        if T.self == Decimal.self { return try cast(decimal(at: node, key: key)) }
        // A dictionary is one pointer wide: a wider type is none, without a conformance lookup (1,000 instructions).
        if MemoryLayout<T>.size == MemoryLayout<[String: Int]>.size, let dictionary = T.self as? any StringKeyedDictionary.Type {
            return try cast(dictionary.init(members: self, at: node, key: key))
        }
        let decoder = key.map { TapeDecoder(document: document, node: node, parent: self, key: $0) } ?? self
        return try T(from: decoder)
    }

    private func cast<T, Value>(_ value: Value) throws -> T {
        guard let typed = value as? T else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: "Internal type mix-up."))
        }
        return typed
    }

    func string(at node: Int?, key: (any CodingKey)?) throws -> String {
        let index = try present(String.self, at: node, key: key)
        guard let string = document.tape.string(at: index) else {
            if case .string = document.kind(of: index) {
                throw corrupted("The string is not valid UTF-8 or holds an unpaired surrogate.", key: key)
            }
            throw mismatch(String.self, at: index, key: key)
        }
        return string
    }

    func bool(at node: Int?, key: (any CodingKey)?) throws -> Bool {
        let index = try present(Bool.self, at: node, key: key)
        guard case .bool(let value) = document.nodes[index] else { throw mismatch(Bool.self, at: index, key: key) }
        return value
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type, at node: Int?, key: (any CodingKey)?) throws -> T {
        let index = try present(T.self, at: node, key: key)
        guard let value = document.tape.integer(at: index, as: T.self) else {
            guard let text = document.tape.numberText(at: index) else { throw mismatch(T.self, at: index, key: key) }
            throw corrupted("Parsed JSON number <\(Self.shortened(text))> does not fit in \(T.self).", key: key)
        }
        return value
    }

    func double(at node: Int?, key: (any CodingKey)?) throws -> Double {
        try floatingPoint(Double.self, at: node, key: key)
    }

    func float(at node: Int?, key: (any CodingKey)?) throws -> Float {
        try floatingPoint(Float.self, at: node, key: key)
    }

    /// A number as the nearest `T`; one too large for `T`, or too small to be anything but zero, is an error, as
    /// in `JSONDecoder`.
    private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type, at node: Int?,
                                                                                 key: (any CodingKey)?) throws -> T {
        let index = try present(T.self, at: node, key: key)
        guard let text = document.tape.numberText(at: index) else { throw mismatch(T.self, at: index, key: key) }
        guard let value = T(text), value.isFinite,
              !value.isZero || !JSONTape.hasNonZeroDigit(beforeExponentIn: text) else {
            throw corrupted("Parsed JSON number <\(Self.shortened(text))> does not fit in \(T.self).", key: key)
        }
        return value
    }

    private func date(at node: Int?, key: (any CodingKey)?) throws -> Date {
        let text = try string(at: try present(Date.self, at: node, key: key), key: key)
        guard let date = TimestampParsing.date(text) ?? (try? Date.ISO8601FormatStyle().parse(text)) else {
            throw corrupted("Expected date string to be ISO8601-formatted.", key: key)
        }
        return date
    }

    private func data(at node: Int?, key: (any CodingKey)?) throws -> Data {
        let index = try present(Data.self, at: node, key: key)
        guard let data = document.tape.base64Data(at: index) else {
            if case .string = document.kind(of: index) { throw corrupted("Encountered Data is not valid Base64.", key: key) }
            throw mismatch(String.self, at: index, key: key)
        }
        return data
    }

    private func url(at node: Int?, key: (any CodingKey)?) throws -> URL {
        let text = try string(at: try present(URL.self, at: node, key: key), key: key)
        guard let url = URL(string: text) else { throw corrupted("Invalid URL string.", key: key) }
        return url
    }

    private func decimal(at node: Int?, key: (any CodingKey)?) throws -> Decimal {
        let index = try present(Decimal.self, at: node, key: key)
        guard let text = document.tape.numberText(at: index) else { throw mismatch(Decimal.self, at: index, key: key) }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw corrupted("Parsed JSON number <\(Self.shortened(text))> does not fit in Decimal.", key: key)
        }
        return value
    }

    // MARK: - Errors

    /// A number's text for a message: whole up to 40 characters, else its start and its length (a document may
    /// hold a number of any length).
    private static func shortened(_ text: String) -> String {
        guard text.utf8.count > 40 else { return text }
        return "\(text.prefix(24))… (\(text.utf8.count) characters)"
    }

    /// `node`, when it holds a value (not null, not missing); else the error `JSONDecoder` gives. `container` names
    /// the kind of container asked for, if one was.
    private func present<T>(_ type: T.Type, at node: Int?, key: (any CodingKey)?, container: String? = nil) throws -> Int {
        guard document.isOpen else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(appending: key),
                                                    debugDescription: "A decoder was used after decoding ended; read every value in init(from:)."))
        }
        guard let node, document.kind(of: node) != .null else {
            let description = container.map { "Cannot get \($0) decoding container -- found null value instead" }
                ?? "Cannot get value of type \(T.self) -- found null value instead"
            throw DecodingError.valueNotFound(T.self, .init(codingPath: path(appending: key), debugDescription: description))
        }
        return node
    }

    func mismatch<T>(_ type: T.Type, at node: Int?, key: (any CodingKey)?) -> DecodingError {
        let found = node.map { document.kind(of: $0).description } ?? "nothing"
        return .typeMismatch(T.self, .init(codingPath: path(appending: key),
                                           debugDescription: "Expected to decode \(T.self) but found \(found) instead."))
    }

    private func corrupted(_ description: String, key: (any CodingKey)?) -> DecodingError {
        .dataCorrupted(.init(codingPath: path(appending: key), debugDescription: description))
    }

    func path(appending key: (any CodingKey)?) -> [any CodingKey] {
        key.map { codingPath + [$0] } ?? codingPath
    }
}

extension DecodingError {
    /// The error with `path` before its coding path: for an error met decoding the value at `path`.
    fileprivate func prefixed(by path: [any CodingKey]) -> DecodingError {
        func prefixed(_ context: Context) -> Context {
            Context(codingPath: path + context.codingPath, debugDescription: context.debugDescription, underlyingError: context.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, prefixed(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, prefixed(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, prefixed(context))
        case .dataCorrupted(let context): return .dataCorrupted(prefixed(context))
        @unknown default: return self
        }
    }
}

/// A dictionary keyed by strings, which ``TapeDecoder`` fills member by member in one pass, with no keyed container,
/// no key objects and no lookups (what `Dictionary`'s own `init(from:)` would need).
private protocol StringKeyedDictionary {
    init(members decoder: TapeDecoder, at node: Int?, key: (any CodingKey)?) throws
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    fileprivate init(members decoder: TapeDecoder, at node: Int?, key: (any CodingKey)?) throws {
        guard let node, case .object(let count, _) = decoder.document.nodes[node] else {
            throw decoder.mismatch([String: Value].self, at: node, key: key)
        }
        // String values (header fields) are read straight from the tape, in code made for them; a member that is
        // not text takes the general path, which throws its error.
        if Value.self == String.self, let strings = decoder.document.stringMembers(of: node, count: count) {
            // `Value` is `String` here: the cast changes no bits.
            self = unsafeBitCast(strings, to: Self.self)
            return
        }
        let parent = key.map { TapeDecoder(document: decoder.document, node: node, parent: decoder, key: $0) } ?? decoder
        self.init(minimumCapacity: count)
        try parent.forEachMember { name, member in self[name] = try member.value(Value.self, at: member.node, key: nil) }
    }
}

/// An object member's name in a coding path.
struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension JSONKind: CustomStringConvertible {
    package var description: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        case .integer, .number: "number"
        }
    }
}
