/// What a JSON number's text is worth as a whole number, worked out on the text alone (moving the decimal point
/// by hand, no binary arithmetic): the reference the decoder's integer conversion is checked against.
enum WholeNumberReference: Equatable {
    /// A whole number, as an integer's text without leading zeros (`0`, never `-0`).
    case whole(String)
    /// A whole number with more than 60 digits: no integer type holds it.
    case huge
    /// Not a whole number.
    case fractional

    /// The reference value of `text`, a valid JSON number.
    init(_ text: String) {
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "e" || $0 == "E" })
        let significand = parts.first ?? ""
        let pieces = significand.split(separator: ".", omittingEmptySubsequences: false)
        let integerDigits = pieces.first.map(String.init) ?? ""
        let fractionDigits = pieces.count > 1 ? String(pieces[1]) : ""
        var digits = Substring(integerDigits + fractionDigits).drop { $0 == "0" }
        guard !digits.isEmpty else { self = .whole("0"); return }
        let exponentText = parts.count > 1 ? String(parts[1]) : "0"
        let exponentNegative = exponentText.hasPrefix("-")
        let exponentDigits = exponentText.drop { $0 == "+" || $0 == "-" }.drop { $0 == "0" }
        // An exponent of more than 18 digits moves the point past any digit string a test writes.
        guard exponentDigits.count <= 18, let exponentMagnitude = Int(exponentDigits.isEmpty ? "0" : exponentDigits) else {
            self = exponentNegative ? .fractional : .huge
            return
        }
        let shift = (exponentNegative ? -exponentMagnitude : exponentMagnitude) - fractionDigits.count
        if shift >= 0 {
            guard digits.count + shift <= 60 else { self = .huge; return }
            self = .whole((negative ? "-" : "") + digits + String(repeating: "0", count: shift))
            return
        }
        guard -shift < digits.count, digits.suffix(-shift).allSatisfy({ $0 == "0" }) else { self = .fractional; return }
        digits = digits.dropLast(-shift)
        guard digits.count <= 60 else { self = .huge; return }
        self = .whole((negative ? "-" : "") + digits)
    }

    /// The value as a `T`, or `nil` if it is not a whole number `T` holds.
    func value<T: FixedWidthInteger>(as type: T.Type) -> T? {
        guard case .whole(let text) = self else { return nil }
        return T(text)
    }
}
