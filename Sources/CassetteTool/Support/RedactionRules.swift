import CassetteCore

/// The `--redact <rule>` options of `import-har` and `verify`: rules added to the harness's default ones.
///
/// | rule | adds |
/// |---|---|
/// | `header:X-Session` | a header whose value is secret |
/// | `query:signature` | a query item, form field or JSON key (at any depth) whose value is secret |
/// | `json:user.ssn` | a JSON key path (`*` one key, `**` any depth) whose value is secret |
/// | `env:API_TOKEN` | the value of that environment variable, a literal secret written as `<API_TOKEN>` |
struct RedactionRules: Sendable {
    /// The default rules plus the given ones.
    private(set) var redaction = Redaction.default
    private(set) var headerNames: Set<String> = []
    private(set) var parameterNames: Set<String> = []
    private(set) var literals: [String] = []

    static let help = "Also redact: header:<name>, query:<name>, json:<key.path> or env:<VARIABLE> (that variable's value)."

    init(_ rules: [String], environment: [String: String], spec: CommandSpec) throws(UsageError) {
        for rule in rules {
            guard let colon = rule.firstIndex(of: ":"), !rule[rule.index(after: colon)...].isEmpty else {
                throw UsageError("'--redact \(rule)' needs a kind and a name, such as header:X-Session", spec: spec)
            }
            let value = String(rule[rule.index(after: colon)...])
            switch rule[..<colon] {
            case "header":
                redaction = redaction.redactingHeaders(value)
                headerNames.insert(value)
            case "query":
                redaction = redaction.redactingQueryItems(value)
                parameterNames.insert(value)
            case "json":
                redaction = redaction.redactingJSONKeyPaths(value)
                // A check of stored files knows keys, not paths: the path's last key stands for it.
                if let last = value.split(separator: ".").last, last != "*", last != "**" { parameterNames.insert(String(last)) }
            case "env":
                guard let secret = environment[value], !secret.isEmpty else {
                    throw UsageError("'--redact env:\(value)': the environment has no \(value), or it is empty", spec: spec)
                }
                redaction = redaction.redactingSecret(secret, as: "<\(value)>")
                literals.append(secret)
            default:
                throw UsageError("'--redact \(rule)': the kind must be header, query, json or env", spec: spec)
            }
        }
    }
}
