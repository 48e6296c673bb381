/// A set of normalized secret names (see ``SecretName``) that tells whether a name written in a request is one
/// of them straight from its bytes: no string is made for it, on the path every replayed request takes.
struct SecretNameSet: Sendable {
    /// The names, normalized.
    let names: Set<String>
    /// The ASCII names as bytes, by their first byte.
    private let startingWith: [[[UInt8]]]

    /// Whether names that say password count too (see ``SecretName/isPasswordLike(normalized:)``): when the set has
    /// `password`.
    private let readsPasswordLike: Bool

    init(_ names: Set<String>) {
        self.names = names
        readsPasswordLike = names.contains("password")
        var startingWith = [[[UInt8]]](repeating: [], count: 128)
        for name in names {
            let bytes = Array(name.utf8)
            if let first = bytes.first, bytes.allSatisfy({ $0 < 0x80 }) { startingWith[Int(first)].append(bytes) }
        }
        self.startingWith = startingWith
    }

    var isEmpty: Bool { names.isEmpty }

    /// Whether `name`, once normalized, is in the set; or the last segment of a bracketed name (`user[password]`)
    /// is; or, with `password` in the set, it says password (`newPassword`, see ``SecretName/isPasswordLike(normalized:)``).
    func contains(_ name: some StringProtocol) -> Bool {
        guard !names.isEmpty else { return false }
        if let found = name.utf8.withContiguousStorageIfAvailable({ contains(bytes: $0) }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { contains(bytes: $0) }
    }

    /// Whether the name written as `bytes` (UTF-8) is in the set, as ``contains(_:)`` tells.
    func contains(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !names.isEmpty else { return false }
        if bytes.allSatisfy({ $0 < 0x80 }) {
            // The headers and query items of every replayed request are asked: an ASCII name is read from its bytes.
            if contains(ascii: bytes) || (readsPasswordLike && Self.saysPassword(ascii: bytes)) { return true }
            guard bytes.last == UInt8(ascii: "]") else { return false }
        }
        return containsImplied(String(decoding: bytes, as: UTF8.self))
    }

    /// ``contains(_:)`` for a bracketed name, or one that is not ASCII.
    private func containsImplied(_ name: String) -> Bool {
        let candidate = SecretName.bracketed(name) ?? name[...]
        let normalized = SecretName.normalized(candidate)
        return names.contains(normalized) || (readsPasswordLike && SecretName.isPasswordLike(normalized: normalized))
    }

    private static let passwordEndings = ["password", "passwd"].map { Array($0.utf8) }
    private static let passwordConfirmations = ["passwordconfirmation", "passwordconfirm", "passwordrepeat", "passwordagain"]
        .map { Array($0.utf8) }

    /// ``SecretName/isPasswordLike(normalized:)`` for the ASCII name `bytes`, read from its bytes.
    private static func saysPassword(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        passwordEndings.contains { SecretName.ends(bytes, with: $0) } || passwordConfirmations.contains { matches($0, bytes) }
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
