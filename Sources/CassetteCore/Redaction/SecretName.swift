/// How redaction compares and prints the names of secrets.
enum SecretName {
    /// `name` lowercased without `-` and `_`, so that `access_token`, `accessToken` and `Access-Token` are one name.
    static func normalized(_ name: some StringProtocol) -> String {
        // Names are nearly always ASCII: lowercase them byte by byte, into a string made once (held inline, with no
        // allocation, up to 15 bytes).
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: name.utf8.count) { buffer in
                var count = 0
                for byte in name.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                    buffer[count] = byte.asciiLowercased
                    count += 1
                }
                return count
            }
        }
        var result = ""
        result.unicodeScalars.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars where scalar != "-" && scalar != "_" {
            result.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return result
    }

    /// The words a name may end in and still name what the word names (`newPassword`, `api_secret`), each with the
    /// name that brings it into a set of names (see ``SecretNameSet``).
    static let impliedEndings: [(word: String, endings: [String])] = [
        ("password", ["password", "passwd"]), ("secret", ["secret"]),
    ]

    /// `password` and a word for its confirmation (Rails' `password_confirmation`, `passwordConfirm`, …): a password.
    static let passwordConfirmations = ["passwordconfirmation", "passwordconfirm", "passwordrepeat", "passwordagain"]

    /// The names a bracketed form name nests its value under: the non-empty segments of `user[password]`,
    /// `auth[token][value]` and `token[0]` (Rails, PHP and Alamofire's `URLEncodedFormEncoder` write nested values
    /// so), outermost first; `nil` for a name with no brackets.
    static func bracketed(_ name: some StringProtocol) -> [Substring]? {
        let name = Substring(name)
        guard name.utf8.last == UInt8(ascii: "]"), name.utf8.contains(UInt8(ascii: "[")) else { return nil }
        return name.split(whereSeparator: { $0 == "[" || $0 == "]" })
    }

    /// Whether the name written as `bytes` ends with `suffix` (lowercase, no `-` or `_`), ignoring case, `-` and `_`.
    static func ends(_ bytes: some BidirectionalCollection<UInt8>, with suffix: [UInt8]) -> Bool {
        var matched = 0
        for byte in bytes.reversed() where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
            guard byte.asciiLowercased == suffix[suffix.count - 1 - matched] else { return false }
            matched += 1
            if matched == suffix.count { return true }
        }
        return false
    }

    /// `name` reduced to characters that are safe unescaped in URLs, headers, cookies and JSON strings
    /// (`A-Z a-z 0-9 - . _`), for the placeholders the code under test may see and send back.
    static func urlSafe(_ name: some StringProtocol) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "-", ".", "_": result.unicodeScalars.append(scalar)
            default: result.append("_")
            }
        }
        return result.isEmpty ? "value" : result
    }
}
