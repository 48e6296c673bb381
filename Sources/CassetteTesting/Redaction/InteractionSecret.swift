import Foundation

/// One secret of an interaction: a value no cassette may hold, the forms it takes on the wire, and the placeholder
/// written for each form.
///
/// A value found in a request is *restorable*: its placeholders name where it was found (`<REDACTED:token>`), and
/// replay turns them back into the value the live request carries. A value learned from a response is not: its
/// one placeholder (`REDACTED_token_3`) is what replay serves.
struct InteractionSecret: Sendable, Hashable {
    /// The value as the code under test knows it (percent-decoded).
    let value: String
    /// The value as it was written in a URL or form body (`a%2Bb`), or ``value`` when it was not encoded.
    let encoded: String
    /// What replaces ``value`` in headers and bodies.
    let placeholder: String
    /// What replaces any percent-encoded form of the value, and ``value`` itself inside URLs.
    let encodedPlaceholder: String
    /// What replaces the value escaped as inside a JSON string, when that differs from ``value``.
    let jsonPlaceholder: String
    /// Whether replay turns the placeholders back into a live request's value.
    let isRestorable: Bool
    /// Whether the value is searched for across the interaction, or replaced only where a rule found it.
    let isSearched: Bool

    /// A secret found in a request, named after where it was found; `stem` is ``Redaction/placeholder``.
    init(requestValue value: String, encoded: String?, name: String, stem: String) {
        let named = Self.named(stem, name)
        self.init(value: value, encoded: encoded ?? value, placeholder: named,
                  jsonPlaceholder: Self.named(stem, name + ":json"), isRestorable: true,
                  isSearched: value.count >= Redaction.minimumSearchedLength)
    }

    /// A literal secret of the rules, with the placeholder its caller chose.
    init(literal secret: Redaction.Secret) {
        self.init(value: secret.value, encoded: secret.value, placeholder: secret.placeholder,
                  jsonPlaceholder: Self.inserting(":json", into: secret.placeholder), isRestorable: true, isSearched: true)
    }

    /// The same secret, known to be percent-encoded as `encoded` where it stands in a URL or form.
    func encoded(as encoded: String) -> InteractionSecret {
        InteractionSecret(value: value, encoded: encoded, placeholder: placeholder, jsonPlaceholder: jsonPlaceholder,
                          isRestorable: isRestorable, isSearched: isSearched)
    }

    /// A secret learned from a response, with the one placeholder replay serves in its place.
    init(learnedValue value: String, placeholder: String) {
        self.value = value
        encoded = value
        self.placeholder = placeholder
        encodedPlaceholder = placeholder
        jsonPlaceholder = placeholder
        isRestorable = false
        isSearched = value.count >= Self.minimumLearnedSearchedLength
    }

    private init(value: String, encoded: String, placeholder: String, jsonPlaceholder: String,
                 isRestorable: Bool, isSearched: Bool) {
        self.value = value
        self.encoded = encoded
        self.placeholder = placeholder
        encodedPlaceholder = placeholder.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? placeholder
        self.jsonPlaceholder = jsonPlaceholder
        self.isRestorable = isRestorable
        self.isSearched = isSearched
    }

    /// A value the server sent is searched for elsewhere only from this length: it cannot be restored, so a
    /// short one (`lang=en`) would otherwise rewrite ordinary text that replay then serves.
    static let minimumLearnedSearchedLength = 8

    /// `<REDACTED>` with `name` becomes `<REDACTED:name>`; a stem without angle brackets gets `:name` appended.
    static func named(_ stem: String, _ name: String) -> String {
        inserting(":" + name, into: stem)
    }

    private static func inserting(_ suffix: String, into placeholder: String) -> String {
        placeholder.hasSuffix(">") ? String(placeholder.dropLast()) + suffix + ">" : placeholder + suffix
    }

    /// The forms of the value to look for, each with what replaces it, inside a URL or elsewhere.
    func replacements(inURL: Bool) -> [(find: String, replace: String)] {
        var pairs: [(find: String, replace: String)] = []
        for variant in percentEncodedVariants where variant != value {
            pairs.append((variant, encodedPlaceholder))
        }
        if inURL {
            pairs.append((value, encodedPlaceholder))
        } else {
            let escaped = Self.jsonEscaped(value)
            if escaped != value { pairs.append((escaped, jsonPlaceholder)) }
            let slashEscaped = escaped.replacingOccurrences(of: "/", with: "\\/")
            if slashEscaped != escaped { pairs.append((slashEscaped, jsonPlaceholder)) }
            pairs.append((value, placeholder))
        }
        return pairs
    }

    /// Each placeholder with the form of the value it stands for.
    var restorations: [(find: String, replace: String)] {
        var pairs = [(find: placeholder, replace: value)]
        if encodedPlaceholder != placeholder { pairs.append((encodedPlaceholder, encoded)) }
        if jsonPlaceholder != placeholder { pairs.append((jsonPlaceholder, Self.jsonEscaped(value))) }
        return pairs
    }

    /// The ways a client or server may percent-encode the value: as it was seen, as query values are usually
    /// encoded, and with everything but letters and digits encoded.
    private var percentEncodedVariants: [String] {
        var variants = [encoded]
        for allowed in [CharacterSet.urlQueryValueAllowed, .alphanumerics] {
            if let variant = value.addingPercentEncoding(withAllowedCharacters: allowed), !variants.contains(variant) {
                variants.append(variant)
            }
        }
        return variants
    }

    /// The text inside a JSON string that holds `value` (quotes, backslashes and control characters escaped).
    static func jsonEscaped(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }) else { return value }
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20: result += String(format: "\\u%04x", control.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension CharacterSet {
    /// Characters that may stand unescaped in a query item's value.
    static let urlQueryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))
}
