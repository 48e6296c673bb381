import CassetteCore
import Foundation

/// The check of `cassette verify` for what no HTTP message carries: a control character (see
/// ``InertText/isControl(_:)``) in a method, a URL, or a header's name or value (a tab aside, in a value).
enum ControlCharacterCheck {
    /// The findings in `interaction`, the file's entry number `entry`, each at its coding path.
    static func findings(in interaction: Interaction, entry: Int) -> [String] {
        let base = "entries[\(entry)].value"
        let request = interaction.request
        var findings = check(request.method, at: base + ".request.method")
        findings += check(request.url, at: base + ".request.url")
        findings += check(request.headers, at: base + ".request.headers")
        guard let response = interaction.response else { return findings }
        findings += check(response.url, at: base + ".response.url")
        findings += check(response.headers, at: base + ".response.headers")
        for (hop, redirect) in response.redirects.enumerated() {
            findings += check(redirect.url, at: base + ".response.redirects[\(hop)].url")
            findings += check(redirect.headers, at: base + ".response.redirects[\(hop)].headers")
        }
        return findings
    }

    /// A finding per header of `headers` whose name or value holds a control character, named by its position in
    /// name order (the name itself may be what misleads).
    private static func check(_ headers: [String: String], at path: String) -> [String] {
        headers.keys.sorted().enumerated().flatMap { index, name in
            check(name, at: path, what: "the name of header \(index + 1) (in name order)")
                + check(headers[name] ?? "", at: path, what: "the value of header \(index + 1) (in name order)", allowingTab: true)
        }
    }

    /// The finding for `text` at `path`, when it holds a control character: how many, and the first one's code point
    /// and position, never the text.
    private static func check(_ text: String, at path: String, what: String? = nil, allowingTab: Bool = false) -> [String] {
        var count = 0
        var first: (scalar: Unicode.Scalar, offset: Int)?
        for (offset, scalar) in text.unicodeScalars.enumerated() where InertText.isControl(scalar) && !(allowingTab && scalar == "\t") {
            count += 1
            if first == nil { first = (scalar, offset + 1) }
        }
        guard let first else { return [] }
        let code = String(format: "U+%04X", first.scalar.value)
        return ["At \(path): \(what.map { $0 + " holds" } ?? "it holds") \(count == 1 ? "a control character" : "\(count) control characters") (the first \(code), character \(first.offset)), which no HTTP message carries: the file was edited by hand or written to mislead. Record the cassette again."]
    }
}
