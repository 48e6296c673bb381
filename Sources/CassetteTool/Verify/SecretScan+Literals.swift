import CassetteCore

extension SecretScan {
    /// The literal secrets in one value of the document: in its key when it is an object's member, and in it when
    /// it is a string. A string holds a secret when it contains it as it is, or once percent-decoded (with and
    /// without `+` as a space). The description gives only the secret's length.
    func literalFindingsAt(path: String, node: JSONValue, key: String?) -> [SecretFinding] {
        guard !literalSecrets.isEmpty else { return [] }
        var findings: [SecretFinding] = []
        if let key {
            findings += literalSecrets(in: key).map { secret in
                SecretFinding(path: path, description: "the key holds a literal secret (\(PythonText.length(secret)) characters)")
            }
        }
        if case .string(let text) = node {
            findings += literalSecrets(in: text).map { secret in
                SecretFinding(path: path, description: "the value holds a literal secret (\(PythonText.length(secret)) characters)")
            }
        }
        return findings
    }

    /// The literal secrets `text` holds, raw or percent-encoded, in the order they were given.
    private func literalSecrets(in text: String) -> [String] {
        var forms = [Array(text.utf8)]
        if PythonText.has(text, UInt8(ascii: "%")) { forms.append(Array(PythonText.unquote(text).utf8)) }
        if PythonText.has(text, UInt8(ascii: "+")) { forms.append(Array(PythonText.unquotePlus(text).utf8)) }
        return literalSecrets.filter { secret in
            forms.contains { PythonText.find(secret.utf8, in: $0) != nil }
        }
    }
}
