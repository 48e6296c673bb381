/// The media type and parameters of a `Content-Type` header, e.g. `multipart/form-data; boundary=xyz`.
struct ContentType: Sendable, Equatable {
    /// The media type, lowercased: `multipart/form-data`.
    let mediaType: String
    /// The parameters, names lowercased, values unquoted.
    let parameters: [String: String]

    init?(_ header: String?) {
        guard let header else { return nil }
        let pieces = header.split(separator: ";", omittingEmptySubsequences: true)
        guard let first = pieces.first else { return nil }
        mediaType = first.trimmingSpaces.lowercased()
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingSpaces.lowercased()
            var value = piece[piece.index(after: equals)...].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            parameters[name] = String(value)
        }
        self.parameters = parameters
    }

    /// Whether the body is `application/x-www-form-urlencoded`.
    var isForm: Bool { mediaType == "application/x-www-form-urlencoded" }

    /// The boundary of a `multipart/...` body.
    var multipartBoundary: String? {
        guard mediaType.hasPrefix("multipart/"), let boundary = parameters["boundary"], !boundary.isEmpty else { return nil }
        return boundary
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: SubSequence {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
