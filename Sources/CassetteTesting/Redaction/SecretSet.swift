import Foundation

/// The secrets of one interaction, each value once, each name once.
struct SecretSet: Sendable {
    /// The secrets in the order they were found.
    private(set) var secrets: [InteractionSecret] = []
    private var usedNames: Set<String> = []
    /// The placeholder stem (``Redaction/placeholder``).
    let stem: String

    init(stem: String) {
        self.stem = stem
    }

    /// Whether no secret was found.
    var isEmpty: Bool { secrets.isEmpty }

    /// The secret already holding `value`, if any.
    func secret(for value: String) -> InteractionSecret? {
        secrets.first { $0.value == value }
    }

    /// Adds a value a rule found in a request under `name` (percent-encoded as `encoded` where it stood) and
    /// returns its secret; a value already known keeps its first secret, a name already taken gets `-2`, `-3`, ...
    @discardableResult
    mutating func add(requestValue value: String, encoded: String? = nil, name: String) -> InteractionSecret? {
        guard !value.isEmpty else { return nil }
        if let position = secrets.firstIndex(where: { $0.value == value }) {
            // Seen before without percent-encoding (say in a header): keep how a URL or form encoded it.
            if let encoded, encoded != value, secrets[position].encoded == value, secrets[position].isRestorable {
                secrets[position] = secrets[position].encoded(as: encoded)
            }
            return secrets[position]
        }
        let secret = InteractionSecret(requestValue: value, encoded: encoded, name: uniqueName(name), stem: stem)
        secrets.append(secret)
        return secret
    }

    /// Adds a literal secret of the rules.
    mutating func add(literal: Redaction.Secret) {
        guard secret(for: literal.value) == nil else { return }
        secrets.append(InteractionSecret(literal: literal))
    }

    /// Adds a secret learned from an earlier response, unless the value is already a secret here.
    mutating func add(learned secret: InteractionSecret) {
        guard self.secret(for: secret.value) == nil else { return }
        secrets.append(secret)
    }

    /// Adds a value a rule found in a response: an echo of a known secret keeps its placeholder; a new value gets a
    /// learned placeholder `REDACTED_<name>_<number>`, unique in the cassette because `number` is the recording's.
    mutating func add(responseValue value: String, name: String, number: Int) -> InteractionSecret? {
        guard !value.isEmpty else { return nil }
        if let known = secret(for: value) { return known }
        let base = "\(SecretName.urlSafe(learnedStem))_\(SecretName.urlSafe(name))_\(number)"
        var placeholder = base
        var suffix = 2
        while secrets.contains(where: { $0.placeholder == placeholder }) {
            placeholder = "\(base)_\(suffix)"
            suffix += 1
        }
        let secret = InteractionSecret(learnedValue: value, placeholder: placeholder)
        secrets.append(secret)
        return secret
    }

    /// The stem without its angle brackets: learned placeholders must be safe anywhere a value goes.
    private var learnedStem: String {
        let trimmed = stem.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
        return trimmed.isEmpty ? "REDACTED" : trimmed
    }

    private mutating func uniqueName(_ name: String) -> String {
        var candidate = name
        var suffix = 2
        while usedNames.contains(candidate) {
            candidate = "\(name)-\(suffix)"
            suffix += 1
        }
        usedNames.insert(candidate)
        return candidate
    }

    /// Every searched secret's replacements, longest text first so that a secret containing another goes first.
    func replacements(inURL: Bool) -> [(find: String, replace: String)] {
        let placeholders = secrets.flatMap(\.placeholderTexts)
        return secrets
            .filter { secret in secret.isSearched && !placeholders.contains { $0.contains(secret.value) } }
            .flatMap { $0.replacements(inURL: inURL) }
            .sorted { $0.find.utf8.count > $1.find.utf8.count }
    }

    /// The restorable secrets' placeholders with the values they stand for.
    var restorations: [(find: String, replace: String)] {
        secrets.filter(\.isRestorable).flatMap(\.restorations)
    }

    /// The secrets learned from responses.
    var learned: [InteractionSecret] {
        secrets.filter { !$0.isRestorable }
    }
}
