import Foundation

/// Where the secrets stand inside a header value that a rule names.
enum HeaderValueSecrets {
    /// One secret inside a header value: its text range (`nil` for a value that stands nowhere in the text, such as
    /// the password inside a Basic credential), its value and the rule that found it.
    struct Found {
        let range: Range<String.Index>?
        let value: String
        let origin: SecretOrigin
    }

    /// Cookie attributes, which are not cookies.
    private static let cookieAttributes: Set<String> = [
        "expires", "max-age", "domain", "path", "secure", "httponly", "samesite", "priority", "partitioned",
        "version", "comment", "commenturl", "discard", "port",
    ]

    /// The secrets in `value` of the header `name` (lowercased), in order.
    static func find(in value: String, header name: String) -> [Found] {
        switch name {
        case "cookie", "set-cookie":
            return cookies(in: value, separators: name == "cookie" ? [";"] : [";", ","])
        case "authorization", "proxy-authorization":
            return credential(in: value, header: name)
        default:
            return [Found(range: value.startIndex..<value.endIndex, value: value, origin: .header(name))]
        }
    }

    /// Each `name=value` cookie's value (attributes skipped).
    private static func cookies(in header: String, separators: Set<Character>) -> [Found] {
        var found: [Found] = []
        var segmentStart = header.startIndex
        var index = header.startIndex
        while segmentStart < header.endIndex {
            index = header[segmentStart...].firstIndex(where: separators.contains) ?? header.endIndex
            let segment = header[segmentStart..<index]
            if let equals = segment.firstIndex(of: "=") {
                let cookieName = segment[..<equals].trimmingSpaces
                var valueRange = segment.index(after: equals)..<segment.endIndex
                let trimmed = header[valueRange].trimmingSpaces
                valueRange = trimmed.startIndex..<trimmed.endIndex
                if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
                    valueRange = header.index(after: trimmed.startIndex)..<header.index(before: trimmed.endIndex)
                }
                if !cookieName.isEmpty, !cookieAttributes.contains(cookieName.lowercased()), !valueRange.isEmpty {
                    found.append(Found(range: valueRange, value: String(header[valueRange]), origin: .cookie(String(cookieName))))
                }
            }
            segmentStart = index < header.endIndex ? header.index(after: index) : index
        }
        return found
    }

    /// The credential after the scheme (`Bearer <credential>`), or the whole value without a scheme; for Basic,
    /// the password inside the credential too.
    private static func credential(in value: String, header name: String) -> [Found] {
        guard let space = value.firstIndex(of: " ") else {
            return [Found(range: value.startIndex..<value.endIndex, value: value, origin: .header(name))]
        }
        let credential = value[value.index(after: space)...].trimmingSpaces
        guard !credential.isEmpty else { return [] }
        let found = Found(range: credential.startIndex..<credential.endIndex, value: String(credential), origin: .header(name))
        if value[..<space].lowercased() == "basic", let decoded = Data(base64Encoded: String(credential)),
           let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":") {
            let password = String(pair[pair.index(after: colon)...])
            if !password.isEmpty { return [found, Found(range: nil, value: password, origin: .credentialPassword(in: name))] }
        }
        return [found]
    }
}
