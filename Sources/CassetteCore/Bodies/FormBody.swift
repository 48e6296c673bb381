import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a URL query, as written.
struct FormFields {
    /// One `name=value` pair: the name decoded, the value both as written and decoded.
    struct Field {
        let name: String
        let encodedValue: Substring
        let value: String
        /// Where the value stands in the text (empty range after `name=` for an empty value).
        let valueRange: Range<String.Index>
    }

    let fields: [Field]

    /// Splits `text` at `&`; `plusIsSpace` reads `+` as a space, as form bodies do.
    init(_ text: Substring, plusIsSpace: Bool) {
        var fields: [Field] = []
        for item in text.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = item.firstIndex(of: "=")
            let rawName = equals.map { item[..<$0] } ?? item
            let valueRange = equals.map { item.index(after: $0)..<item.endIndex } ?? item.endIndex..<item.endIndex
            let encodedValue = item[valueRange]
            fields.append(Field(name: Self.decode(rawName, plusIsSpace: plusIsSpace), encodedValue: encodedValue,
                                value: Self.decode(encodedValue, plusIsSpace: plusIsSpace), valueRange: valueRange))
        }
        self.fields = fields
    }

    /// Percent-decodes `text` (and `+` as a space when asked); text that is not valid percent-encoding stays as written.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String {
        let spaced = plusIsSpace && text.contains("+") ? text.replacingOccurrences(of: "+", with: " ") : String(text)
        guard spaced.contains("%") else { return spaced }
        return spaced.removingPercentEncoding ?? spaced
    }
}
