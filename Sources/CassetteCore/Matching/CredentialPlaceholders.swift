import Foundation

/// Where a cassette's recordings hold the placeholder of a challenge credential's password in their URLs (httpbin's
/// `/basic-auth/user/passwd`), so that a live request holding it there is redacted, and matched, as recorded.
///
/// On replay no challenge comes before matching, so the password is read from the live URL: where a recording's URL
/// has the placeholder as a path segment or query value, and all else is the same, the live URL's value there.
struct CredentialPlaceholders: Sendable {
    /// A recorded URL's parts; `nil` where the placeholder stands.
    private struct Template: Sendable {
        let scheme: String?
        let host: String?
        let port: Int?
        let segments: [String?]
        let query: [(name: String, value: String?)]?
    }

    private let templates: [Template]
    /// The recordings' URLs, when some hold the placeholder: a live URL that is one of them as it stands was recorded
    /// so, and its values are no password (a wrong credential sent to `/basic-auth/user/passwd`).
    private let recorded: Set<String>

    /// For recordings whose request URLs are `urls`, with placeholders made from `stem` (see ``Redaction/placeholder``).
    init(urls: [String], stem: String) {
        let name = SecretOrigin.credentialPassword(in: "authorization").placeholderName
        let placeholder = InteractionSecret.named(stem, name)
        // The name is spelled as it is in a URL (letters and `-`): one byte search per recording at open.
        templates = urls.filter { $0.containsBytes(of: name) && FormFields.decode($0[...], plusIsSpace: false).containsBytes(of: placeholder) }.compactMap { url in
            guard let parts = URLComponents(string: url) else { return nil }
            let standsFor: (String) -> Bool = { FormFields.decode($0[...], plusIsSpace: false) == placeholder }
            return Template(scheme: parts.scheme, host: parts.host, port: parts.port,
                            segments: parts.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map {
                                standsFor(String($0)) ? nil : String($0)
                            },
                            query: parts.percentEncodedQueryItems?.map { item in
                                (item.name, item.value.flatMap { standsFor($0) ? nil : $0 })
                            })
        }
        recorded = templates.isEmpty ? [] : Set(urls)
    }

    /// The values `url` holds where a recording's URL, otherwise the same, holds the placeholder; none when a
    /// recording's URL is `url` itself.
    func passwords(in url: URL?) -> [String] {
        guard !templates.isEmpty, let url, !recorded.contains(url.absoluteString), let parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return [] }
        let segments = parts.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let query = parts.percentEncodedQueryItems
        var found: [String] = []
        for template in templates where template.scheme == parts.scheme && template.host == parts.host && template.port == parts.port
            && template.segments.count == segments.count && template.query?.count == query?.count {
            var values: [String] = []
            let pathFits = zip(template.segments, segments).allSatisfy { recorded, live in
                guard let recorded else { values.append(live); return true }
                return recorded == live
            }
            let queryFits = zip(template.query ?? [], query ?? []).allSatisfy { recorded, live in
                guard recorded.name == live.name else { return false }
                guard let value = recorded.value else { values.append(live.value ?? ""); return true }
                return value == live.value
            }
            guard pathFits && queryFits else { continue }
            for value in values.map({ FormFields.decode($0[...], plusIsSpace: false) }) where !value.isEmpty && !found.contains(value) {
                found.append(value)
            }
        }
        return found
    }
}
