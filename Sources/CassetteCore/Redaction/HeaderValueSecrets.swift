import Foundation

/// Where the secrets stand inside a header value that a rule names.
enum HeaderValueSecrets {
    /// One secret inside a header value, and where it stands there.
    typealias Found = (range: Range<String.Index>?, found: Redaction.Found)

    /// Cookie attributes, which are not cookies.
    private static let cookieAttributes: Set<String> = [
        "expires", "max-age", "domain", "path", "secure", "httponly", "samesite", "priority", "partitioned",
        "version", "comment", "commenturl", "discard", "port",
    ]

    /// The secrets in `value` of the header `name` (lowercased), in order, each with the rule that found it and its
    /// text range (`nil` for a value that stands nowhere in the text, such as the password inside a Basic credential).
    static func find(in value: String, header name: String) -> [Found] {
        switch name {
        case "cookie", "set-cookie":
            return cookies(in: value, separators: name == "cookie" ? [";"] : [";", ","])
        case "authorization", "proxy-authorization":
            return credential(in: value, header: name)
        default:
            return [(value.startIndex..<value.endIndex, Redaction.Found(origin: .header(name), value: value))]
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
                    found.append((valueRange, Redaction.Found(origin: .cookie(String(cookieName)), value: String(header[valueRange]))))
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
            return [(value.startIndex..<value.endIndex, Redaction.Found(origin: .header(name), value: value))]
        }
        let credential = value[value.index(after: space)...].trimmingSpaces
        guard !credential.isEmpty else { return [] }
        let found: Found = (credential.startIndex..<credential.endIndex, Redaction.Found(origin: .header(name), value: String(credential)))
        if value[..<space].lowercased() == "basic", let decoded = Data(base64Encoded: String(credential)),
           let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":") {
            let password = String(pair[pair.index(after: colon)...])
            if !password.isEmpty { return [found, (nil, Redaction.Found(origin: .credentialPassword(in: name), value: password))] }
        }
        return [found]
    }
}
