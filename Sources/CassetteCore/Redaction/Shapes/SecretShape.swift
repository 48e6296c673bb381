/// A kind of credential that redaction recognizes by what its value looks like, wherever it stands: in a URL, any
/// header, a cookie, a body of any type, an echo, a stream's events.
///
/// Name rules find a secret by where it is (a header, query item or JSON key they name); a shape finds one that no
/// rule names, such as a GitHub token in a JSON field called `note` or an API key in `X-Goog-Api-Key`. A value found
/// in a request is restored on replay like any request secret (`<REDACTED:github-token>`); one only the server sent
/// becomes a learned placeholder (`REDACTED_github-token_3`).
///
/// ```swift
/// let redaction = Redaction.default
///     .notDetecting(.highEntropy)
///     .detecting(.prefixed("acme-key", prefixes: "acme_live_", "acme_test_"))
/// ```
///
/// A prefixed token is found where it starts a word (no letter, digit, `_` or `-` before it) and its characters
/// after the prefix run at least as long as the shape asks.
public struct SecretShape: Sendable, Hashable, CustomStringConvertible {
    /// What the shape is called: it names the placeholder (`<REDACTED:jwt>`) and what `cassette verify` reports.
    public let name: String
    /// How values of this shape are recognized.
    let kind: Kind

    enum Kind: Sendable, Hashable {
        /// Three base64url parts joined by `.`, the first a JSON object with an `alg` member.
        case jwt
        /// A PEM block whose label holds `PRIVATE KEY`, from `-----BEGIN` to the end of its `-----END …-----` line.
        case privateKey
        /// The 64 hexadecimal digits after `Signature=` (AWS Signature Version 4, in a header or a query).
        case awsSignature
        /// A long, varied value where credentials go: see ``SecretShape/highEntropy``.
        case highEntropy
        /// Tokens that start with one of these prefixes.
        case prefixed([TokenPrefix])
    }

    /// A token's literal start and what follows it.
    struct TokenPrefix: Sendable, Hashable {
        let text: [UInt8]
        /// The characters the token may hold after its prefix.
        let alphabet: TokenAlphabet
        /// How many of them it holds at least, and at most.
        let lengths: ClosedRange<Int>
        /// Whether what follows the prefix must mix letters and digits (so that `sk-` before an ordinary word is no key).
        let mixesLettersAndDigits: Bool
    }

    /// The characters a token is written with.
    enum TokenAlphabet: Sendable, Hashable {
        /// `A-Z a-z 0-9`.
        case alphanumeric
        /// `A-Z 0-9`.
        case upperAlphanumeric
        /// `A-Z a-z 0-9 _ -`, base64url's.
        case base64URL
        /// `A-Z a-z 0-9 -`.
        case alphanumericDash

        func holds(_ byte: UInt8) -> Bool {
            switch self {
            case .alphanumeric: byte.isASCIIAlphanumeric
            case .upperAlphanumeric: byte.isASCIIUppercase || byte.isASCIIDigit
            case .base64URL: byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            case .alphanumericDash: byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-")
            }
        }
    }

    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// The shape's name.
    public var description: String { name }

    /// Whether two shapes are one: shapes are told apart by name.
    public static func == (lhs: SecretShape, rhs: SecretShape) -> Bool { lhs.name == rhs.name }

    /// Hashes the shape's name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// A shape of the user's own: a token that starts with one of `prefixes` (compared exactly) and continues with at
    /// least `minimumLength` letters, digits, `_` or `-`. Its placeholders are named `name`.
    public static func prefixed(_ name: String, prefixes: String..., minimumLength: Int = 16) -> SecretShape {
        let lengths = max(1, minimumLength)...Int.max
        return SecretShape(name: name, kind: .prefixed(prefixes.filter { !$0.isEmpty }.map {
            TokenPrefix(text: Array($0.utf8), alphabet: .base64URL, lengths: lengths, mixesLettersAndDigits: false)
        }))
    }
}

extension SecretShape {
    /// JSON Web Tokens: three base64url parts joined by `.` whose first part decodes to a JSON object with an `alg`
    /// member (`eyJhbGciOi…`). Named `jwt`.
    public static let jwt = SecretShape(name: "jwt", kind: .jwt)

    /// GitHub tokens: `ghp_`, `gho_`, `ghu_`, `ghs_` and `ghr_` followed by 30 or more letters and digits, and
    /// fine-grained `github_pat_` tokens. Named `github-token`.
    public static let githubToken = SecretShape(name: "github-token", kind: .prefixed(
        ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"].map { prefix($0, .alphanumeric, 30...255) }
            + [prefix("github_pat_", .base64URL, 22...255)]))

    /// Slack tokens: `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-` and `xoxe-` followed by digits, letters and dashes.
    /// Named `slack-token`.
    public static let slackToken = SecretShape(name: "slack-token", kind: .prefixed(
        ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xoxe-", "xoxe.xoxp-"].map {
            prefix($0, .alphanumericDash, 10...255, mixed: true)
        }))

    /// Stripe secret and restricted keys, live and test: `sk_live_`, `rk_live_`, `sk_test_`, `rk_test_`, and webhook
    /// signing secrets `whsec_`. Publishable keys (`pk_…`) are public by design and not matched. Named `stripe-key`.
    public static let stripeKey = SecretShape(name: "stripe-key", kind: .prefixed(
        ["sk_live_", "rk_live_", "sk_test_", "rk_test_", "whsec_"].map { prefix($0, .alphanumeric, 16...255) }))

    /// Anthropic API keys: `sk-ant-` followed by 32 or more letters, digits, `_` and `-`. Named `anthropic-key`.
    public static let anthropicKey = SecretShape(name: "anthropic-key", kind: .prefixed(
        [prefix("sk-ant-", .base64URL, 32...512, mixed: true)]))

    /// OpenAI API keys: `sk-` (including `sk-proj-`, `sk-svcacct-`, `sk-admin-`) followed by 32 or more letters,
    /// digits, `_` and `-` that mix letters and digits. Named `openai-key`.
    public static let openAIKey = SecretShape(name: "openai-key", kind: .prefixed(
        [prefix("sk-", .base64URL, 32...512, mixed: true)]))

    /// Google API keys: `AIza` followed by exactly 35 letters, digits, `_` and `-`. Named `google-api-key`.
    public static let googleAPIKey = SecretShape(name: "google-api-key", kind: .prefixed(
        [prefix("AIza", .base64URL, 35...35)]))

    /// AWS access key ids, long-term (`AKIA`) and temporary (`ASIA`), followed by exactly 16 capitals and digits.
    /// Named `aws-access-key-id`.
    public static let awsAccessKeyID = SecretShape(name: "aws-access-key-id", kind: .prefixed(
        ["AKIA", "ASIA"].map { prefix($0, .upperAlphanumeric, 16...16) }))

    /// AWS Signature Version 4 signatures: the 64 hexadecimal digits after `Signature=` in an `Authorization` header
    /// or after `X-Amz-Signature=` in a presigned URL. Named `aws-signature`.
    public static let awsSignature = SecretShape(name: "aws-signature", kind: .awsSignature)

    /// PEM private keys (`-----BEGIN PRIVATE KEY-----`, `RSA`, `EC`, `OPENSSH`, `ENCRYPTED`, PGP key blocks), the
    /// whole block to the end of its `-----END` line, as written (JSON-escaped or percent-encoded). Named `private-key`.
    public static let privateKey = SecretShape(name: "private-key", kind: .privateKey)

    /// Long, varied values where credentials go: the value of a header, query item, form field or JSON key whose
    /// name holds `token`, `secret`, `passw`, `signature` or `credential`, ends in `key` (`apiKey`; a JSON key `key`
    /// alone no, a query item or form field `key` yes), or holds `auth` or `session` (not `author` or
    /// `authenticator`; there an object id such as `vs_1Jx…` is no credential), when it is 20 to 4,096 characters of
    /// letters, digits and `+/=_-.~` (after a scheme such as `Bearer`; not a path) with at least 3 bits of entropy a
    /// character, is not a UUID, and either holds a run of 16 letters and digits that mixes both (hexadecimal and
    /// alphanumeric tokens) or mixes lowercase, uppercase and digits with few separators (base64 tokens). Names of
    /// public keys, idempotency keys, pagination, hashes, references and storage keys (holding `public`,
    /// `publishable`, `idempotency`, `next`, `page`, `paginat`, `cursor`, `continuation`, `resume`, `clientRequest`,
    /// `from`, `hash`, `cache`, `object`, `partition`, `routing`, `dedup`, `file`, `image`, `sort`, `lookup` or `s3`;
    /// ending in `id`, `ids`, `arn`,
    /// `name`, `type`, `url` or `uri`) are not looked at. The placeholder is named after the header, item or key
    /// (`<REDACTED:x-custom-auth>`).
    public static let highEntropy = SecretShape(name: "high-entropy", kind: .highEntropy)

    /// Every shape above: what ``Redaction/default`` detects.
    public static let builtIn: [SecretShape] = [
        .jwt, .githubToken, .slackToken, .stripeKey, .anthropicKey, .openAIKey, .googleAPIKey, .awsAccessKeyID,
        .awsSignature, .privateKey, .highEntropy,
    ]

    private static func prefix(_ text: String, _ alphabet: TokenAlphabet, _ lengths: ClosedRange<Int>,
                               mixed: Bool = false) -> TokenPrefix {
        TokenPrefix(text: Array(text.utf8), alphabet: alphabet, lengths: lengths, mixesLettersAndDigits: mixed)
    }
}
