/// The secrets redaction found in one interaction (or document), able to tell which of them it replaced in a text:
/// the ones whose placeholders the redacted text holds more often than the text before.
///
/// `cassette verify` redacts each stored interaction again and compares the two; where a text changed, these name
/// what was replaced, by rule, name and length, never by value.
package struct ReplacedSecrets: Sendable {
    private let secrets: [InteractionSecret]
    /// Every placeholder text any secret may leave, to count them in one pass.
    private let placeholders: Replacer
    /// For each placeholder text, the position in ``secrets`` of the first secret that leaves it.
    private let owners: [String: Int]

    /// The secrets of `set`.
    init(_ set: SecretSet) {
        secrets = set.secrets
        var owners: [String: Int] = [:]
        for (position, secret) in secrets.enumerated() {
            for text in secret.placeholderTexts where owners[text] == nil { owners[text] = position }
        }
        self.owners = owners
        placeholders = Replacer(owners.keys.map { ($0, $0) })
    }

    /// The secrets whose placeholders `redacted` holds more often than `stored`, in the order redaction found them,
    /// each with the placeholder it left.
    package func replaced(in stored: String, by redacted: String) -> [ReplacedSecret] {
        let before = placeholders.occurrences(in: stored)
        var found: [Int: String] = [:]
        for (text, count) in placeholders.occurrences(in: redacted) where count > before[text, default: 0] {
            guard let owner = owners[text] else { continue }
            // Of several forms of one secret, the plain placeholder (the shortest) names it.
            if let known = found[owner], known.utf8.count <= text.utf8.count { continue }
            found[owner] = text
        }
        return found.sorted { $0.key < $1.key }.map { owner, placeholder in
            let secret = secrets[owner]
            return ReplacedSecret(origin: secret.origin, isFromServer: !secret.isRestorable, length: secret.value.count,
                                  placeholder: placeholder)
        }
    }
}

/// One secret redaction replaced in a text, described without its value.
package struct ReplacedSecret: Sendable, Hashable {
    /// The rule that found it, and its name.
    package let origin: SecretOrigin
    /// Whether only the server sent the value (it was learned from a response), rather than the request or the rules.
    package let isFromServer: Bool
    /// How many characters the value has.
    package let length: Int
    /// What redaction wrote in its place in that text.
    package let placeholder: String
}
