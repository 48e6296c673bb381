import Foundation

/// The secrets of one interaction, each value once, each name once.
struct SecretSet: Sendable {
    /// The secrets in the order they were found.
    private(set) var secrets: [InteractionSecret] = []
    /// Where each value stands in ``secrets``.
    private var positions: [String: Int] = [:]
    private var usedNames: Set<String> = []
    /// For each name given out, the next suffix to try (`token-3` after `token-2`).
    private var nextSuffix: [String: Int] = [:]
    /// How many learned placeholders start from each base (`REDACTED_token_3`).
    private var learnedCounts: [String: Int] = [:]
    /// The placeholder stem (``Redaction/placeholder``).
    let stem: String

    init(stem: String) {
        self.stem = stem
    }

    /// Whether no secret was found.
    var isEmpty: Bool { secrets.isEmpty }

    /// The secret already holding `value`, if any.
    func secret(for value: String) -> InteractionSecret? {
        positions[value].map { secrets[$0] }
    }

    /// Whether `value` is a secret here already, in the spelling `encoded` (as it stood percent-encoded) too.
    func knows(_ value: String, spelledAs encoded: String?) -> Bool {
        guard let secret = secret(for: value) else { return false }
        return encoded == nil || encoded == value || secret.forms.contains { $0.text == encoded }
    }

    private mutating func append(_ secret: InteractionSecret) {
        positions[secret.value] = secrets.count
        secrets.append(secret)
    }

    /// Adds a value a rule found in a request (percent-encoded as `encoded` where it stood) and returns its secret;
    /// a value already known keeps its first secret. The placeholder is named after `origin`; a name already taken
    /// gets `-2`, `-3`, ...
    @discardableResult
    mutating func add(requestValue value: String, encoded: String? = nil, origin: SecretOrigin) -> InteractionSecret? {
        guard !value.isEmpty, !isPlaceholder(value) else { return nil }
        if let position = positions[value] {
            // Seen before without percent-encoding (say in a header, or learned from an earlier answer): keep how a
            // URL or form encoded it.
            if let encoded { note(secrets[position].value, spelledAs: encoded) }
            return secrets[position]
        }
        let secret = InteractionSecret(requestValue: value, encoded: encoded, origin: origin,
                                       name: uniqueName(origin.placeholderName), stem: stem)
        append(secret)
        return secret
    }

    /// Notes that `value`, a secret here, stood percent-encoded as `encoded` (a spelling no usual encoding writes,
    /// `%67hp_…`), so that it is replaced in that spelling too; a second such spelling gets a form of its own.
    mutating func note(_ value: String, spelledAs encoded: String) {
        guard encoded != value, let position = positions[value] else { return }
        secrets[position] = secrets[position].spelled(as: encoded)
    }

    /// Adds a literal secret of the rules (or, with the origin ``SecretOrigin/boundary``, a multipart boundary).
    mutating func add(literal: Redaction.Secret, origin: SecretOrigin? = nil) {
        guard secret(for: literal.value) == nil else { return }
        append(InteractionSecret(literal: literal, origin: origin ?? .literal(literal.placeholder)))
    }

    /// Adds a secret learned from an earlier response, unless the value is already a secret here.
    mutating func add(learned secret: InteractionSecret) {
        guard self.secret(for: secret.value) == nil else { return }
        append(secret)
    }

    /// Adds a value a rule found in a response: an echo of a known secret keeps its placeholder; a new value gets a
    /// learned placeholder `REDACTED_<name>_<number>`, unique in the cassette because `number` is the recording's.
    /// A new value shorter than ``InteractionSecret/minimumLearnedLength`` is no secret (`lang=en`): `nil`.
    mutating func add(responseValue value: String, origin: SecretOrigin, number: Int) -> InteractionSecret? {
        guard !value.isEmpty else { return nil }
        if let known = secret(for: value) { return known }
        guard value.count >= InteractionSecret.minimumLearnedLength, !isPlaceholder(value) else { return nil }
        let prefix = Self.learnedPrefix(stem: stem) + "\(SecretName.urlSafe(origin.placeholderName))_"
        let base = prefix + String(number)
        // The second value under one name in one response is `_2`, and so on.
        let count = learnedCounts[base, default: 0] + 1
        learnedCounts[base] = count
        let secret = InteractionSecret(learnedValue: value, origin: origin, prefix: prefix, number: number,
                                       suffix: count == 1 ? "" : "_\(count)")
        append(secret)
        return secret
    }

    /// How every learned placeholder of a cassette whose placeholder is `stem` begins (`REDACTED_` for
    /// `<REDACTED>`): the stem without its angle brackets, since learned placeholders must be safe anywhere a value
    /// goes.
    static func learnedPrefix(stem: String) -> String {
        let trimmed = stem.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
        return SecretName.urlSafe(trimmed.isEmpty ? "REDACTED" : trimmed) + "_"
    }

    /// Whether `value` is a placeholder already, a rule's or a literal's (see ``isWrittenAsPlaceholder(_:)``) or a
    /// learned `REDACTED_token_3`, or holds a request secret's or a literal's placeholder among other text (see
    /// ``holdsRestorablePlaceholder(_:)``): no secret, so that redacting a stored interaction again changes nothing
    /// (`cassette import-har` of an exported cassette, `cassette verify`).
    func isPlaceholder(_ value: String) -> Bool {
        guard let last = value.utf8.last else { return false }
        if Self.isWrittenAsPlaceholder(value) { return true }
        if last.isASCIIDigit && value.hasPrefix(Self.learnedPrefix(stem: stem)) { return true }
        return holdsRestorablePlaceholder(value)
    }

    /// Whether `value` is written as placeholders are: `<`, a name of capital letters, digits, `_` and `-`, perhaps
    /// `:` and more, then `>` (`<API_TOKEN>`, `<REDACTED:password:json-u>`, `<BOUNDARY>`), with no other angle
    /// bracket. It covers a literal's placeholder from rules other than today's (a cassette recorded with them, then
    /// verified); a value with small letters in its name, `<s3cret>`, is a secret like any other.
    static func isWrittenAsPlaceholder(_ value: String) -> Bool {
        let bytes = value.utf8
        guard bytes.count >= 3, bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">") else { return false }
        let inside = bytes.dropFirst().dropLast()
        guard !inside.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else { return false }
        let name = inside.prefix { $0 != UInt8(ascii: ":") }
        return name.contains(where: \.isASCIIUppercase)
            && name.allSatisfy { $0.isASCIIUppercase || $0.isASCIIDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// Whether `value` holds the placeholder of a request's secret (`<REDACTED:token>`) or of a literal one
    /// (`<API_TOKEN>`), as is or percent-encoded, with other text around it. Recording writes such a value where it
    /// replaced a secret inside a value that no rule took whole (too short to be a secret, or the client's own), so
    /// the text around the placeholder is no secret either. No live value holds one: replay restores them all.
    private func holdsRestorablePlaceholder(_ value: String) -> Bool {
        guard value.containsByte(UInt8(ascii: "<")) || value.containsByte(UInt8(ascii: "%")) else { return false }
        let named = InteractionSecret.named(stem, "")
        var markers = [named.hasSuffix(">") ? String(named.dropLast()) : named]
        markers += secrets.filter { $0.isRestorable && !$0.placeholder.hasPrefix(markers[0]) }.map(\.placeholder)
        return markers.contains { marker in
            value.containsBytes(of: marker) || value.containsBytes(of: InteractionSecret.percentEncoded(marker))
        }
    }

    private mutating func uniqueName(_ name: String) -> String {
        var candidate = name
        // Each name goes on from the suffix it reached: many values under one name cost time in proportion to them.
        var suffix = nextSuffix[name, default: 2]
        while usedNames.contains(candidate) {
            candidate = "\(name)-\(suffix)"
            suffix += 1
        }
        nextSuffix[name] = suffix
        usedNames.insert(candidate)
        return candidate
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
