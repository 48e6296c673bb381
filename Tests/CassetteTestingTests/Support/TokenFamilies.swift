import Foundation

/// A fresh value of each credential family redaction knows by shape, made at run time (no real-looking token is
/// written in the repository), each different every run.
struct TokenFamilies {
    let jwt = Self.jwt()
    let githubClassic = "ghp_" + Self.random(.alphanumeric, 36)
    let githubFineGrained = "github_pat_" + Self.random(.alphanumeric, 22) + "_" + Self.random(.alphanumeric, 59)
    let slack = "xoxb-" + Self.random(.digits, 12) + "-" + Self.random(.digits, 13) + "-" + Self.random(.alphanumeric, 24)
    let stripeLive = "sk_live_" + Self.random(.alphanumeric, 24) + "9"
    let stripeRestricted = "rk_live_" + Self.random(.alphanumeric, 24) + "7"
    let openAI = "sk-proj-" + Self.random(.base64URL, 48) + "x1"
    let anthropic = "sk-ant-api03-" + Self.random(.base64URL, 93) + "AA"
    let google = "AIza" + Self.random(.base64URL, 35)
    let awsAccessKeyID = "AKIA" + Self.random(.upper, 16)
    let awsTemporaryKeyID = "ASIA" + Self.random(.upper, 16)
    let awsSignature = Self.random(.hex, 64)
    let privateKey = Self.privateKey()

    /// Every value with its family's shape name (what its placeholders are named after).
    var all: [(family: String, value: String)] {
        [("jwt", jwt), ("github-token", githubClassic), ("github-token", githubFineGrained), ("slack-token", slack),
         ("stripe-key", stripeLive), ("stripe-key", stripeRestricted), ("openai-key", openAI),
         ("anthropic-key", anthropic), ("google-api-key", google), ("aws-access-key-id", awsAccessKeyID),
         ("aws-access-key-id", awsTemporaryKeyID), ("aws-signature", awsSignature), ("private-key", privateKey)]
    }

    /// How a family's value is written where text holds it: a signature after `Signature=`, as AWS writes it.
    static func planted(_ family: String, _ value: String) -> String {
        family == "aws-signature" ? "Signature=" + value : value
    }

    enum Alphabet {
        case alphanumeric, digits, base64URL, upper, hex

        var characters: [Character] {
            let lower = Array("abcdefghijklmnopqrstuvwxyz"), upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), digits = Array("0123456789")
            switch self {
            case .alphanumeric: return lower + upper + digits
            case .digits: return digits
            case .base64URL: return lower + upper + digits + ["_", "-"]
            case .upper: return upper + digits
            case .hex: return digits + Array("abcdef")
            }
        }
    }

    /// `count` random characters of `alphabet`, holding at least one letter and one digit where it has both.
    static func random(_ alphabet: Alphabet, _ count: Int) -> String {
        let characters = alphabet.characters
        var text = String((0..<count).map { _ in characters.randomElement()! })
        if count >= 2, alphabet != .digits {
            text = String(text.dropLast(2)) + "7" + (alphabet == .hex ? "c" : "Q")
        }
        return text
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func jwt() -> String {
        let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let payload = base64URL(Data(#"{"sub":"\#(UUID().uuidString)","iat":1700000000}"#.utf8))
        let signature = base64URL(Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
        return header + "." + payload + "." + signature
    }

    private static func privateKey() -> String {
        let body = Data((0..<180).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let lines = stride(from: 0, to: body.count, by: 64).map { start -> String in
            let from = body.index(body.startIndex, offsetBy: start)
            return String(body[from..<(body.index(from, offsetBy: 64, limitedBy: body.endIndex) ?? body.endIndex)])
        }
        return "-----BEGIN PRIVATE KEY-----\n" + lines.joined(separator: "\n") + "\n-----END PRIVATE KEY-----"
    }
}
