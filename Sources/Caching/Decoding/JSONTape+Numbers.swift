extension JSONTape {
    /// The number node at `index` as an integer of type `T`, or `nil` if it is not a number or `T` cannot hold it
    /// exactly (a number written with a fraction or exponent counts when its value is a whole number that fits).
    ///
    /// The document is untrusted, so every step is checked: no digit string, exponent or type makes this trap.
    func integer<T: FixedWidthInteger>(at index: Int, as type: T.Type) -> T? {
        switch nodes[index] {
        case .integer(let start, let end):
            let text = slice(start, end)
            guard let first = text.first else { return nil }
            let negative = first == UInt8(ascii: "-")
            return Self.accumulate(text[(negative ? 1 : 0)...], into: 0, negative: negative)
        case .number(let start, let end):
            return Self.exactInteger(slice(start, end))
        default:
            return nil
        }
    }

    /// A number written with a fraction or exponent as a `T`, exactly (never through `Double`).
    ///
    /// The value is `D × 10^scale`, where `D` runs from the first to the last non-zero digit of the significand and
    /// `scale` is the exponent, less the digits after the point, plus the zeros after `D`. It is a whole number only
    /// when `scale` is not negative (`D` ends in a non-zero digit); then `D` is multiplied up, every step checked,
    /// so an absurd `scale` fails within a few steps. An exponent too long for `Int` cannot give a whole number that
    /// fits in `T` unless the significand is zero.
    private static func exactInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>) -> T? {
        guard let first = text.first else { return nil }  // The bytes are forgotten.
        let negative = first == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var firstNonZero: Int?
        var lastNonZero = 0
        var fractionDigits = 0
        var zerosAfterLastNonZero = 0
        var inFraction = false
        while index < text.count, text[index] != UInt8(ascii: "e"), text[index] != UInt8(ascii: "E") {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else {
                if inFraction { fractionDigits += 1 }
                if byte == UInt8(ascii: "0") {
                    zerosAfterLastNonZero += 1
                } else {
                    if firstNonZero == nil { firstNonZero = index }
                    lastNonZero = index
                    zerosAfterLastNonZero = 0
                }
            }
            index += 1
        }
        guard let firstNonZero else { return 0 }  // Zero, whatever its exponent.
        guard let exponent = exponent(text, from: index) else { return nil }
        let (scale, overflow) = exponent.addingReportingOverflow(zerosAfterLastNonZero - fractionDigits)
        guard !overflow, scale >= 0 else { return nil }
        guard var value: T = accumulate(text[firstNonZero...lastNonZero], into: 0, negative: negative) else { return nil }
        for _ in 0..<scale {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = product
        }
        return value
    }

    /// The exponent of a number's text, whose significand ends at `index` (at the `e`, or the end for none); `nil`
    /// if it does not fit in an `Int`.
    private static func exponent(_ text: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        var index = index + 1
        guard index < text.count else { return 0 }
        let negative = text[index] == UInt8(ascii: "-")
        if negative || text[index] == UInt8(ascii: "+") { index += 1 }
        return accumulate(text[index...], into: 0, negative: negative)
    }

    /// `value` followed by the decimal digits in `digits` (a `.` among them is skipped), subtracted rather than added
    /// for a negative number; `nil` if `T` cannot hold the result.
    private static func accumulate<T: FixedWidthInteger>(_ digits: Slice<UnsafeBufferPointer<UInt8>>, into value: T,
                                                         negative: Bool) -> T? {
        var value = value
        for byte in digits where byte != UInt8(ascii: ".") {
            let digit = T(truncatingIfNeeded: byte &- UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// Whether a number's text has a digit other than zero before its exponent (so that it is not zero).
    static func hasNonZeroDigit(beforeExponentIn text: String) -> Bool {
        text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
    }

    /// The number node's text, or `nil` if it is not a number.
    func numberText(at index: Int) -> String? {
        switch nodes[index] {
        case .integer(let start, let end), .number(let start, let end):
            return String(decoding: slice(start, end), as: UTF8.self)
        default:
            return nil
        }
    }
}
