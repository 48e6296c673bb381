import Foundation

extension RecordedRequest {
    /// The value of the header named `name`, ignoring the case of header names.
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.value(caseInsensitiveKey: name)
    }

    /// The URL as ``RequestMatcher/url`` compares it: scheme and host lowercased, user information and fragment
    /// dropped, query items sorted by name (items with the same name keep their order).
    public var canonicalURL: String {
        URLMatchKey.of(url)
    }

    /// The URL's query items in their order, names and values percent-decoded.
    public var queryItems: [URLQueryItem] {
        guard let query = URLParts(url).query else { return [] }
        return FormFields(query, plusIsSpace: false).fields.map { URLQueryItem(name: $0.name, value: $0.value) }
    }

    /// The body as JSON, or `nil` when it is not JSON.
    public var jsonBody: JSONValue? {
        body?.jsonValue
    }

    /// The fields of an `application/x-www-form-urlencoded` body, or the text fields of a `multipart/form-data` one,
    /// in their order; `nil` for other bodies.
    public var formFields: [URLQueryItem]? {
        guard let body, let type = ContentType(header("Content-Type")) else { return nil }
        if type.isForm, let text = String(data: body.data, encoding: .utf8) {
            return FormFields(text[...], plusIsSpace: true).fields.map { URLQueryItem(name: $0.name, value: $0.value) }
        }
        guard let boundary = type.multipartBoundary, let multipart = MultipartBody(body.data, boundary: boundary) else {
            return nil
        }
        let data = body.data
        return multipart.parts.compactMap { part in
            guard !part.isFile, let name = part.fieldName else { return nil }
            let content = part.content(in: data)
            return URLQueryItem(name: name, value: String(data: content, encoding: .utf8))
        }
    }
}

extension Body {
    /// The JSON value of bytes that look like JSON (see ``looksLikeJSON``), parsed at most once: the value the body
    /// was read from a cassette with, or redaction parsed, when there is one.
    var jsonValue: JSONValue? {
        guard looksLikeJSON else { return nil }
        return knownJSON ?? parsedJSON ?? JSONValue(parsing: data)
    }
}

extension RecordedRequest {
    /// The URL's path, as written (`/users/7`), without the query: handy for picking interactions.
    public var path: String {
        String(URLParts(url).path)
    }
}
