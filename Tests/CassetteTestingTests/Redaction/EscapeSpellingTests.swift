import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

/// Issue 26, item 3: a secret in a JSON body is found in every spelling a JSON writer can give it: any character
/// escaped or not, `\u` with upper- or lowercase hex, the short escapes.
@Suite("Every JSON spelling of a secret")
struct EscapeSpellingTests {
    /// A secret with the characters writers escape differently: `+` (.NET), `'` (.NET), `<` `>` (HTML-safe
    /// writers), `/` (`\/`), letters (which any writer may escape), and one beyond the BMP, which an ASCII-only
    /// writer spells as a surrogate pair (`\ud83d\udd11`).
    private static let secret = "Se+cr'et<9>/API\u{1F511}KEY-07"

    /// A deterministic generator, so that a failure names a spelling that can be tried again.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    /// `text` as a JSON writer may spell it inside a string: each character as is, as `\u` with lower- or uppercase
    /// hex (a surrogate pair beyond the BMP), or with its short escape.
    private static func spelling(_ text: String, using generator: inout Generator) -> String {
        text.unicodeScalars.map { scalar -> String in
            let escaped = String(scalar).utf16.map { unit in
                let hex = String(unit, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }.joined()
            switch generator.next() % 4 {
            case 0: return escaped
            case 1: return escaped.uppercased().replacingOccurrences(of: "\\U", with: "\\u")
            case 2 where scalar == "/": return "\\/"
            default: return String(scalar)
            }
        }.joined()
    }

    @Test("500 spellings (surrogate pairs too) in a request body, and echoed in its response: the stored exchange holds the secret in none")
    func spellings() throws {
        var generator = Generator(state: 26)
        var leaked: [String] = []
        for _ in 0..<500 {
            let spelled = Self.spelling(Self.secret, using: &generator)
            let body = #"{"user": "u", "password": "\#(spelled)"}"#
            let request = RecordedRequest(method: "POST", url: "https://api.test/login", headers: ["Content-Type": "application/json"],
                                          body: Body(Data(body.utf8)))
            let echo = #"{"json": {"password": "\#(spelled)"}, "data": "\#(body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))"}"#
            let response = RecordedResponse(status: 200, headers: ["Content-Type": "application/json"], body: Body(Data(echo.utf8)),
                                            url: request.url)
            let exchange = recorded(request, response)
            for (place, stored) in [("request", exchange.request.body), ("response", exchange.response.body)]
            where Self.holdsSecret(stored?.data ?? Data()) {
                leaked.append(place + ": " + spelled + " -> " + String(decoding: stored?.data ?? Data(), as: UTF8.self))
            }
        }
        #expect(leaked.isEmpty, "\(leaked.count) spellings leaked, e.g. \(leaked.prefix(3))")
    }

    /// Whether the JSON text holds the secret in any string, at any depth, or in a string holding JSON.
    private static func holdsSecret(_ data: Data) -> Bool {
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return String(decoding: data, as: UTF8.self).contains(secret)
        }
        func holds(_ value: Any) -> Bool {
            switch value {
            case let string as String:
                if string.contains(secret) { return true }
                return string.first == "{" && holdsSecret(Data(string.utf8))
            case let array as [Any]: return array.contains(where: holds)
            case let object as [String: Any]: return object.values.contains(where: holds)
            default: return false
            }
        }
        return holds(value)
    }
}
