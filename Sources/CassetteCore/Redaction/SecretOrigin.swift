/// Which rule found a secret, and under which name: what a request secret's placeholder is named after, and what a
/// report of the secret says in place of its value (`cassette verify`).
package struct SecretOrigin: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case header, cookie, credentialPassword, urlPassword, queryItem, formField, jsonKey, literal, boundary, shape, highEntropy
    }

    private let kind: Kind
    /// The header (lowercased), cookie, query item, field or key name as written; the placeholder of a literal.
    private let name: String

    private init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }

    /// The value of a header a rule names (`name` lowercased), or the credential after its scheme.
    static func header(_ name: String) -> SecretOrigin { SecretOrigin(.header, name) }
    /// The value of one cookie of a `Cookie` or `Set-Cookie` header.
    static func cookie(_ name: String) -> SecretOrigin { SecretOrigin(.cookie, name) }
    /// The password inside a Basic credential of the header `header` (lowercased).
    static func credentialPassword(in header: String) -> SecretOrigin { SecretOrigin(.credentialPassword, header) }
    /// The password of a URL's user information (`https://user:password@host`).
    static let urlPassword = SecretOrigin(.urlPassword, "")
    /// A query item a rule names, in a URL or in a URL held in a query value.
    static func queryItem(_ name: String) -> SecretOrigin { SecretOrigin(.queryItem, name) }
    /// A field of a form or multipart body that a rule names.
    static func formField(_ name: String) -> SecretOrigin { SecretOrigin(.formField, name) }
    /// A JSON value at a key path a rule names.
    static func jsonKey(_ name: String) -> SecretOrigin { SecretOrigin(.jsonKey, name) }
    /// A literal secret of the rules, written as `placeholder`.
    static func literal(_ placeholder: String) -> SecretOrigin { SecretOrigin(.literal, placeholder) }
    /// A multipart boundary: no secret, but restored like one (see ``Redaction/boundaryPlaceholder``).
    static let boundary = SecretOrigin(.boundary, "")
    /// A value of the shape named `name` (see ``SecretShape``), wherever it stood.
    static func shape(_ name: String) -> SecretOrigin { SecretOrigin(.shape, name) }
    /// A long, varied value under the header, query item, field or key `name` (see ``SecretShape/highEntropy``).
    static func highEntropy(under name: String) -> SecretOrigin { SecretOrigin(.highEntropy, name) }

    /// What a request secret's placeholder is named after: `authorization`, `cookie-sid`, `authorization-password`,
    /// `url-password`, the name of a query item, field or key, or of a shape (`github-token`).
    ///
    /// A name is the sender's text, and a placeholder is stored as it is: a token standing in a name (a cookie named
    /// `ghp_…`) is written as its shape's name there, `cookie-github-token`.
    ///
    /// Nor does it hold what would make its placeholder, percent-encoded in a URL and decoded again, read as a query
    /// of its own (`%`, `?`, `#`, `&`, `=`, each written `_`): the fuzzer named a cookie `st%2F%3Ftoken%3D…`, and a
    /// second pass read a `token` item in its placeholder.
    var placeholderName: String {
        switch kind {
        case .cookie: "cookie-" + Self.withoutTokens(name, inPlaceholder: true)
        case .credentialPassword: Self.withoutTokens(name, inPlaceholder: true) + "-password"
        case .urlPassword: "url-password"
        case .boundary: "boundary"
        case .literal, .shape: name
        case .header, .queryItem, .formField, .jsonKey, .highEntropy: Self.withoutTokens(name, inPlaceholder: true)
        }
    }

    /// What makes a text read as a query (`%`, `?`, `#`, `&` and `=`) or as a URL's user information (`@`), written
    /// `_` in a placeholder's name so that redacting the text it stands in again finds nothing in it.
    private static let queryCharacters: Set<UInt8> = [UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "="),
                                                      UInt8(ascii: "@")]

    /// Finds the tokens a name may hold, of every built-in shape found by its value.
    private static let nameScan = ShapeScan(SecretShape.builtIn.filter { $0 != .highEntropy })

    /// The most bytes of a name a placeholder or a description holds. A placeholder stands wherever its value did,
    /// so one named after a long name (a cookie's, from garbage) would multiply the size of the text it is written
    /// into; the fuzzer made 87 bytes grow to 156 KB, and more on the next pass.
    static let longestName = 64

    /// `name`, at most ``longestName`` bytes of it (whole characters), with each value of a shape in it written as
    /// the shape's name, the password of a URL in it written `password` (a cookie named after a URL), and,
    /// `inPlaceholder`, the characters of a query and `@` written `_`.
    private static func withoutTokens(_ name: String, inPlaceholder: Bool = false) -> String {
        var name = name
        for password in URLsInText.passwords(in: name) {
            guard let written = password.encoded, !written.isEmpty else { continue }
            name = name.replacingOccurrences(of: written, with: "password")
        }
        if inPlaceholder, name.utf8.contains(where: { Self.queryCharacters.contains($0) }) {
            name = String(decoding: name.utf8.map { Self.queryCharacters.contains($0) ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
        }
        if name.utf8.count > longestName {
            var cut = ""
            for character in name {
                guard cut.utf8.count + character.utf8.count <= longestName else { break }
                cut.append(character)
            }
            name = cut
        }
        let hits = nameScan.hits(in: name).map { (range: $0.range, replacement: Array($0.shape.name.utf8)) }
        return Array(name.utf8).withUnsafeBytes { Replacer.splice($0, hits) }.map { String(decoding: $0, as: UTF8.self) } ?? name
    }

    /// Whether a value of this origin was found by its shape (see ``SecretShape``): a secret wherever it stands.
    var isShape: Bool { kind == .shape }

    /// Whether a value of this origin is a secret: everything but a multipart boundary.
    package var isSecret: Bool { kind != .boundary }

    /// The rule and the name, never a value: `the value of header "authorization"`, `the value of cookie "sid"`,
    /// `the password in header "authorization"`, `the literal secret <API_TOKEN>`, `a value shaped like "jwt"`.
    package var description: String {
        switch kind {
        case .header: "the value of header \"\(Self.withoutTokens(name))\""
        case .cookie: "the value of cookie \"\(Self.withoutTokens(name))\""
        case .credentialPassword: "the password in header \"\(Self.withoutTokens(name))\""
        case .urlPassword: "the URL's user-information password"
        case .queryItem: "the value of query item \"\(Self.withoutTokens(name))\""
        case .formField: "the value of form field \"\(Self.withoutTokens(name))\""
        case .jsonKey: "the value of JSON key \"\(Self.withoutTokens(name))\""
        case .literal: "the literal secret \(name)"
        case .boundary: "the multipart boundary"
        case .shape: "a value shaped like \"\(name)\""
        case .highEntropy: "a high-entropy value under \"\(Self.withoutTokens(name))\""
        }
    }
}
