import Foundation

extension Redaction {
    /// The request with every secret replaced by its placeholder.
    func redact(_ request: RecordedRequest) -> RecordedRequest {
        var request = request
        request.url = redact(url: request.url)
        request.headers = redact(headers: request.headers)
        request.body = request.body.map(redact(body:))
        return request
    }

    /// The response with every secret replaced by its placeholder.
    func redact(_ response: RecordedResponse) -> RecordedResponse {
        var response = response
        response.url = redact(url: response.url)
        response.headers = redact(headers: response.headers)
        response.body = response.body.map(redact(body:))
        return response
    }

    /// Any text (an error message, say) with literal secrets replaced.
    func redact(text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1.value, with: $1.placeholder) }
    }

    /// The response as replay hands it back: placeholders of literal secrets turned back into the secrets.
    func restore(_ response: RecordedResponse) -> RecordedResponse {
        guard !secrets.isEmpty else { return response }
        var response = response
        response.headers = response.headers.mapValues { value in
            secrets.reduce(value) { $0.replacingOccurrences(of: $1.placeholder, with: $1.value) }
        }
        if let body = response.body {
            let restored = secrets.reduce(body.data) {
                $0.replacingOccurrences(of: Data($1.placeholder.utf8), with: Data($1.value.utf8))
            }
            if restored != body.data { response.body = Body(restored) }
        }
        return response
    }

    private func redact(url: String) -> String {
        var url = url
        for secret in secrets {
            // In a URL the placeholder is percent-encoded, so the stored URL stays a valid URL.
            let placeholder = secret.placeholder.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? secret.placeholder
            url = url.replacingOccurrences(of: secret.value, with: placeholder)
            if let encoded = secret.value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed), encoded != secret.value {
                url = url.replacingOccurrences(of: encoded, with: placeholder)
            }
        }
        guard !queryItemNames.isEmpty, url.utf8.contains(UInt8(ascii: "?")) else { return url }
        let parts = URLParts(url)
        guard let query = parts.query,
              parts.queryItems.contains(where: { queryItemNames.contains($0.queryItemName.lowercased()) }) else {
            return url
        }
        let encoded = placeholder.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? placeholder
        let items = parts.queryItems.map { item -> String in
            let name = item.queryItemName
            return queryItemNames.contains(name.lowercased()) ? "\(name)=\(encoded)" : String(item)
        }
        return url.replacingCharacters(in: query.startIndex..<query.endIndex, with: items.joined(separator: "&"))
    }

    private func redact(headers: [String: String]) -> [String: String] {
        guard !headers.isEmpty else { return headers }
        var redacted = headers
        for (name, value) in headers {
            redacted[name] = headerNames.contains(name.lowercased()) ? placeholder : redact(text: value)
        }
        return redacted
    }

    private func redact(body: Body) -> Body {
        let literal = secrets.reduce(body.data) {
            $0.replacingOccurrences(of: Data($1.value.utf8), with: Data($1.placeholder.utf8))
        }
        var result = literal == body.data ? body : Body(literal)
        guard !jsonKeyPaths.isEmpty else { return result }
        let layout: JSONLayout
        let value: JSONValue
        if case .json(let parsed, let parsedLayout) = result.form {
            (value, layout) = (parsed, parsedLayout)
        } else if let parsed = JSONValue(parsing: result.data) {
            (value, layout) = (parsed, JSONLayout(guessingFrom: result.data))
        } else {
            return result
        }
        var redacted = value
        for path in jsonKeyPaths {
            redacted = redacted.replacing(path: path.split(separator: ".").map(String.init)[...], with: .string(placeholder))
        }
        if redacted != value { result = Body(json: redacted, layout: layout) }
        return result
    }
}

extension JSONValue {
    /// The value with the member at `path` (object keys; arrays apply the rest of the path to every element) replaced.
    func replacing(path: ArraySlice<String>, with replacement: JSONValue) -> JSONValue {
        guard let head = path.first else { return replacement }
        switch self {
        case .object(var members):
            guard let member = members[head] else { return self }
            members[head] = member.replacing(path: path.dropFirst(), with: replacement)
            return .object(members)
        case .array(let elements):
            return .array(elements.map { $0.replacing(path: path, with: replacement) })
        default:
            return self
        }
    }
}

extension CharacterSet {
    /// Characters that may stand unescaped in a query item's value.
    static let urlQueryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))
}

extension Data {
    /// The data with every occurrence of `target` replaced by `replacement`.
    func replacingOccurrences(of target: Data, with replacement: Data) -> Data {
        guard !target.isEmpty, count >= target.count else { return self }
        var result = Data()
        var searchStart = startIndex
        while let found = self[searchStart...].firstRange(of: target) {
            result.append(self[searchStart..<found.lowerBound])
            result.append(replacement)
            searchStart = found.upperBound
        }
        guard searchStart != startIndex else { return self }
        result.append(self[searchStart...])
        return result
    }
}
