/// Text from a file, made safe to print: every character a terminal acts on instead of showing (``isControl(_:)``)
/// is written as an escape, so that a hostile cassette cannot add a line, move the cursor, recolour the screen or
/// reorder what is read. Everything the command prints goes through ``lines(_:)`` (see `CassetteCommand.run`); a value
/// that stands on one line (a URL, a header, a name) goes through ``line(_:)``.
enum InertText {
    /// `text` as one line: every character above escaped, line breaks and tabs included.
    static func line(_ text: String) -> String {
        escaped(text, keepingLineBreaks: false)
    }

    /// `text` as the lines it holds: line breaks (`\n`, and `\r` right before one) and tabs kept, every other
    /// character above escaped.
    static func lines(_ text: String) -> String {
        escaped(text, keepingLineBreaks: true)
    }

    private static func escaped(_ text: String, keepingLineBreaks: Bool) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            let isLineEnd = scalar == "\n" || scalar == "\t" || (scalar == "\r" && next != scalars.endIndex && scalars[next] == "\n")
            if !isControl(scalar) || (keepingLineBreaks && isLineEnd) {
                result.append(scalar)
            } else {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            }
            index = next
        }
        return String(result)
    }

    /// Whether a terminal acts on `scalar` rather than showing it: a C0 or C1 control, DEL, a line or paragraph
    /// separator, or a bidirectional formatting character.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// How a control character (see ``isControl(_:)``) is written: as Swift writes it in a string literal.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\0": "\\0"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
