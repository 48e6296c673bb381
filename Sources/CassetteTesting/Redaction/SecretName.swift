/// How redaction compares and prints the names of secrets.
enum SecretName {
    /// `name` lowercased without `-` and `_`, so that `access_token`, `accessToken` and `Access-Token` are one name.
    static func normalized(_ name: some StringProtocol) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars where scalar != "-" && scalar != "_" {
            result.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return result
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
