/// How redaction compares and prints the names of secrets.
enum SecretName {
    /// `name` lowercased without `-` and `_`, so that `access_token`, `accessToken` and `Access-Token` are one name.
    static func normalized(_ name: some StringProtocol) -> String {
        // Names are nearly always ASCII: lowercase them byte by byte.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(name.utf8.count)
            for byte in name.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                bytes.append(byte.isASCIIUppercase ? byte + 32 : byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var result = ""
        result.unicodeScalars.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars where scalar != "-" && scalar != "_" {
            result.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return result
    }

    /// Whether the normalized `name` occurs in `bytes` ignoring ASCII case, `-` and `_` (`accesstoken` occurs in
    /// `"Access_Token"`), by bytes, without decoding anything.
    static func occurs(_ name: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = name.first, bytes.count >= name.count else { return false }
        var start = 0
        while start < bytes.count {
            guard lowered(bytes[start]) == first else {
                start += 1
                continue
            }
            var matched = 1
            var position = start + 1
            while matched < name.count, position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                    position += 1
                } else if lowered(byte) == name[matched] {
                    matched += 1
                    position += 1
                } else {
                    break
                }
            }
            if matched == name.count { return true }
            start += 1
        }
        return false
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
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
