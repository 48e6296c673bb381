import Foundation

/// The parts of URLs a text holds that carry secrets, found without parsing it, in one pass over its bytes: the query
/// parameters of a page's link (`<a href="/cb?token=…">`), of a URL in prose or XML, and the user information
/// (`scheme://user:password@host`) of a URL and of URLs held in it percent-encoded. A body that is neither JSON nor a
/// form is still read for the query items a rule names, so that redaction fails closed on text it cannot parse; a
/// URL's password is always a secret, wherever the URL stands.
enum URLsInText {
    /// The values of the parameters in `data` whose names `wanted` holds, in order, each with its name and as written
    /// (still percent-encoded); none when `data` holds no `=`.
    ///
    /// A parameter is a name that follows `?`, `&` (or `&amp;`) or `;`, then `=` and a value up to the next character
    /// that ends one in such text: `&`, `;`, `#`, a quote, `<`, `>`, a closing bracket, a `\` but in `\/` (a JSON
    /// string's `/`, read as one), or a byte a URL does not hold unencoded (whitespace, a control character, anything
    /// beyond ASCII).
    static func parameters(in data: Data, named wanted: SecretNameSet) -> [Redaction.Found] {
        guard data.containsByte(UInt8(ascii: "=")) else { return [] }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var found: [Redaction.Found] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                guard byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: ";") else { continue }
                // `&amp;name=` in HTML: the entity's `;` starts the name as well.
                let nameStart = index
                var nameEnd = nameStart
                while nameEnd < bytes.count, bytes[nameEnd] != UInt8(ascii: "="), !endsName(bytes[nameEnd]) { nameEnd += 1 }
                guard nameEnd < bytes.count, nameEnd > nameStart, bytes[nameEnd] == UInt8(ascii: "="),
                      wanted.contains(bytes: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])) else { continue }
                var valueEnd = nameEnd + 1
                var escapesSlashes = false
                while valueEnd < bytes.count {
                    // `\/` is a JSON string's `/` (Foundation's `JSONEncoder` writes every `/` so): the value goes on.
                    if bytes[valueEnd] == UInt8(ascii: "\\"), valueEnd + 1 < bytes.count, bytes[valueEnd + 1] == UInt8(ascii: "/") {
                        escapesSlashes = true
                        valueEnd += 2
                        continue
                    }
                    guard !endsValue(bytes[valueEnd]) else { break }
                    valueEnd += 1
                }
                guard valueEnd > nameEnd + 1 else { continue }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
                var encoded = String(decoding: UnsafeBufferPointer(rebasing: bytes[(nameEnd + 1)..<valueEnd]), as: UTF8.self)
                if escapesSlashes { encoded = encoded.replacingOccurrences(of: "\\/", with: "/") }
                let value = FormFields.decode(encoded[...], plusIsSpace: true)
                found.append(Redaction.Found(origin: .queryItem(name), value: value, encoded: encoded))
                // In a JSON string the value stands escaped as written (`a+b\/c`), and echoes escape that again: the
                // JSON forms of the written value, where they differ from those of the decoded one.
                if escapesSlashes, value != encoded { found.append(Redaction.Found(origin: .queryItem(name), value: encoded)) }
                index = valueEnd
            }
            return found
        }
    }

    /// The password of each URL's user information in `text` (as the URL wrote it, and percent-decoded), and the
    /// credential a client sends for it in `Authorization: Basic …` (swift-corelibs-foundation's URLSession does for a
    /// URL with user information, and servers echo it), with no repeats: of the URLs written in it, then of those its
    /// percent-encoding holds (`/redirect?to=https%3A%2F%2Fu%3Apw%40host`), each encoding undone in turn,
    /// ``FormFields/nestedQueryDepth`` levels deep.
    static func passwords(in text: String) -> [Redaction.Found] {
        // An `@`, written or percent-encoded, is missing from almost every URL: a `memchr` tells.
        guard text.containsByte(UInt8(ascii: "@")) || text.containsBytes(of: "%40") else { return [] }
        var found: [Redaction.Found] = []
        var level = text
        for _ in 0...FormFields.nestedQueryDepth {
            for password in passwords(writtenIn: level) where !found.contains(password) { found.append(password) }
            guard level.utf8.contains(UInt8(ascii: "%")) else { break }
            let decoded = FormFields.decode(level[...], plusIsSpace: false)
            guard decoded != level else { break }
            level = decoded
        }
        return found
    }

    /// The passwords and Basic credentials of the URLs written as they are in `text`: after each `://`, the authority
    /// (up to `/`, `?`, `#`, a quote, `<`, `>`, whitespace, `&` or the end) when it holds `user:password@`.
    private static func passwords(writtenIn text: String) -> [Redaction.Found] {
        let bytes = Array(text.utf8)
        var found: [Redaction.Found] = []
        var index = 0
        while index + 3 <= bytes.count {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            let start = index + 3
            var end = start
            while end < bytes.count, !endsAuthority(bytes[end]) { end += 1 }
            let authority = bytes[start..<end]
            // `user:password@`, or `user@` (a Basic credential with an empty password all the same).
            if let at = authority.lastIndex(of: UInt8(ascii: "@")), at > start {
                let colon = authority[..<at].firstIndex(of: UInt8(ascii: ":")) ?? at
                let user = FormFields.decode(String(decoding: authority[..<colon], as: UTF8.self)[...], plusIsSpace: false)
                let written = colon < at ? String(decoding: bytes[(colon + 1)..<at], as: UTF8.self) : ""
                let password = FormFields.decode(written[...], plusIsSpace: false)
                found.append(Redaction.Found(origin: .urlPassword, value: password, encoded: written))
                found.append(Redaction.Found(origin: .urlPassword, value: Data("\(user):\(password)".utf8).base64EncodedString()))
            }
            index = max(end, index + 1)
        }
        return found
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        endsValue(byte) || byte == UInt8(ascii: "?") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "/")
    }

    /// Whether a byte ends a value: a separator, a quote, markup, a bracket, or a byte no URL holds unencoded (a
    /// control character, whitespace, anything beyond ASCII).
    private static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "\\"), 0...0x20, 0x7F...0xFF:
            true
        default:
            false
        }
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "&"):
            true
        default:
            false
        }
    }
}
