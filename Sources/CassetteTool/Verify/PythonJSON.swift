import CassetteCore

/// Python's `json.dumps` as `Scripts/scan-secrets.sh` uses it: for the JSON paths of its messages
/// (`ensure_ascii=True`) and for the request text that response values are compared with (`ensure_ascii=False`).
enum PythonJSON {
    /// `key_path(path, key)`: `path.key` for an identifier (`[A-Za-z_][A-Za-z0-9_]*`), else `path["key"]` with
    /// the key as `json.dumps` writes it.
    static func keyPath(_ path: String, _ key: String) -> String {
        isIdentifier(key) ? "\(path).\(key)" : "\(path)[\(quoted(key, asciiOnly: true))]"
    }

    /// Whether `key` matches `[A-Za-z_][A-Za-z0-9_]*` (ASCII only, as in Python's pattern).
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// A JSON string literal as `json.dumps` writes it: `"` and `\` escaped, `\b \f \n \r \t` short, other controls as
    /// `\u00XX`; with `asciiOnly` also everything outside `' '...'~'` as `\uXXXX` (lowercase hex, UTF-16 units).
    static func quoted(_ text: String, asciiOnly: Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (asciiOnly && scalar.value > 0x7E) {
                    for unit in String(scalar).utf16 { result += "\\u" + hex4(unit) }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `unit` as four lowercase hex digits, as `json.dumps` writes `\uXXXX`.
    private static func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `json.dumps(value, ensure_ascii=False)`: `", "` and `": "` between items, objects in sorted key order
    /// (Python keeps the file's order, which a ``JSONValue`` does not hold; cassette files are written sorted).
    static func dumps(_ value: JSONValue) -> String {
        var text = ""
        dump(value, into: &text)
        return text
    }

    /// Appends `value` to `text` as ``dumps(_:)`` writes it.
    private static func dump(_ value: JSONValue, into text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let integer): text += String(integer)
        case .number(let number): text += repr(number)
        case .string(let string): text += quoted(string, asciiOnly: false)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += ", " }
                dump(item, into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in sortedMembers(members).enumerated() {
                if index > 0 { text += ", " }
                text += quoted(member.key, asciiOnly: false) + ": "
                dump(member.value, into: &text)
            }
            text += "}"
        }
    }

    /// An object's members in the order the scan visits them: keys sorted by code point.
    static func sortedMembers(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
    }

    /// `repr(number)`: the shortest digits that read back as `number` (as Swift's `description` finds them), in
    /// positional notation for decimal exponents -4 through 15 and in `1.5e+16` notation outside them.
    static func repr(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return number.sign == .minus ? "-0.0" : "0.0" }
        let description = number.magnitude.description
        let parts = description.split(separator: "e", maxSplits: 1)
        let mantissa = parts.first.map(String.init) ?? description
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let integerPart = mantissa.split(separator: ".", omittingEmptySubsequences: false).first ?? ""
        var digits = Array(mantissa.filter { $0 != "." })
        // The value is 0.DIGITS × 10^point.
        var point = integerPart.count + exponent
        while digits.first == "0" { digits.removeFirst(); point -= 1 }
        while digits.last == "0" { digits.removeLast() }
        let sign = number < 0 ? "-" : ""
        if point <= -4 || point > 16 {
            let fraction = digits.count > 1 ? "." + String(digits[1...]) : ""
            let power = point - 1
            let powerDigits = String(power.magnitude)
            return sign + String(digits[0]) + fraction + "e" + (power < 0 ? "-" : "+")
                + (powerDigits.count < 2 ? "0" : "") + powerDigits
        }
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + String(digits) }
        if point >= digits.count { return sign + String(digits) + String(repeating: "0", count: point - digits.count) + ".0" }
        return sign + String(digits[..<point]) + "." + String(digits[point...])
    }
}
