import Caching
import Foundation

/// The names under which a credential is likely (see ``SecretShape/highEntropy``), and the values there that look
/// like one.
enum AuthLikeName {
    /// How surely a name says a credential stands there.
    enum Place {
        /// `token`, `secret`, `passw`, `signature`, `credential`, or ending in `key`: any random-looking value.
        case credential
        /// `auth` or `session`, which also name references to things (`"authorization": "iauth_1J…"`): a
        /// random-looking value that is not an object id (`vs_1Jx…`).
        case related
    }

    /// Parts of a name (ignoring case, `-` and `_`) that say a credential stands there.
    private static let credentialWords = scan(["token", "secret", "passw", "signature", "credential"])
    private static let relatedWords = scan(["auth", "session"])
    /// `author` (but `authorization`) and `authenticator` hold `auth` and name no credential.
    private static let authorWords = scan(["author", "authenticat"])
    private static let authorization = scan(["authoriz"])
    /// Parts that say the opposite: a public or publishable key, an idempotency key, a page or resume token, what was
    /// read from a token, a hash of one, and the keys of caches, storage objects (S3), partitions, routes, files,
    /// images, lookups and stack outputs (CloudFormation's `OutputKey`).
    private static let otherWords = scan(["public", "publishable", "idempotency", "next", "page", "paginat", "cursor",
                                          "continuation", "resume", "clientrequest", "from", "hash", "cache", "object",
                                          "partition", "routing", "dedup", "file", "image", "sort", "lookup", "s3",
                                          "output"])

    private static func scan(_ words: [String]) -> KeyNameScan {
        KeyNameScan(words.map { Array($0.utf8) })
    }

    /// What `name` (as written) says of its value, `nil` when it names no credential. Looked at for every header of
    /// every replayed request, so read from its bytes.
    static func place(_ name: some StringProtocol) -> Place? {
        if let found = name.utf8.withContiguousStorageIfAvailable({ place(bytes: UnsafeRawBufferPointer($0)) }) {
            return found
        }
        return Array(name.utf8).withUnsafeBytes(place)
    }

    /// What the name written as `bytes` (UTF-8) says of its value.
    static func place(bytes: UnsafeRawBufferPointer) -> Place? {
        // Names are short; a long one, or one with spaces or line breaks, is text read as a form, not a name.
        // Most names hold none of the words: one pass tells.
        guard bytes.count <= 128, anyName.mayOccur(in: bytes),
              !bytes.contains(where: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            return nil
        }
        guard !otherWords.mayOccur(in: bytes), !referenceSuffixes.contains(where: { SecretName.ends(bytes, with: $0) }) else { return nil }
        // `key` alone names ordinary data (storage object keys, issue keys); `apiKey`, `signingKey` do not.
        if (SecretName.ends(bytes, with: key) && bytes.count > 3) || credentialWords.mayOccur(in: bytes) { return .credential }
        guard relatedWords.mayOccur(in: bytes) else { return nil }
        if authorWords.mayOccur(in: bytes), !authorization.mayOccur(in: bytes) { return nil }
        return .related
    }

    private static let key = Array("key".utf8)
    /// Endings of names that refer to a credential rather than hold one: `SecretId`, `tokenIds`, `secretArn`,
    /// `tokenName`, `signatureType`, `tokenUrl`.
    private static let referenceSuffixes = ["id", "ids", "arn", "name", "type", "url", "uri"].map { Array($0.utf8) }

    /// Finds whether a body or a query may hold such a name at all: one that holds none is not parsed for one.
    static let anyName = scan(["token", "secret", "passw", "signature", "credential", "key", "auth", "session", "code", "sig"])

    /// The value under a name of `place` as a credential, when it looks like one: a scheme (`Bearer …`) is skipped.
    static func credential(in value: some StringProtocol, at place: Place) -> Substring? {
        let value = Substring(value)
        let start = value.utf8.lastIndex(of: UInt8(ascii: " ")).map { value.utf8.index(after: $0) } ?? value.startIndex
        let credential = value[start...]
        guard looksRandom(credential) else { return nil }
        return place == .related && isObjectID(credential) ? nil : credential
    }

    /// Whether `value` is a prefixed object id, a few lowercase letters, `_` (and `test_` or `live_`) and letters and
    /// digits (`vs_1Jx…`, `iauth_1K…`, `cs_test_a1…`), as Stripe and others name their objects.
    private static func isObjectID(_ value: Substring) -> Bool {
        guard let underscore = value.utf8.firstIndex(of: UInt8(ascii: "_")) else { return false }
        let prefix = value.utf8[..<underscore]
        var rest = Substring(value.utf8[value.utf8.index(after: underscore)...])
        for mode in ["test_", "live_"] where rest.hasPrefix(mode) { rest = rest.dropFirst(mode.utf8.count) }
        return (2...8).contains(prefix.count) && prefix.allSatisfy(\.isASCIILowercase) && rest.utf8.allSatisfy(\.isASCIIAlphanumeric)
    }

    /// Whether `value` is long and varied enough to be a generated credential: 20 to 4,096 characters of letters,
    /// digits and `+/=_-.~` not starting with `/`, 3 bits of entropy a character or more, no UUID, and either a run of 16 or more letters
    /// and digits that mixes both (hexadecimal and alphanumeric tokens) or all of lowercase, uppercase and digits with
    /// at most one separator in eight characters (base64 tokens). Words, paths, versions and identifiers have
    /// neither look.
    static func looksRandom(_ value: Substring) -> Bool {
        let bytes = value.utf8
        // A path (`/2010-04-01/Accounts/AC…/Calls.json`) is a reference, not a credential.
        guard (20...4_096).contains(bytes.count), bytes.first != UInt8(ascii: "/") else { return false }
        var counts = [Int](repeating: 0, count: 128)
        var run = 0, runHasLetter = false, runHasDigit = false, mixedRun = false
        var lower = false, upper = false, digit = false, separators = 0
        for byte in bytes {
            if byte.isASCIIAlphanumeric {
                if run == 0 { (runHasLetter, runHasDigit) = (false, false) }
                run += 1
                if byte.isASCIIDigit {
                    runHasDigit = true
                    digit = true
                } else {
                    runHasLetter = true
                    if byte.isASCIIUppercase { upper = true } else { lower = true }
                }
                if run >= 16, runHasLetter, runHasDigit { mixedRun = true }
            } else {
                switch byte {
                case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "_"), UInt8(ascii: "-"),
                     UInt8(ascii: "."), UInt8(ascii: "~"):
                    run = 0
                    // Padding ends base64; it separates nothing.
                    if byte != UInt8(ascii: "=") { separators += 1 }
                default:
                    return false
                }
            }
            counts[Int(byte)] += 1
        }
        let base64Like = lower && upper && digit && separators * 8 <= bytes.count
        guard mixedRun || base64Like, !isUUID(bytes) else { return false }
        return entropy(counts, total: bytes.count) >= 3
    }

    /// Shannon entropy in bits per character of characters counted `counts` out of `total`.
    private static func entropy(_ counts: [Int], total: Int) -> Double {
        let length = Double(total)
        return counts.reduce(0) { sum, count in
            guard count > 0 else { return sum }
            let share = Double(count) / length
            return sum - share * log2(share)
        }
    }

    /// Whether the bytes are a UUID, `8-4-4-4-12` hexadecimal digits.
    private static func isUUID(_ bytes: Substring.UTF8View) -> Bool {
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            let dash = offset == 8 || offset == 13 || offset == 18 || offset == 23
            guard dash ? byte == UInt8(ascii: "-") : JSONStringEscapes.hexDigit(byte) != nil else { return false }
        }
        return true
    }
}
