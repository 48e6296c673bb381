/// The regular expressions of `Scripts/scan-secrets.sh`, matched by hand with exactly Python's results.
enum ScanPatterns {
    /// `PLACEHOLDER.fullmatch(value)`, with `PLACEHOLDER = <[^<>]*>|REDACTED_[^\s<>"]*_[0-9]+`: `<REDACTED:token>`,
    /// `<BEARER_TOKEN>`, or a value learned from a response such as `REDACTED_token_3`.
    static func isPlaceholder(_ value: some StringProtocol) -> Bool {
        let scalars = Array(value.unicodeScalars)
        if scalars.count >= 2, scalars.first == "<", scalars.last == ">",
           !scalars[1..<(scalars.count - 1)].contains(where: { $0 == "<" || $0 == ">" }) {
            return true
        }
        let prefix = Array("REDACTED_".unicodeScalars)
        guard scalars.starts(with: prefix) else { return false }
        let rest = scalars[prefix.count...]
        // `[^\s<>"]*` admits `_` and digits, so the whole rest must avoid the excluded characters and end in `_`
        // followed by its run of ASCII digits.
        guard !rest.contains(where: { PythonText.isSpace($0) || $0 == "<" || $0 == ">" || $0 == "\"" }) else { return false }
        var digits = rest.endIndex
        while digits > rest.startIndex, ("0"..."9").contains(rest[digits - 1]) { digits -= 1 }
        return digits < rest.endIndex && digits > rest.startIndex && rest[digits - 1] == "_"
    }

    /// Group 1 of `USER_INFO.match(text)`, `^[A-Za-z][A-Za-z0-9+.-]*://([^/?#@]*)@`: a URL's user information.
    static func userInformation(_ text: String) -> Substring? {
        let bytes = text.utf8
        var index = bytes.startIndex
        guard index != bytes.endIndex, isLetter(bytes[index]) else { return nil }
        index = bytes.index(after: index)
        while index != bytes.endIndex, isSchemeByte(bytes[index]) { index = bytes.index(after: index) }
        guard bytes[index...].starts(with: "://".utf8) else { return nil }
        index = bytes.index(index, offsetBy: 3)
        let start = index
        while index != bytes.endIndex, !"/?#@".utf8.contains(bytes[index]) { index = bytes.index(after: index) }
        guard index != bytes.endIndex, bytes[index] == UInt8(ascii: "@") else { return nil }
        return Substring(bytes[start..<index])
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+.-".utf8.contains(byte)
    }

    /// `MULTIPART_FIELD.findall(text)`, with `MULTIPART_FIELD =`
    /// `Content-Disposition: *form-data; *name="([^"]*)"(?:(?!\r\n\r\n).)*\r\n\r\n(.*?)\r\n--` (DOTALL): each
    /// field's name and content, in order, matches not overlapping.
    ///
    /// From a given start the match is determined: the name runs to the next `"`, the headers to the first blank
    /// line, the content to the first `\r\n--`. When one of those is missing nothing later can match either, so
    /// the search stops there; the work stays linear in the text's length.
    static func multipartFields(_ text: String) -> [(name: String, content: String)] {
        let bytes = Array(text.utf8)
        let disposition = Array("Content-Disposition:".utf8)
        var fields: [(name: String, content: String)] = []
        var searchFrom = 0
        while let start = PythonText.find(disposition, in: bytes, from: searchFrom) {
            var index = start + disposition.count
            guard skipSpaces(bytes, &index), expect("form-data;", bytes, &index), skipSpaces(bytes, &index),
                  expect("name=\"", bytes, &index) else {
                searchFrom = start + 1
                continue
            }
            guard let nameEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\"")),
                  let blankLine = PythonText.find("\r\n\r\n".utf8, in: bytes, from: nameEnd + 1),
                  let contentEnd = PythonText.find("\r\n--".utf8, in: bytes, from: blankLine + 4) else { break }
            fields.append((String(decoding: bytes[index..<nameEnd], as: UTF8.self),
                           String(decoding: bytes[(blankLine + 4)..<contentEnd], as: UTF8.self)))
            searchFrom = contentEnd + 4
        }
        return fields
    }

    /// ` *`: always matches.
    private static func skipSpaces(_ bytes: [UInt8], _ index: inout Int) -> Bool {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return true
    }

    /// A literal: matches, moving `index` past it, or fails.
    private static func expect(_ literal: String, _ bytes: [UInt8], _ index: inout Int) -> Bool {
        guard bytes[index...].starts(with: literal.utf8) else { return false }
        index += literal.utf8.count
        return true
    }
}
