import CassetteCore

/// One value a cassette file holds that the rules say is secret but is not a placeholder.
struct SecretFinding: Sendable, Hashable {
    /// Where the value is: a JSON path from `$`, then what in the string holds it, as `Scripts/scan-secrets.sh`
    /// writes it (`$.entries[0].value.request.url ?token`, `... (cookie session)`, `... <json>.password`).
    let path: String
    /// What is wrong, never the value itself: `the value of "token" (12 characters) is not a placeholder`.
    let description: String
}

/// The redaction check of `cassette verify`: a port of `Scripts/scan-secrets.sh`, with the same rules, JSON paths
/// and messages.
///
/// Secrets are the values of the headers the rules name (in a message's `headers` and in any `headers` object of
/// a body), of the query items, form fields, multipart fields and JSON keys at any depth they name (also in a URL
/// held in a query value and in JSON held in a string), and a URL's user-information password. A value passes when
/// it is empty or a placeholder (`<REDACTED:token>`, `REDACTED_token_3`); in a response also when it is shorter
/// than the harness learns secrets from, or the request itself carries it. Added to the script: literal secret
/// values, found in any string of the document, also percent-encoded.
struct SecretScan: Sendable {
    /// Header names whose values are secret.
    let headerNames: SecretNameSet
    /// Query item, form field, multipart field and JSON key names whose values are secret.
    let parameterNames: SecretNameSet
    /// Values that are secret wherever they occur, distinct and not empty.
    let literalSecrets: [String]
    /// A response value shorter than this is not a secret the server sent.
    let minimumLearnedLength: Int

    /// The default rules (``Redaction/defaultHeaderNames``, ``Redaction/defaultParameterNames``) plus the given
    /// names, and the given literal secrets (empty ones are ignored).
    init(extraHeaderNames: Set<String> = [], extraParameterNames: Set<String> = [], literalSecrets: [String] = []) {
        headerNames = SecretNameSet(Redaction.defaultHeaderNames.union(extraHeaderNames))
        parameterNames = SecretNameSet(Redaction.defaultParameterNames.union(extraParameterNames))
        var seen = Set<[UInt8]>()
        self.literalSecrets = literalSecrets.filter { !$0.isEmpty && seen.insert(Array($0.utf8)).inserted }
        minimumLearnedLength = Redaction.minimumLearnedLength
    }

    /// The findings in a whole cassette file's JSON document, in document order (object keys visited in sorted
    /// order); at one string, the rules' findings before the literal secrets'.
    func findings(in document: JSONValue) -> [SecretFinding] {
        var pass = Pass(scan: self)
        pass.document(document)
        let ruleFindings = pass.found
        guard ruleFindings.count > 1 || !literalSecrets.isEmpty else { return ruleFindings.map(\.finding) }
        // The script reports a `headers` object's headers before its other members; here each finding takes the
        // place of the string it is in.
        let anchors = Set(ruleFindings.map(\.anchor))
        var rank: [String: Int] = [:]
        var literalFindings: [(rank: Int, finding: SecretFinding)] = []
        var position = 0
        Self.forEachNode(in: document, path: "$") { path, node, key in
            if anchors.contains(path) { rank[path] = position }
            literalFindings += literalFindingsAt(path: path, node: node, key: key).map { (position, $0) }
            position += 1
        }
        let ranked = ruleFindings.map { (rank: rank[$0.anchor] ?? Int.max, order: 0, finding: $0.finding) }
            + literalFindings.map { (rank: $0.rank, order: 1, finding: $0.finding) }
        return ranked.enumerated()
            .sorted { ($0.element.rank, $0.element.order, $0.offset) < ($1.element.rank, $1.element.order, $1.offset) }
            .map(\.element.finding)
    }

    /// Visits every value of `node` in document order (object members sorted by key), each with its JSON path and,
    /// for an object's member, its key.
    static func forEachNode(in node: JSONValue, path: String, key: String? = nil,
                            _ body: (_ path: String, _ node: JSONValue, _ key: String?) -> Void) {
        body(path, node, key)
        switch node {
        case .array(let items):
            for (index, item) in items.enumerated() { forEachNode(in: item, path: "\(path)[\(index)]", body) }
        case .object(let members):
            for member in PythonJSON.sortedMembers(members) {
                forEachNode(in: member.value, path: PythonJSON.keyPath(path, member.key), key: member.key, body)
            }
        default:
            break
        }
    }
}
