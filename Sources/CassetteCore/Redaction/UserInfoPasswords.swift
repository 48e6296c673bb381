import Foundation

/// The user information (`scheme://user:password@host`) of URLs anywhere in a text: a URL's own, and that of URLs
/// held in it percent-encoded (`/redirect?to=https%3A%2F%2Fu%3Apw%40host`), each encoding undone in turn,
/// ``FormFields/nestedQueryDepth`` levels deep. A URL's password is always a secret, wherever the URL stands.
enum UserInfoPasswords {
    /// A user and password, percent-decoded, and the password as the URL wrote it.
    struct Credential: Equatable {
        let user: String
        let password: String
        let writtenPassword: String

        /// What a client sends for it in `Authorization: Basic …` (swift-corelibs-foundation's URLSession does for a
        /// URL with user information, and servers echo it).
        var basic: String { Data("\(user):\(password)".utf8).base64EncodedString() }
    }

    /// Each credential found in `text`, with no repeats.
    static func find(in text: String) -> [Credential] {
        guard mayHoldOne(text) else { return [] }
        var found: [Credential] = []
        var level = text
        for _ in 0...FormFields.nestedQueryDepth {
            for credential in credentials(in: level) where !found.contains(credential) { found.append(credential) }
            guard level.utf8.contains(UInt8(ascii: "%")) else { break }
            let decoded = FormFields.decode(level[...], plusIsSpace: false)
            guard decoded != level else { break }
            level = decoded
        }
        return found
    }

    /// Whether `text` has an `@`, written or percent-encoded: false for almost every URL, at the cost of a `memchr`.
    private static func mayHoldOne(_ text: String) -> Bool {
        text.containsByte(UInt8(ascii: "@")) || text.containsBytes(of: "%40")
    }

    /// The credentials of the URLs written as they are in `text`: after each `://`, the authority (up to `/`, `?`,
    /// `#`, a quote, whitespace or the end) when it holds `user:password@`.
    private static func credentials(in text: String) -> [Credential] {
        let bytes = Array(text.utf8)
        var found: [Credential] = []
        var index = 0
        while index + 3 <= bytes.count {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            let start = index + 3
            var end = start
            while end < bytes.count, !ends(bytes[end]) { end += 1 }
            let authority = bytes[start..<end]
            // `user:password@`, or `user@` (a Basic credential with an empty password all the same).
            if let at = authority.lastIndex(of: UInt8(ascii: "@")), at > start {
                let colon = authority[..<at].firstIndex(of: UInt8(ascii: ":")) ?? at
                let user = String(decoding: authority[..<colon], as: UTF8.self)
                let password = colon < at ? String(decoding: bytes[(colon + 1)..<at], as: UTF8.self) : ""
                found.append(Credential(user: FormFields.decode(user[...], plusIsSpace: false),
                                        password: FormFields.decode(password[...], plusIsSpace: false), writtenPassword: password))
            }
            index = max(end, index + 1)
        }
        return found
    }

    private static func ends(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "&"):
            true
        default:
            false
        }
    }
}
