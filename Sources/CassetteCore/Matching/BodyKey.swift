import Foundation

/// The keys ``RequestMatcher/body`` gives bodies, by their kind.
enum BodyKey {
    /// The key ``RequestMatcher/body`` gave a recorded body, and the `Content-Type` it was given under.
    struct Known: Sendable {
        let contentType: String?
        let key: String
    }

    /// Recorded bodies up to this size keep their key once worked out (see ``ReplayIndex``).
    static let largestKnown = 64 << 10

    static func key(for request: RecordedRequest, ignoringJSONKeyPaths paths: [[String]]) -> String {
        guard let body = request.body else { return "" }
        let contentType = request.header("Content-Type")
        if paths.isEmpty, let known = body.matchKey, known.contentType == contentType { return known.key }
        let type = ContentType(contentType)
        if let boundary = type?.multipartBoundary, let multipart = MultipartBody(body.data, boundary: boundary) {
            return "multipart:" + multipartKey(multipart, of: body.data)
        }
        if type?.isForm == true, let text = String(data: body.data, encoding: .utf8) {
            return "form:" + URLParts.sortedByName(text.split(separator: "&", omittingEmptySubsequences: true)).joined(separator: "&")
        }
        // One parse at most: a body read from a cassette as JSON, or parsed by redaction, already has its value.
        if let json = body.jsonValue {
            return "json:" + (paths.isEmpty ? json : json.removing(paths)).canonicalText
        }
        return "bytes:" + body.data.base64EncodedString()
    }

    /// Each part's headers and content, without the boundary that separates them.
    private static func multipartKey(_ multipart: MultipartBody, of data: Data) -> String {
        multipart.parts.map { part in
            let headers = part.headers.map { "\($0.name.lowercased()):\($0.value)" }.joined(separator: "\n")
            let content = part.content(in: data)
            return headers + "\n\n" + content.base64EncodedString()
        }.joined(separator: "\n--\n")
    }
}

extension JSONValue {
    /// The value without the members at `paths`, dot-separated key paths with `*` and `**` as
    /// ``RequestMatcher/body(ignoringJSONKeyPaths:)`` takes them (`cassette diff --ignore-json`).
    package func removing(keyPaths paths: [String]) -> JSONValue {
        removing(Self.split(keyPaths: paths))
    }

    /// Dot-separated key paths, split.
    static func split(keyPaths paths: [String]) -> [[String]] {
        paths.map { $0.split(separator: ".").map(String.init) }
    }

    /// The value without the members at `paths` (dot-separated key paths split, with `*` and `**`).
    func removing(_ paths: [[String]]) -> JSONValue {
        paths.reduce(self) { $0.removing($1[...]) }
    }

    private func removing(_ path: ArraySlice<String>) -> JSONValue {
        guard let head = path.first else { return self }
        switch self {
        case .array(let elements):
            return .array(elements.map { $0.removing(path) })
        case .object(var members):
            let rest = path.dropFirst()
            switch head {
            case "**":
                var result = rest.isEmpty ? JSONValue.object(members) : JSONValue.object(members).removing(rest)
                if case .object(let kept) = result {
                    result = .object(kept.mapValues { $0.removing(path) })
                }
                return result
            case "*":
                if rest.isEmpty { return .object([:]) }
                return .object(members.mapValues { $0.removing(rest) })
            default:
                guard let member = members[head] else { return self }
                if rest.isEmpty {
                    members.removeValue(forKey: head)
                } else {
                    members[head] = member.removing(rest)
                }
                return .object(members)
            }
        case .null, .bool, .integer, .number, .string:
            return self
        }
    }
}
