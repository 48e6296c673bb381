import Foundation

/// What a cassette must never store, and what to write in its place.
///
/// Redaction happens before anything is written to disk and before any request is matched, so a secret reaches
/// neither a cassette file nor an error message, and replay still matches requests whose secret changed.
///
/// ```swift
/// let token = ProcessInfo.processInfo.environment["API_TOKEN"] ?? "test-token"
/// let redaction = Redaction.default
///     .redactingHeaders("X-Session")
///     .redactingQueryItems("signature")
///     .redactingJSONKeyPaths("user.password")
///     .redactingSecret(token, as: "<API_TOKEN>")
/// ```
///
/// A literal secret is replaced wherever it appears: URL, headers, and request and response bodies. On replay the
/// placeholder is turned back into the secret the test supplied, so the code under test sees the bytes it saw live.
public struct Redaction: Sendable {
    /// The text written in place of a redacted header or query value.
    public var placeholder: String
    /// Header names whose values are replaced (compared ignoring case).
    public private(set) var headerNames: Set<String>
    /// Query item names whose values are replaced (compared ignoring case).
    public private(set) var queryItemNames: Set<String>
    /// Dot-separated key paths into JSON bodies (request and response) whose values are replaced, e.g. `user.password`.
    public private(set) var jsonKeyPaths: [String]
    /// Literal secret values and the placeholder each becomes.
    public private(set) var secrets: [Secret]

    /// A literal secret and the placeholder that stands for it in cassettes.
    public struct Secret: Sendable, Hashable {
        /// The secret itself; never written to disk.
        public let value: String
        /// What the cassette holds instead, e.g. `<API_TOKEN>`.
        public let placeholder: String
    }

    /// Creates a set of rules.
    public init(placeholder: String = "<REDACTED>", headerNames: Set<String> = [], queryItemNames: Set<String> = [],
                jsonKeyPaths: [String] = [], secrets: [Secret] = []) {
        self.placeholder = placeholder
        self.headerNames = Set(headerNames.map { $0.lowercased() })
        self.queryItemNames = Set(queryItemNames.map { $0.lowercased() })
        self.jsonKeyPaths = jsonKeyPaths
        self.secrets = secrets
    }

    /// The rules used unless a call names its own: the `Authorization`, `Proxy-Authorization`, `Cookie`,
    /// `Set-Cookie` and `X-Api-Key` headers and the `api_key`, `apikey`, `token`, `access_token` and
    /// `password` query items.
    public static let `default` = Redaction(
        headerNames: ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"],
        queryItemNames: ["api_key", "apikey", "token", "access_token", "password"])

    /// No redaction at all.
    public static let none = Redaction()

    /// These rules plus more header names.
    public func redactingHeaders(_ names: String...) -> Redaction {
        var copy = self
        copy.headerNames.formUnion(names.map { $0.lowercased() })
        return copy
    }

    /// These rules plus more query item names.
    public func redactingQueryItems(_ names: String...) -> Redaction {
        var copy = self
        copy.queryItemNames.formUnion(names.map { $0.lowercased() })
        return copy
    }

    /// These rules plus more JSON key paths (dot-separated object keys, e.g. `credentials.password`).
    public func redactingJSONKeyPaths(_ paths: String...) -> Redaction {
        var copy = self
        copy.jsonKeyPaths.append(contentsOf: paths)
        return copy
    }

    /// These rules plus a literal secret, replaced by `placeholder` everywhere it appears. An empty value is ignored.
    public func redactingSecret(_ value: String, as placeholder: String) -> Redaction {
        var copy = self
        if !value.isEmpty { copy.secrets.append(Secret(value: value, placeholder: placeholder)) }
        return copy
    }
}
