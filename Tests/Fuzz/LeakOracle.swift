import CassetteCore
import Foundation

/// What the leak targets ask of everything redaction stored: nothing a secret's shape is found in, however it is
/// spelled, and nothing that redacting again would change (`cassette verify` reports such a change).
///
/// Each stored text is read as written, JSON-unescaped (bodies: `\u0067hp_…`, `\/`, surrogate pairs, nested up to
/// four times) and percent-decoded (`%67hp_…`), and the harness's own shape scanner must find nothing in any of those
/// spellings. A value under a rule's name that redaction missed in both passes in the same way is what the planted
/// tokens of the seeds (`ghp_…`, a JWT, an AWS key) are for: the fuzzer moves them into every place and spelling.
///
/// Its decoders are its own on purpose, simpler and more lenient than the harness's (every `\u` and `%` escape,
/// wherever it stands): an oracle that shared the code it judges would share its blind spots. The shape scanner is
/// the harness's, since which values are tokens is what the shapes define.
enum LeakOracle {
    /// Every shape that is found by the value alone (high entropy is found by name, not here).
    static let scan = ShapeScan(SecretShape.builtIn.filter { $0 != .highEntropy })

    /// What is wrong with `stored`, the output of `redaction` for some input; `nil` when nothing is.
    static func problem(in stored: [Interaction], redaction: Redaction = .default) -> String? {
        for (position, interaction) in stored.enumerated() {
            if let leak = leak(in: interaction) { return "interaction \(position + 1): \(leak)" }
        }
        let again = redaction.redacting(stored)
        for (position, pair) in zip(stored, again).enumerated() where pair.0 != pair.1 {
            return "interaction \(position + 1) changes when redacted again (cassette verify would report it):\n"
                + "  \(String(describing: pair.0).prefix(600))\n  \(String(describing: pair.1).prefix(600))"
        }
        return nil
    }

    /// The first stored text a shape is found in, and the shape.
    static func leak(in interaction: Interaction) -> String? {
        for (place, text, isBody) in parts(of: interaction) {
            for (spelling, variant) in spellings(of: text, isBody: isBody) {
                if let hit = scan.values(in: variant).first {
                    return "\(place), \(spelling): a \(hit.shape.name) value remains: \(hit.value.prefix(80))"
                }
            }
        }
        return nil
    }

    /// Every text an interaction stores, named by where it stands; headers as `name: value`.
    static func parts(of interaction: Interaction) -> [(place: String, text: String, isBody: Bool)] {
        var texts: [(place: String, text: String, isBody: Bool)] = [("request.url", interaction.request.url, false)]
        texts += interaction.request.headers.sorted { $0.key < $1.key }.map { ("request.headers[\($0.key)]", "\($0.key): \($0.value)", false) }
        if let body = interaction.request.body { texts.append(("request.body", String(decoding: body.data, as: UTF8.self), true)) }
        if let response = interaction.response {
            texts.append(("response.url", response.url, false))
            texts += response.headers.sorted { $0.key < $1.key }.map { ("response.headers[\($0.key)]", "\($0.key): \($0.value)", false) }
            if let body = response.body { texts.append(("response.body", String(decoding: body.data, as: UTF8.self), true)) }
            for (hop, redirect) in response.redirects.enumerated() {
                texts.append(("response.redirects[\(hop)].url", redirect.url, false))
                texts += redirect.headers.sorted { $0.key < $1.key }.map { ("response.redirects[\(hop)].headers[\($0.key)]", "\($0.key): \($0.value)", false) }
            }
        }
        if let failure = interaction.failure { texts.append(("failure.description", failure.description, false)) }
        return texts
    }

    /// `text` as written, and as a reader decoding it would see it.
    static func spellings(of text: String, isBody: Bool) -> [(String, String)] {
        var result = [("as stored", text)]
        let decoded = percentDecoded(text)
        if decoded != text { result.append(("percent-decoded", decoded)) }
        guard isBody else { return result }
        var unescaped = text
        for depth in 1...4 {
            let next = jsonUnescaped(unescaped)
            guard next != unescaped else { break }
            unescaped = next
            result.append(("JSON-unescaped \(depth)×", unescaped))
            let both = percentDecoded(unescaped)
            if both != unescaped { result.append(("JSON-unescaped \(depth)×, percent-decoded", both)) }
        }
        return result
    }

    /// Every `%XX` of two hexadecimal digits decoded; anything else (a lone `%`, bytes that are no UTF-8) kept.
    static func percentDecoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The escapes of JSON strings decoded wherever they stand (`\uXXXX` with surrogate pairs, `\/`, `\"`, `\\`,
    /// `\n` and the others); text that is not an escape is kept.
    static func jsonUnescaped(_ text: String) -> String {
        let units = Array(text.utf16)
        guard units.contains(UInt16(UInt8(ascii: "\\"))) else { return text }
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var index = 0
        while index < units.count {
            guard units[index] == UInt16(UInt8(ascii: "\\")), index + 1 < units.count else {
                out.append(units[index])
                index += 1
                continue
            }
            let next = units[index + 1]
            switch next {
            case UInt16(UInt8(ascii: "u")) where index + 5 < units.count:
                let digits = units[(index + 2)...(index + 5)].compactMap { $0 < 128 ? hex(UInt8($0)) : nil }
                if digits.count == 4 {
                    out.append(digits.reduce(0) { $0 << 4 | UInt16($1) })
                    index += 6
                } else {
                    out.append(units[index])
                    index += 1
                }
            case UInt16(UInt8(ascii: "n")): out.append(10); index += 2
            case UInt16(UInt8(ascii: "t")): out.append(9); index += 2
            case UInt16(UInt8(ascii: "r")): out.append(13); index += 2
            case UInt16(UInt8(ascii: "b")): out.append(8); index += 2
            case UInt16(UInt8(ascii: "f")): out.append(12); index += 2
            case UInt16(UInt8(ascii: "/")), UInt16(UInt8(ascii: "\"")), UInt16(UInt8(ascii: "\\")): out.append(next); index += 2
            default:
                out.append(units[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF16.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
