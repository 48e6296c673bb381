import Foundation

/// Finds repeated keys while a document is parsed, each object as it closes: plain ASCII keys compared as bytes,
/// pairwise in a small object (by length and first eight bytes, no allocation), through a hash set in a larger one.
/// An object with any other key is left for ``JSONTape/earliestRepeatedKey(_:)`` to compare as text.
struct RepeatedKeyFinder {
    /// The keys of the objects still open, innermost last; `nil` for a key with escapes or outside ASCII.
    private var keys: [KeyPrint?] = []
    /// The repeat found so far whose second appearance is earliest.
    private(set) var earliest: JSONTape.RepeatedKey?
    /// Objects with a key that only comparing text can tell apart.
    private(set) var objectsToCompareAsText: [Int] = []

    /// Objects up to this many members compare their keys pairwise.
    private static let pairwiseLimit = 8

    /// Where the keys of an object opening now begin: pass it to ``close(objectAt:keysFrom:in:)``.
    var mark: Int { keys.count }

    /// Takes the key `node`, at index `index`, of the innermost open object.
    mutating func add(_ node: JSONTape.Node, at index: Int, in bytes: UnsafeRawBufferPointer) {
        guard case .string(let start, let end) = node else { keys.append(nil); return }
        keys.append(KeyPrint(node: index, start: start, end: end, in: bytes))
    }

    /// Checks the object at `object`, whose keys were added from `mark` on, and forgets its keys.
    mutating func close(objectAt object: Int, keysFrom mark: Int, in bytes: UnsafeRawBufferPointer) {
        defer { keys.removeSubrange(mark...) }
        guard keys.count - mark > 1 else { return }
        switch keys.count - mark <= Self.pairwiseLimit ? pairwise(from: mark, in: bytes) : hashed(from: mark, in: bytes) {
        case .unique: break
        case .needsText: objectsToCompareAsText.append(object)
        case .repeated(let repeated): if repeated.again < earliest?.again ?? Int.max { earliest = repeated }
        }
    }

    /// What comparing an object's keys as bytes found.
    private enum Outcome {
        /// Every key is plain ASCII, and no two are alike.
        case unique
        /// Two keys are the same.
        case repeated(JSONTape.RepeatedKey)
        /// A key has escapes or is not ASCII: only comparing text can tell.
        case needsText
    }

    /// Compares each key from `mark` on with those before it.
    private func pairwise(from mark: Int, in bytes: UnsafeRawBufferPointer) -> Outcome {
        for position in mark..<keys.count {
            guard let key = keys[position] else { return .needsText }
            for earlier in mark..<position {
                if let other = keys[earlier], other.matches(key, in: bytes) { return .repeated(.init(first: other.node, again: key.node)) }
            }
        }
        return .unique
    }

    /// Looks each key from `mark` on up among those before it.
    private func hashed(from mark: Int, in bytes: UnsafeRawBufferPointer) -> Outcome {
        var seen: [KeyBytes: Int] = [:]
        seen.reserveCapacity(keys.count - mark)
        for position in mark..<keys.count {
            guard let key = keys[position] else { return .needsText }
            let text = KeyBytes(bytes: UnsafeRawBufferPointer(rebasing: bytes[key.start..<key.start + key.count]))
            if let first = seen.updateValue(key.node, forKey: text) { return .repeated(.init(first: first, again: key.node)) }
        }
        return .unique
    }
}

/// A plain ASCII key, summed up for quick comparison: its node, where its bytes are, and its first eight bytes.
private struct KeyPrint {
    /// The key node's index.
    let node: Int
    /// Where the key's bytes start in the document.
    let start: Int
    /// How many bytes the key has.
    let count: Int
    /// The key's first eight bytes (fewer for a shorter key, the rest zero).
    let head: UInt64

    /// The print of the key node at `node`, whose bytes are `start..<end` of `bytes`; `nil` if a byte is outside ASCII.
    init?(node: Int, start: Int, end: Int, in bytes: UnsafeRawBufferPointer) {
        let key = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        var head: UInt64 = 0
        withUnsafeMutableBytes(of: &head) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: key.prefix(8))) }
        guard head & 0x8080_8080_8080_8080 == 0, key.count <= 8 || key.assumingMemoryBound(to: UInt8.self).isASCII else { return nil }
        self.node = node
        self.start = start
        count = key.count
        self.head = head
    }

    /// Whether `other` is the same key, byte for byte; `document` holds both.
    func matches(_ other: KeyPrint, in document: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count, head == other.head else { return false }
        guard count > 8, let base = document.baseAddress else { return true }
        return memcmp(base + start + 8, base + other.start + 8, count - 8) == 0
    }
}

/// A key's bytes, hashed and compared as bytes; valid only while the document is.
private struct KeyBytes: Hashable {
    let bytes: UnsafeRawBufferPointer

    static func == (lhs: KeyBytes, rhs: KeyBytes) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        guard let left = lhs.bytes.baseAddress, let right = rhs.bytes.baseAddress else { return true }
        return memcmp(left, right, lhs.bytes.count) == 0
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: bytes)
    }
}
