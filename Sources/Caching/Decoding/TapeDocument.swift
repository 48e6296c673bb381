import Foundation

/// The parsed document shared by every decoder of one decode, with member lookups for large objects made once.
final class TapeDocument {
    /// The document's nodes, read without copying a tape.
    let nodes: JSONTape.Nodes
    /// The document's bytes; none once decoding ended (see ``close()``).
    private var bytes: UnsafeRawBufferPointer
    /// False once decoding ended: the bytes the tape points into are gone.
    private(set) var isOpen = true
    /// For objects of many members: each key's value node, made on first lookup.
    private var memberIndexes: [Int: [String: Int]] = [:]

    /// Objects up to this size are searched member by member; larger ones get a dictionary.
    static let linearSearchLimit = 12

    /// The bytes and file of a document that defers values (see ``TapeDecoder/deferredValue(_:)``), `nil` for one
    /// that does not.
    let deferral: (bytes: Data, file: URL?)?
    /// What deferred values keep of the document, made for the first one.
    private var retainedDocument: RetainedDocument?

    init(_ tape: JSONTape, deferral: (bytes: Data, file: URL?)? = nil) {
        nodes = tape.nodes
        bytes = tape.bytes
        self.deferral = deferral
    }

    /// The document as a tape, for reading strings and numbers: its bytes are none once decoding ended.
    var tape: JSONTape { JSONTape(nodes: nodes, bytes: bytes) }

    /// The document as deferred values keep it, or `nil` when it does not defer.
    func retained() -> RetainedDocument? {
        if let retainedDocument { return retainedDocument }
        guard let deferral else { return nil }
        let retained = RetainedDocument(bytes: deferral.bytes, nodes: nodes, file: deferral.file)
        retainedDocument = retained
        return retained
    }

    /// Ends decoding: the tape lets go of the document's bytes, so nothing can read them any more.
    func close() {
        isOpen = false
        bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        memberIndexes = [:]
    }

    /// Whether every key of the object at `object` is valid text.
    func keysAreValid(in object: Int, count: Int) -> Bool {
        let tape = tape
        var key = object + 1
        for _ in 0..<count {
            if !tape.isValidString(at: key) { return false }
            key = tape.next(after: key + 1)
        }
        return true
    }

    func kind(of index: Int) -> JSONKind {
        switch nodes[index] {
        case .null: .null
        case .bool: .bool
        case .integer: .integer
        case .number: .number
        case .string, .escapedString: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The value node of the member named `name` in the object at `object` (whose keys are all different: a
    /// document that repeats a key is rejected before decoding).
    func member(_ name: String, in object: Int, count: Int) -> Int? {
        let tape = tape
        if count > Self.linearSearchLimit {
            if let index = memberIndexes[object] { return index[name] }
            var index: [String: Int] = [:]
            index.reserveCapacity(count)
            forEachMember(of: object, count: count) { key, value in
                if let key = tape.string(at: key) { index[key] = value }
            }
            memberIndexes[object] = index
            return index[name]
        }
        var utf8 = name
        return utf8.withUTF8 { utf8 in
            var key = object + 1
            for _ in 0..<count {
                if tape.string(at: key, equals: name, utf8: utf8) { return key + 1 }
                key = tape.next(after: key + 1)
            }
            return nil
        }
    }

    /// Calls `body` with the key node and value node of each member of the object at `object`, in order.
    func forEachMember(of object: Int, count: Int, _ body: (_ key: Int, _ value: Int) throws -> Void) rethrows {
        let tape = tape
        var key = object + 1
        for _ in 0..<count {
            try body(key, key + 1)
            key = tape.next(after: key + 1)
        }
    }

    /// The members of the object at `object` as text, or `nil` when a key or value is not a string of valid text.
    func stringMembers(of object: Int, count: Int) -> [String: String]? {
        var members = [String: String](minimumCapacity: count)
        let tape = tape
        var key = object + 1
        for _ in 0..<count {
            guard let name = tape.string(at: key), let value = tape.string(at: key + 1) else { return nil }
            members[name] = value
            key = tape.next(after: key + 1)
        }
        return members
    }
}
