import Foundation

/// A way a value is written on the wire. Redaction looks for a secret in every form and writes a placeholder per
/// form, so that replay can write the live value back in the same form: byte for byte what live gave.
///
/// Servers echo what they were sent in many forms: percent-encoded in URLs, escaped in JSON strings (with `\/` by
/// Foundation's writer, with `\u00e4` by Python's), and a raw body echoed as a string inside a JSON document (httpbin's
/// `data`, error messages quoting a request) is escaped twice.
enum WireForm: CaseIterable, Sendable {
    case plain
    /// Percent-encoded as the request wrote it.
    case observed
    /// Percent-encoded as query values usually are.
    case queryEncoded
    /// Everything but ASCII letters and digits percent-encoded.
    case strictlyEncoded
    /// Inside a JSON string: quotes, backslashes and control characters escaped.
    case json
    /// … and `/` as `\/`.
    case jsonSlash
    /// … and characters outside ASCII as `\u00e4` (lowercase hex, surrogate pairs beyond the BMP).
    case jsonASCII
    /// … with uppercase hex, `\u00E4`.
    case jsonASCIIUppercase
    /// … with `<`, `>`, `&`, U+2028 and U+2029 as `\u003c` and so on, as Go's encoder writes by default.
    case jsonHTMLSafe
    /// A JSON string inside a JSON string.
    case jsonInJSON
    /// A JSON string written with `\/`, inside a JSON string.
    case jsonSlashInJSON
    /// A JSON string inside a JSON string written with `\u` escapes.
    case jsonInJSONASCII
    /// A JSON string written with `\u` escapes, inside a JSON string.
    case jsonASCIIInJSON
    /// A JSON string inside a JSON string written with `\/` (a Foundation server echoing a Python client's body).
    case jsonInJSONSlash
    /// A JSON string written with `\/`, inside a JSON string written with `\/` (Foundation at both ends).
    case jsonSlashInJSONSlash
    /// A JSON string written with `\/`, inside a JSON string written with `\u` escapes (a Foundation client's body,
    /// echoed by a Python server: Alamofire's `JSONParameterEncoder.default` to httpbin's `data`).
    case jsonSlashInJSONASCII

    /// Whether every form but ``strictlyEncoded`` writes `byte` as it is: ASCII letters, digits and `-._~`.
    static func writesUnchanged(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    /// What a placeholder for this form adds to the secret's name; `nil` for the plain form.
    var suffix: String? {
        switch self {
        case .plain: nil
        case .observed: "pct"
        case .queryEncoded: "pct-q"
        case .strictlyEncoded: "pct-a"
        case .json: "json"
        case .jsonSlash: "json-slash"
        case .jsonASCII: "json-u"
        case .jsonASCIIUppercase: "json-U"
        case .jsonHTMLSafe: "json-html"
        case .jsonInJSON: "json2"
        case .jsonSlashInJSON: "json2-slash"
        case .jsonInJSONASCII: "json2-u"
        case .jsonASCIIInJSON: "json2-ui"
        case .jsonInJSONSlash: "json2-os"
        case .jsonSlashInJSONSlash: "json2-slash-os"
        case .jsonSlashInJSONASCII: "json2-slash-u"
        }
    }

    /// Whether the form only occurs inside JSON strings (never in a URL).
    var isJSON: Bool {
        switch self {
        case .plain, .observed, .queryEncoded, .strictlyEncoded: false
        default: true
        }
    }

    /// The value written in this form; `encoded` is how the request percent-encoded it.
    func write(_ value: String, encoded: String) -> String {
        switch self {
        case .plain: value
        case .observed: encoded
        case .queryEncoded: value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? value
        case .strictlyEncoded: Self.strictlyEncoded(value)
        case .json: Self.escaped(value)
        case .jsonSlash: Self.escaped(value, slash: true)
        case .jsonASCII: Self.escaped(value, ascii: .lowercase)
        case .jsonASCIIUppercase: Self.escaped(value, ascii: .uppercase)
        case .jsonHTMLSafe: Self.escaped(value, htmlSafe: true)
        case .jsonInJSON: Self.escaped(Self.escaped(value))
        case .jsonSlashInJSON: Self.escaped(Self.escaped(value, slash: true))
        case .jsonInJSONASCII: Self.escaped(Self.escaped(value), ascii: .lowercase)
        case .jsonASCIIInJSON: Self.escaped(Self.escaped(value, ascii: .lowercase))
        case .jsonInJSONSlash: Self.escaped(Self.escaped(value), slash: true)
        case .jsonSlashInJSONSlash: Self.escaped(Self.escaped(value, slash: true), slash: true)
        case .jsonSlashInJSONASCII: Self.escaped(Self.escaped(value, slash: true), ascii: .lowercase)
        }
    }

    enum HexCase { case lowercase, uppercase }

    /// The digits of a `%XX` escape, as the strictest encoders write them.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `value` with every byte but ASCII letters and digits written `%XX`.
    private static func strictlyEncoded(_ value: String) -> String {
        let digits = hexDigits
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count * 3)
        // Byte by byte: appending a three-byte array literal allocated one for every escape, on every replayed
        // request's secrets.
        for byte in value.utf8 {
            if byte.isASCIIAlphanumeric {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text inside a JSON string that holds `value`.
    static func escaped(_ value: String, slash: Bool = false, ascii: HexCase? = nil, htmlSafe: Bool = false) -> String {
        guard value.unicodeScalars.contains(where: { needsEscape($0, slash: slash, ascii: ascii != nil, htmlSafe: htmlSafe) }) else {
            return value
        }
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "/" where slash: result += "\\/"
            case let html where htmlSafe && ["<", ">", "&", "\u{2028}", "\u{2029}"].contains(html):
                result += JSONValue.unicodeEscapes(html)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20: result += JSONValue.unicodeEscapes(control)
            case let wide where wide.value >= 0x80 && ascii != nil:
                result += JSONValue.unicodeEscapes(wide, uppercase: ascii == .uppercase)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, slash: Bool, ascii: Bool, htmlSafe: Bool) -> Bool {
        scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || (slash && scalar == "/") || (ascii && scalar.value >= 0x80)
            || (htmlSafe && (scalar == "<" || scalar == ">" || scalar == "&" || scalar == "\u{2028}" || scalar == "\u{2029}"))
    }
}
