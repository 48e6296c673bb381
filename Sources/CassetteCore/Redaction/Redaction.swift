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
///     .redactingJSONKeyPaths("user.password", "**.ssn")
///     .redactingSecret(token, as: "<API_TOKEN>")
/// ```
///
/// **Secrets of a request.** A value the rules remove from a request (a header, the credential of an
/// `Authorization` header and, for Basic, its password, a cookie, a query item, a form field, a JSON value, a
/// literal secret) is a secret of the whole interaction: it is replaced wherever it appears, in the request and in
/// the response (URLs, headers and bodies, percent-encoded or not), by a placeholder named after where it was found,
/// such as `<REDACTED:authorization>`. On replay each placeholder is turned back into the value the live request
/// carries, so the code under test sees the bytes it saw live.
///
/// **Secrets the server sends.** A value the rules find only in a response (a `Set-Cookie` value, a fresh
/// `access_token` in a JSON body) cannot be restored, because no live request carries it. It becomes a stable
/// placeholder such as `REDACTED_access_token_3` (safe in URLs, headers, cookies and JSON), in that response and in
/// every later interaction of the cassette. While recording the code sees the real value; on replay it sees the
/// placeholder, and a later request that sends it back matches in both. This is the one way replay differs from a
/// live run.
///
/// **Where the rules look.** Besides a message's own headers, URL, form fields and JSON values, the rules read the
/// `headers` objects of JSON bodies (at any depth, as servers echo a request's headers), JSON held in JSON strings,
/// URLs held in query values (four levels deep) and a multipart body whose `Content-Type` names no boundary.
/// `cassette verify` checks a stored cassette by redacting it again: whatever these rules would change is a leak.
///
/// Names compare ignoring case, `-` and `_`: `access_token`, `accessToken` and `Access-Token` are one name.
/// A value shorter than ``minimumSearchedLength`` characters is replaced where the rules found it but not searched
/// for elsewhere: text that short matches too much to hide anything.
public struct Redaction: Sendable, Equatable {
    /// The stem of every placeholder: a secret named `token` becomes `<REDACTED:token>` in the default stem
    /// `<REDACTED>`, and a secret the server sent becomes `REDACTED_token_N`.
    public var placeholder: String
    /// Header names whose values are secrets. `Authorization` and `Proxy-Authorization` keep their scheme
    /// (`Bearer <REDACTED:authorization>`); `Cookie` and `Set-Cookie` keep cookie names and attributes.
    public private(set) var headerNames: Set<String>
    /// Query item names whose values are secrets; they also name the fields of form bodies
    /// (`application/x-www-form-urlencoded` and `multipart/form-data`).
    public private(set) var queryItemNames: Set<String>
    /// Dot-separated key paths into JSON bodies (requests and responses) whose string values are secrets:
    /// `user.password` from the top, `*` for any one key, `**` for any depth (`**.password`). Arrays are
    /// transparent: a path applies to every element.
    public private(set) var jsonKeyPaths: [String]
    /// Literal secret values and the placeholder each becomes; searched for everywhere, whatever their length.
    public private(set) var secrets: [Secret]
    /// The kinds of credential found by what their values look like, wherever they stand (see ``SecretShape``).
    public private(set) var shapes: [SecretShape]

    /// A literal secret and the placeholder that stands for it in cassettes.
    public struct Secret: Sendable, Hashable {
        /// The secret itself; never written to disk.
        public let value: String
        /// What the cassette holds instead, e.g. `<API_TOKEN>`.
        public let placeholder: String
    }

    /// Values shorter than this are replaced only where a rule found them, not searched for across the interaction.
    public static let minimumSearchedLength = 4

    /// Creates a set of rules.
    public init(placeholder: String = "<REDACTED>", headerNames: Set<String> = [], queryItemNames: Set<String> = [],
                jsonKeyPaths: [String] = [], secrets: [Secret] = [], shapes: [SecretShape] = []) {
        self.placeholder = placeholder
        self.headerNames = Set(headerNames.map { $0.lowercased() })
        self.queryItemNames = Set(queryItemNames.map { $0.lowercased() })
        self.jsonKeyPaths = jsonKeyPaths
        self.secrets = secrets
        self.shapes = shapes
        matching = Matching(headerNames: self.headerNames, queryItemNames: self.queryItemNames, jsonKeyPaths: jsonKeyPaths,
                            shapes: shapes)
    }

    /// Header names secret by default: credentials, cookies and the common token headers, among them the API key
    /// headers of Google (`X-Goog-Api-Key`), Azure API Management (`Ocp-Apim-Subscription-Key`) and Functions
    /// (`X-Functions-Key`), GitLab (`Private-Token`) and Vault (`X-Vault-Token`).
    public static let defaultHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
        "x-access-token", "x-refresh-token", "x-session-token", "x-csrf-token", "x-xsrf-token", "x-amz-security-token",
        "x-goog-api-key", "ocp-apim-subscription-key", "x-functions-key", "private-token", "x-vault-token",
    ]

    /// Names secret by default as query items, form fields and JSON keys at any depth: passwords and tokens, OAuth's
    /// `client_assertion`, `code_verifier`, `assertion` and `subject_token`, PEM `private_key` fields (service
    /// account files), and the parts of an AWS presigned URL (`X-Amz-Signature`, `X-Amz-Credential`,
    /// `X-Amz-Security-Token`).
    public static let defaultParameterNames: Set<String> = [
        "password", "passwd", "secret", "client_secret", "token", "access_token", "refresh_token", "id_token",
        "api_key", "apikey", "auth_token", "session_token", "signature", "private_key", "client_assertion",
        "code_verifier", "assertion", "subject_token", "x-amz-signature", "x-amz-credential", "x-amz-security-token",
        "device_code",
    ]

    /// The rules used unless a call names its own: ``defaultHeaderNames`` as headers, ``defaultParameterNames`` as
    /// query items, form fields and JSON keys at any depth, and every built-in shape (``SecretShape/builtIn``).
    ///
    /// A query item or form field `key` (Google's `?key=AIza…`) is no name rule: it also names ordinary lookups
    /// (`?key=photos/a.png`), which redacted would all match one another. A random-looking `key` is a secret by
    /// ``SecretShape/highEntropy``, and Google's keys by ``SecretShape/googleAPIKey``.
    public static let `default` = Redaction(
        headerNames: defaultHeaderNames, queryItemNames: defaultParameterNames,
        jsonKeyPaths: defaultParameterNames.sorted().map { "**." + $0 }, shapes: SecretShape.builtIn)

    /// No redaction at all.
    public static let disabled = Redaction()

    /// These rules plus more header names.
    public func redactingHeaders(_ names: String...) -> Redaction {
        changed { copy in copy.headerNames.formUnion(names.map { $0.lowercased() }) }
    }

    /// These rules plus more query item (and form field) names.
    public func redactingQueryItems(_ names: String...) -> Redaction {
        changed { copy in copy.queryItemNames.formUnion(names.map { $0.lowercased() }) }
    }

    /// These rules plus more JSON key paths (`credentials.password`, `*.token`, `**.ssn`).
    public func redactingJSONKeyPaths(_ paths: String...) -> Redaction {
        changed { $0.jsonKeyPaths.append(contentsOf: paths) }
    }

    /// These rules plus JSON keys redacted at any depth: `redactingJSONKeys("ssn")` is `redactingJSONKeyPaths("**.ssn")`.
    public func redactingJSONKeys(_ keys: String...) -> Redaction {
        changed { copy in copy.jsonKeyPaths.append(contentsOf: keys.map { "**." + $0 }) }
    }

    /// These rules, also finding values of `shapes` (a shape already detected is not added twice).
    public func detecting(_ shapes: SecretShape...) -> Redaction {
        changed { copy in for shape in shapes where !copy.shapes.contains(shape) { copy.shapes.append(shape) } }
    }

    /// These rules without the given shapes (compared by name): `notDetecting(.highEntropy)`.
    public func notDetecting(_ shapes: SecretShape...) -> Redaction {
        changed { copy in copy.shapes.removeAll { shapes.contains($0) } }
    }

    /// These rules plus a literal secret, replaced by `placeholder` everywhere it appears. An empty value is ignored.
    public func redactingSecret(_ value: String, as placeholder: String) -> Redaction {
        var copy = self
        if !value.isEmpty { copy.secrets.append(Secret(value: value, placeholder: placeholder)) }
        return copy
    }

    /// The rules in the form the redactor looks them up: names normalized, key paths split.
    var matching: Matching

    /// These rules with `change` made to them, and ``matching`` made again.
    private func changed(_ change: (inout Redaction) -> Void) -> Redaction {
        var copy = self
        change(&copy)
        copy.matching = Matching(headerNames: copy.headerNames, queryItemNames: copy.queryItemNames,
                                 jsonKeyPaths: copy.jsonKeyPaths, shapes: copy.shapes)
        return copy
    }

    /// The rules' names, normalized for lookup (see ``SecretName``): one object that copies of the rules share. As a
    /// struct its fields were copied inline into every value that holds a `Redaction` (options, settings, jobs), and
    /// the copy and destroy code the compiler writes for those values was 4% of this module's code.
    final class Matching: Sendable {
        let headerNames: SecretNameSet
        let parameterNames: SecretNameSet
        let keyPaths: [[String]]
        /// The names of the `**.name` key paths, the usual form, looked up by name in the one walk of a document (see
        /// ``JSONValue/secrets(by:integers:)``); ``keyPaths`` other than these.
        let anywhereKeys: SecretNameSet
        let otherKeyPaths: [[String]]
        /// The last key of every key path (and `headers`, when header names are secret: see
        /// ``JSONValue/secrets(by:integers:)``), when none ends in a wildcard and all are ASCII: a body that holds
        /// none of them (ignoring case, `-` and `_`) needs no parsing.
        let lastKeys: KeyNameScan?
        /// The shapes looked for in text.
        let shapes: ShapeScan
        /// Whether long, varied values under credential-like names are secrets (``SecretShape/highEntropy``).
        let findsHighEntropy: Bool

        init(headerNames: Set<String>, queryItemNames: Set<String>, jsonKeyPaths: [String], shapes: [SecretShape]) {
            self.shapes = ShapeScan(shapes)
            findsHighEntropy = shapes.contains(.highEntropy)
            let parameters = Set(queryItemNames.map(SecretName.normalized))
            // `X-Client-Secret`, `X-Password`: a header named `X-` and a parameter's name is secret like the parameter.
            self.headerNames = SecretNameSet(Set(headerNames.map(SecretName.normalized)), xPrefixed: headerNames.isEmpty ? [] : parameters)
            parameterNames = SecretNameSet(parameters)
            keyPaths = jsonKeyPaths.map { path in
                path.split(separator: ".").map { $0 == "*" || $0 == "**" ? String($0) : SecretName.normalized(String($0)) }
            }
            let isAnywhere = { (path: [String]) in path.count == 2 && path[0] == "**" && path[1] != "*" && path[1] != "**" }
            anywhereKeys = SecretNameSet(Set(keyPaths.filter(isAnywhere).map { $0[1] }))
            otherKeyPaths = keyPaths.filter { !isAnywhere($0) }
            let last = keyPaths.compactMap(\.last)
            let scannable = last.count == keyPaths.count
                && !last.contains { $0 == "*" || $0 == "**" || $0.isEmpty || !$0.utf8.allSatisfy { $0 < 0x80 } }
            let keys = Set(last).union(headerNames.isEmpty ? [] : ["headers"])
            lastKeys = scannable ? KeyNameScan(keys.map { Array($0.utf8) }) : nil
        }

        /// Whether a JSON body can hold a secret by these rules: some key path or header name is secret.
        var readsJSON: Bool { !keyPaths.isEmpty || !headerNames.isEmpty }

        /// Whether `data` may hold a JSON key a key path ends with (or `headers`): false only when it certainly holds
        /// none.
        func mayHoldKeys(_ data: Data) -> Bool {
            guard let lastKeys else { return true }
            return data.withUnsafeBytes { lastKeys.mayOccur(in: $0) }
        }
    }
}

extension Redaction {
    /// Whether two sets of rules are the same: the same placeholder, names, key paths, secrets and shapes.
    public static func == (lhs: Redaction, rhs: Redaction) -> Bool {
        lhs.placeholder == rhs.placeholder && lhs.headerNames == rhs.headerNames
            && lhs.queryItemNames == rhs.queryItemNames && lhs.jsonKeyPaths == rhs.jsonKeyPaths
            && lhs.secrets == rhs.secrets && lhs.shapes == rhs.shapes
    }
}
