import CassetteCore

/// The `--redact <rule>` options of `import-har` and `verify`: rules added to the harness's default ones.
///
/// | rule | adds |
/// |---|---|
/// | `header:X-Session` | a header whose value is secret |
/// | `query:signature` | a query item, form field or JSON key (at any depth) whose value is secret |
/// | `json:user.ssn` | a JSON key path (`*` one key, `**` any depth) whose value is secret |
/// | `env:API_TOKEN` | the value of that environment variable, a literal secret written as `<API_TOKEN>` |
/// | `no-shape:jwt` | (removes) a shape of ``SecretShape/builtIn`` found by its name, say for values it mistakes |
struct RedactionRules: Sendable {
    /// The default rules plus the given ones: what recording with them would redact, and what `verify` checks.
    private(set) var redaction = Redaction.default

    static let help = "Also redact: header:<name>, query:<name>, json:<key.path> or env:<VARIABLE> (that variable's value); no-shape:<name> stops finding secrets of that shape (jwt, github-token, high-entropy, …)."

    init(_ rules: [String], environment: [String: String], spec: CommandSpec) throws(ToolFailure) {
        for rule in rules {
            guard let colon = rule.firstIndex(of: ":"), !rule[rule.index(after: colon)...].isEmpty else {
                throw ToolFailure.usage("'--redact \(rule)' needs a kind and a name, such as header:X-Session", spec: spec)
            }
            let value = String(rule[rule.index(after: colon)...])
            switch rule[..<colon] {
            case "header":
                redaction = redaction.redactingHeaders(value)
            case "query":
                // As the default parameter names are: query items, form fields and JSON keys at any depth.
                redaction = redaction.redactingQueryItems(value).redactingJSONKeys(value)
            case "json":
                redaction = redaction.redactingJSONKeyPaths(value)
            case "env":
                guard let secret = environment[value], !secret.isEmpty else {
                    throw ToolFailure.usage("'--redact env:\(value)': the environment has no \(value), or it is empty", spec: spec)
                }
                redaction = redaction.redactingSecret(secret, as: "<\(value)>")
            case "no-shape":
                guard let shape = SecretShape.builtIn.first(where: { $0.name == value }) else {
                    let names = SecretShape.builtIn.map(\.name).joined(separator: ", ")
                    throw ToolFailure.usage("'--redact \(rule)': no shape is called \(value); the shapes are \(names)", spec: spec)
                }
                redaction = redaction.notDetecting(shape)
            default:
                throw ToolFailure.usage("'--redact \(rule)': the kind must be header, query, json, env or no-shape", spec: spec)
            }
        }
    }
}
