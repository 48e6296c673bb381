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
                    buffer[count] = byte.isASCIIUppercase ? byte + 32 : byte
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

    static func lowered(_ byte: UInt8) -> UInt8 {
        byte.isASCIIUppercase ? byte + 32 : byte
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
