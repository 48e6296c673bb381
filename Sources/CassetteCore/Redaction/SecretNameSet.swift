/// A set of normalized secret names (see ``SecretName``) that tells whether a name written in a request is one
/// of them straight from its bytes: no string is made for it, on the path every replayed request takes.
///
/// A name counts when, ignoring case, `-` and `_`, it is in the set; when a segment of a bracketed name is
/// (`user[password]`, `auth[token][value]`, `token[0]`: Rails, PHP and Alamofire's form encoder write nested values
/// so, and a value nested under a secret's name is one, as in JSON); when
/// it ends in a word the set holds that names what it ends (`newPassword`, `current_password`, `api_secret`; see
/// ``SecretName/impliedEndings``), or is a password's confirmation (`password_confirmation`); and, for a set made with
/// `xPrefixed` names, when it is one of those after `X-` (`X-Client-Secret`).
struct SecretNameSet: Sendable {
    /// The names, normalized.
    let names: Set<String>
    /// The ASCII names as bytes, by their first byte.
    private let startingWith: [[[UInt8]]]
    /// The endings that count (`password`, `passwd` when the set has `password`; `secret` when it has `secret`).
    private let endings: [[UInt8]]
    /// Whether `password_confirmation` and its like count: when the set has `password`.
    private let readsConfirmations: Bool
    /// The names that count after `X-` too: no set, or one (an array, for a value type that holds its own kind).
    private let xPrefixed: [SecretNameSet]

    /// The set of `names` (normalized); `xPrefixed` (normalized) count after `X-` or `x_` too.
    init(_ names: Set<String>, xPrefixed: Set<String> = []) {
        self.names = names
        var startingWith = [[[UInt8]]](repeating: [], count: 128)
        for name in names {
            let bytes = Array(name.utf8)
            if let first = bytes.first, bytes.allSatisfy({ $0 < 0x80 }) { startingWith[Int(first)].append(bytes) }
        }
        self.startingWith = startingWith
        endings = SecretName.impliedEndings.filter { names.contains($0.word) }.flatMap(\.endings).map { Array($0.utf8) }
        readsConfirmations = names.contains("password")
        self.xPrefixed = xPrefixed.isEmpty ? [] : [SecretNameSet(xPrefixed)]
    }

    var isEmpty: Bool { names.isEmpty }

    /// Whether `name` counts (see the type's documentation).
    func contains(_ name: some StringProtocol) -> Bool {
        guard !names.isEmpty else { return false }
        if let found = name.utf8.withContiguousStorageIfAvailable({ contains(bytes: $0) }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { contains(bytes: $0) }
    }

    /// Whether the name written as `bytes` (UTF-8) counts, as ``contains(_:)`` tells.
    func contains(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !names.isEmpty else { return false }
        if bytes.allSatisfy({ $0 < 0x80 }) {
            // The headers and query items of every replayed request are asked: an ASCII name is read from its bytes.
            if contains(ascii: bytes) || saysSecret(ascii: bytes) || containsAfterX(bytes) { return true }
            guard bytes.last == UInt8(ascii: "]") else { return false }
        }
        return containsImplied(String(decoding: bytes, as: UTF8.self))
    }

    /// ``contains(_:)`` for a bracketed name (any of its segments, as a JSON value held under a secret's name is
    /// one), or one that is not ASCII.
    private func containsImplied(_ name: String) -> Bool {
        (SecretName.bracketed(name) ?? [name[...]]).contains { candidate in
            let normalized = SecretName.normalized(candidate)
            if names.contains(normalized) { return true }
            return Array(normalized.utf8).withUnsafeBufferPointer { saysSecret(ascii: $0) }
        }
    }

    /// Whether the name `bytes` ends in one of ``endings``, or is a password's confirmation.
    private func saysSecret(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        endings.contains { SecretName.ends(bytes, with: $0) }
            || (readsConfirmations && Self.confirmations.contains { Self.matches($0, bytes) })
    }

    private static let confirmations = SecretName.passwordConfirmations.map { Array($0.utf8) }

    /// Whether the name `bytes` is `X-` or `x_` and a name of ``xPrefixed``.
    private func containsAfterX(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let set = xPrefixed.first, bytes.count > 2, bytes[0].asciiLowercased == UInt8(ascii: "x"),
              bytes[1] == UInt8(ascii: "-") || bytes[1] == UInt8(ascii: "_") else { return false }
        return set.contains(bytes: UnsafeBufferPointer(rebasing: bytes[2...]))
    }

    /// Whether the ASCII name `bytes` is in the set, ignoring case, `-` and `_`.
    private func contains(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first(where: { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") }) else {
            return names.contains("")
        }
        for candidate in startingWith[Int(first.asciiLowercased)] where Self.matches(candidate, bytes) { return true }
        return false
    }

    /// Whether `bytes`, lowercased and without `-` and `_`, are exactly `name`.
    private static func matches(_ name: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var matched = 0
        for byte in bytes where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
            guard matched < name.count, byte.asciiLowercased == name[matched] else { return false }
            matched += 1
        }
        return matched == name.count
    }
}
