import Foundation

/// One secret of an interaction: a value no cassette may hold, the forms it takes on the wire, and the placeholder
/// written for each form.
///
/// A value found in a request is *restorable*: its placeholders name where it was found (`<REDACTED:token>`), one
/// per form the value took (`<REDACTED:token:json-u>` for a JSON string with `\u` escapes), and replay turns each
/// back into the same form of the value the live request carries, so the bytes come back exactly. A value learned
/// from a response is not restorable: its one placeholder (`REDACTED_token_3`) stands for every form, and is what
/// replay serves.
struct InteractionSecret: Sendable, Hashable {
    /// The value as the code under test knows it (percent-decoded).
    let value: String
    /// The value as it was written in a URL or form body (`a%2Bb`), or ``value`` when it was not encoded.
    let encoded: String
    /// What replaces ``value`` in headers and bodies.
    let placeholder: String
    /// Whether replay turns the placeholders back into a live request's value.
    let isRestorable: Bool
    /// Whether the value is searched for across the interaction, or replaced only where a rule found it.
    let isSearched: Bool
    /// Each distinct form the value takes on the wire (the plain value first), with its placeholder.
    private(set) var forms: [Form]
    /// Which rule found the value, under which name.
    let origin: SecretOrigin

    /// One form of the value: which, its text, and the placeholder that stands for it.
    struct Form: Sendable, Hashable {
        let form: WireForm
        let text: String
        let placeholder: String
    }

    /// A secret a rule found in a request, its placeholder named `name` (unique in the interaction); `stem` is
    /// ``Redaction/placeholder``.
    init(requestValue value: String, encoded: String?, origin: SecretOrigin, name: String, stem: String) {
        self.init(value: value, encoded: encoded ?? value, placeholder: Self.named(stem, name), isRestorable: true,
                  isSearched: value.count >= Redaction.minimumSearchedLength, origin: origin)
    }

    /// A literal secret of the rules (or, with the origin ``SecretOrigin/boundary``, a value that only varies),
    /// with the placeholder its caller chose.
    init(literal secret: Redaction.Secret, origin: SecretOrigin) {
        self.init(value: secret.value, encoded: secret.value, placeholder: secret.placeholder, isRestorable: true,
                  isSearched: true, origin: origin)
    }

    /// A secret a rule found in a response, with the one placeholder replay serves in its place:
    /// `prefix` + `number` + `suffix`, e.g. `REDACTED_token_` `3` `_2`.
    init(learnedValue value: String, origin: SecretOrigin, prefix: String, number: Int, suffix: String) {
        self.init(value: value, encoded: value, placeholder: prefix + String(number) + suffix, isRestorable: false,
                  isSearched: true, origin: origin)
        learnedName = LearnedName(prefix: prefix, number: number, suffix: suffix)
    }

    /// The parts of a learned placeholder, so that its number can change when the cassette is saved.
    struct LearnedName: Sendable, Hashable {
        let prefix: String
        let number: Int
        let suffix: String
    }

    /// For a learned secret, its placeholder's parts.
    private(set) var learnedName: LearnedName?

    /// The same learned secret, numbered `number`.
    func renumbered(_ number: Int) -> InteractionSecret {
        guard let name = learnedName else { return self }
        var secret = InteractionSecret(learnedValue: value, origin: origin, prefix: name.prefix, number: number, suffix: name.suffix)
        if encoded != value { secret = secret.encoded(as: encoded) }
        // Spellings seen after the first (see ``spelled(as:)``).
        for form in forms where form.form == .observed && !secret.forms.contains(where: { $0.text == form.text }) {
            secret = secret.spelled(as: form.text)
        }
        return secret
    }

    private init(value: String, encoded: String, placeholder: String, isRestorable: Bool, isSearched: Bool,
                 origin: SecretOrigin) {
        self.value = value
        self.encoded = encoded
        self.placeholder = placeholder
        self.isRestorable = isRestorable
        self.isSearched = isSearched
        self.origin = origin
        // Most secrets are tokens of letters, digits and `-._~`, which every form but the strictest percent-encoding
        // writes the same: at most two forms, worked out without writing the others.
        let plain = Form(form: .plain, text: value, placeholder: placeholder)
        let unchanged = value.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(WireForm.writesUnchanged) }
            ?? value.utf8.allSatisfy(WireForm.writesUnchanged)
        guard encoded != value || !unchanged else {
            let strict = WireForm.strictlyEncoded.write(value, encoded: encoded)
            forms = strict == value ? [plain]
                : [plain, Form(form: .strictlyEncoded, text: strict,
                               placeholder: Self.placeholder(placeholder, for: .strictlyEncoded, restorable: isRestorable))]
            return
        }
        var seen: Set<String> = [value]
        var forms = [plain]
        for form in WireForm.allCases.dropFirst() {
            let text = form.write(value, encoded: encoded)
            guard !text.isEmpty, seen.insert(text).inserted else { continue }
            forms.append(Form(form: form, text: text,
                              placeholder: Self.placeholder(placeholder, for: form, restorable: isRestorable)))
        }
        self.forms = forms
    }

    /// The same secret, known to be percent-encoded as `encoded` where it stands in a URL or form.
    func encoded(as encoded: String) -> InteractionSecret {
        var secret = InteractionSecret(value: value, encoded: encoded, placeholder: placeholder, isRestorable: isRestorable,
                                       isSearched: isSearched, origin: origin)
        secret.learnedName = learnedName
        return secret
    }

    /// The same secret, also known in the percent spelling `spelling` (`%67hp_…` where it was first `ghp%5F…`): a
    /// form of its own, `<REDACTED:name:pct-2>` (restored to that spelling), or the learned placeholder.
    func spelled(as spelling: String) -> InteractionSecret {
        guard spelling != value, !forms.contains(where: { $0.text == spelling }) else { return self }
        guard encoded != value else { return encoded(as: spelling) }
        var secret = self
        let number = forms.filter { $0.form == .observed }.count + 1
        let suffix = "pct-\(number)"
        let text = isRestorable ? Self.named(placeholder, suffix) : placeholder
        secret.forms.append(Form(form: .observed, text: spelling, placeholder: text))
        return secret
    }

    /// A value only the server sent is a secret from this length. It cannot be restored, and it must be found in
    /// every later request that carries it (or replay, which sends the placeholder, would not match): a short one
    /// (`lang=en`) would rewrite ordinary text, so it is left as it is.
    static let minimumLearnedLength = 8

    /// `<REDACTED>` with `name` becomes `<REDACTED:name>`; a stem without angle brackets gets `:name` appended. So
    /// does a placeholder with the suffix of a form (`<REDACTED:token:json-u>`).
    static func named(_ stem: String, _ name: String) -> String {
        stem.hasSuffix(">") ? String(stem.dropLast()) + ":" + name + ">" : stem + ":" + name
    }

    /// The placeholder standing for the form `form` of a value whose plain placeholder is `placeholder`.
    private static func placeholder(_ placeholder: String, for form: WireForm, restorable: Bool) -> String {
        guard restorable, let suffix = form.suffix else { return placeholder }
        return named(placeholder, suffix)
    }

    /// The forms of the value to look for, each with what replaces it: inside a URL, the placeholder percent-encoded
    /// (and only the forms a URL can hold).
    func replacements(inURL: Bool) -> [(find: String, replace: String)] {
        forms.compactMap { form in
            guard inURL else { return (form.text, form.placeholder) }
            guard !form.form.isJSON else { return nil }
            return (form.text, Self.percentEncoded(form.placeholder))
        }
    }

    /// The placeholder, percent-encoded, that stands in a URL or form body for the form of the value written `text`.
    func placeholderInURL(for text: String) -> String {
        Self.percentEncoded(forms.first { $0.text == text }?.placeholder ?? placeholder)
    }

    /// The value as whole JSON strings (`"value"`, in each escaping a JSON writer may use), each with the JSON
    /// string of its placeholder.
    var jsonStringReplacements: [(find: String, replace: String)] {
        forms.filter { [.plain, .json, .jsonSlash, .jsonASCII, .jsonASCIIUppercase, .jsonHTMLSafe].contains($0.form) }
            .map { ("\"\($0.text)\"", "\"\($0.placeholder)\"") }
    }

    /// What stands for the value where a JSON string spelled it with escapes no ``WireForm`` models (see
    /// ``JSONStringScanner``); replay writes the value back in the usual escaping.
    var otherJSONPlaceholder: String {
        isRestorable ? Self.named(placeholder, "json-other") : placeholder
    }

    /// Each placeholder (also percent-encoded, as URLs hold them) with the form of the value it stands for.
    var restorations: [(find: String, replace: String)] {
        let pairs = forms.flatMap { form -> [(find: String, replace: String)] in
            let encoded = Self.percentEncoded(form.placeholder)
            return encoded == form.placeholder ? [(form.placeholder, form.text)]
                : [(form.placeholder, form.text), (encoded, form.text)]
        }
        return pairs + [(otherJSONPlaceholder, WireForm.json.write(value, encoded: encoded))]
    }

    /// Every placeholder text this secret may leave, plain and percent-encoded.
    var placeholderTexts: [String] {
        var texts: [String] = []
        for form in forms {
            texts.append(form.placeholder)
            let encoded = Self.percentEncoded(form.placeholder)
            if encoded != form.placeholder { texts.append(encoded) }
        }
        if isRestorable { texts.append(otherJSONPlaceholder) }
        return texts
    }

    /// `text`, a placeholder, percent-encoded for any part of a URL: as a query value, and with `@`, `/` and `?`
    /// encoded too, since a secret replaced in a URL's authority (a short cookie value that the host also spells)
    /// must not make its placeholder read as user information or a path. `<REDACTED:name>` takes a fast path.
    static func percentEncoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): bytes += Array("%3C".utf8)
            case UInt8(ascii: ">"): bytes += Array("%3E".utf8)
            case _ where WireForm.writesUnchanged(byte) || byte == UInt8(ascii: ":"):
                bytes.append(byte)
            default:
                return text.addingPercentEncoding(withAllowedCharacters: .placeholderInURLAllowed) ?? text
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension CharacterSet {
    /// Characters that may stand unescaped in a query item's value.
    static let urlQueryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))

    /// Characters that may stand unescaped in a placeholder written into a URL, whatever part it lands in.
    static let placeholderInURLAllowed = urlQueryValueAllowed.subtracting(CharacterSet(charactersIn: "@/?"))
}
