/// A set of normalized secret names (see ``SecretName``) that tells whether a name written in a request is one
/// of them straight from its bytes: no string is made for it, on the path every replayed request takes.
struct SecretNameSet: Sendable {
    /// The names, normalized.
    let names: Set<String>
    /// The ASCII names as bytes, by their first byte.
    private let startingWith: [[[UInt8]]]

    init(_ names: Set<String>) {
        self.names = names
        var startingWith = [[[UInt8]]](repeating: [], count: 128)
        for name in names {
            let bytes = Array(name.utf8)
            if let first = bytes.first, bytes.allSatisfy({ $0 < 0x80 }) { startingWith[Int(first)].append(bytes) }
        }
        self.startingWith = startingWith
    }

    var isEmpty: Bool { names.isEmpty }

    /// Whether `name`, once normalized, is in the set.
    func contains(_ name: some StringProtocol) -> Bool {
        guard !names.isEmpty else { return false }
        var ascii = true
        let found: Bool? = name.utf8.withContiguousStorageIfAvailable { bytes in
            ascii = bytes.allSatisfy { $0 < 0x80 }
            return ascii ? contains(ascii: bytes) : false
        }
        if let found, ascii { return found }
        return names.contains(SecretName.normalized(name))
    }

    /// Whether the name written as `bytes` (UTF-8), once normalized, is in the set.
    func contains(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !names.isEmpty else { return false }
        if bytes.allSatisfy({ $0 < 0x80 }) { return contains(ascii: bytes) }
        return names.contains(SecretName.normalized(String(decoding: bytes, as: UTF8.self)))
    }

    /// Whether the ASCII name `bytes` is in the set, ignoring case, `-` and `_`.
    private func contains(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first(where: { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") }) else {
            return names.contains("")
        }
        for candidate in startingWith[Int(SecretName.lowered(first))] where Self.matches(candidate, bytes) { return true }
        return false
    }

    /// Whether `bytes`, lowercased and without `-` and `_`, are exactly `name`.
    private static func matches(_ name: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var matched = 0
        for byte in bytes where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
            guard matched < name.count, SecretName.lowered(byte) == name[matched] else { return false }
            matched += 1
        }
        return matched == name.count
    }
}
