/// JSON number texts for property tests: the boundaries of every type a number decodes to, written in every form
/// JSON allows, and seeded random numbers around them.
enum NumberTexts {
    /// Every boundary case, fixed.
    static var boundaries: [String] {
        integerBoundaries + hugeExponents + longDigitStrings + zeros + doubleBoundaries + floatBoundaries
            + decimalBoundaries + fractionsAndExponentsOnIntegers
    }

    /// `min`, `max` and one beyond each, for every fixed-width integer type, each written in several forms.
    static var integerBoundaries: [String] {
        let bounds: [(min: String, max: String)] = [
            ("\(Int8.min)", "\(Int8.max)"), ("\(Int16.min)", "\(Int16.max)"), ("\(Int32.min)", "\(Int32.max)"),
            ("\(Int64.min)", "\(Int64.max)"), ("0", "\(UInt8.max)"), ("0", "\(UInt16.max)"), ("0", "\(UInt32.max)"),
            ("0", "\(UInt64.max)"),
        ]
        return bounds.flatMap { bound in
            [bound.min, decrement(bound.min), bound.max, increment(bound.max)].flatMap(spellings)
        }
    }

    static let hugeExponents = [
        "1e-9223372036854775808", "1e9223372036854775807", "1e9223372036854775808", "1e-9223372036854775809",
        "-1e-9223372036854775808", "-1e9223372036854775807", "1.5e-9223372036854775808", "1.5e9223372036854775807",
        "0.5e-9223372036854775807", "10e-9223372036854775808", "1E+99999999999999999999", "1e-99999999999999999999",
        "0e9223372036854775808", "0.0e-99999999999999999999999", "-0e99999999999999999999", "1e0000000000000000000000000001",
        "100e-0000000000000000000002", "123e-0000000000000000000002", "5e-1", "50e-1", "1e400", "-1e400", "1e-400",
    ]

    static var longDigitStrings: [String] {
        let zeros400 = String(repeating: "0", count: 400)
        return [
            "1" + zeros400, "-1" + zeros400, "1" + zeros400 + "e-400", "1" + zeros400 + "e-401", "0." + zeros400 + "1e401",
            "0." + zeros400 + "1", String(repeating: "9", count: 1000), "-" + String(repeating: "9", count: 1000),
            "0." + String(repeating: "0", count: 1000), "1" + String(repeating: "0", count: 19), "1" + String(repeating: "0", count: 20),
            "12345678901234567890123456789012345678901234567890", "0.12345678901234567890123456789012345678901234567890e50",
            "9223372036854775807" + zeros400 + "e-400", "18446744073709551615." + zeros400, "18446744073709551616." + zeros400,
        ]
    }

    static let zeros = ["0", "-0", "0.0", "-0.0", "0e0", "-0e0", "0E+5", "-0.000e-5", "0.0000000000000000000000001e-1",
                               "0e5", "-0.0e5", "0.00e1", "0E+5", "0.0e5", "-0e-400"]

    static let doubleBoundaries = [
        "1e308", "1e309", "-1e309", "1.7976931348623157e308", "-1.7976931348623157e308", "1.7976931348623158e308",
        "1.7976931348623159e308", "4.9e-324", "5e-324", "-4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
        "2e-324", "3e-324", "2.2250738585072014e-308", "2.2250738585072011e-308", "9007199254740993", "9007199254740993.0",
        "0.1", "123456789.123456789", "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203126",
    ]

    static let floatBoundaries = [
        "3.4028235e38", "-3.4028235e38", "3.40282346638528859811704183484516925440e38", "3.4028235677973365e38",
        "3.4028235677973366e38", "3.4028236e38", "1.4e-45", "1.401298464324817e-45", "7.006492321624085e-46",
        "7.0064923216240862e-46", "7e-46", "1.17549435e-38", "1e39", "1e-46", "16777217", "16777217.0",
        "1.00000005960464477539062500001",
    ]

    static let decimalBoundaries = [
        "1e127", "1e128", "-1e127", "1e-128", "1e-129", "9.9e127", "99999999999999999999999999999999999999",
        "999999999999999999999999999999999999999", "3.402823669209384634633746074317682114e38", "0.00000000000000000001",
        "1e-130", "12345678901234567890123456789012345678e90",
    ]

    static let fractionsAndExponentsOnIntegers = [
        "1.5e1", "1.55e1", "0.1e1", "0.01e2", "100e-2", "101e-2", "-128.0", "-128.1", "-129.0", "255.0", "255.5",
        "2.56e2", "6.5535e4", "1E2", "1e+2", "1.0", "-1.0", "-1e0", "0.9999999999999999999999999", "1.5", "-1.5",
    ]

    /// `count` random numbers from `seed`: some of any shape, with exponents near where types end, and some whole
    /// numbers of a random width written with a fraction or an exponent.
    static func random(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            index.isMultiple(of: 2) ? anyNumber(using: &generator) : wholeNumberRewritten(using: &generator)
        }
    }

    /// A number of random shape: sign, integer digits, fraction, exponent.
    private static func anyNumber(using generator: inout SeededGenerator) -> String {
        var text = Bool.random(using: &generator) ? "-" : ""
        if Int.random(in: 0..<5, using: &generator) == 0 {
            text += "0"
        } else {
            let length = [1, 2, 3, 5, 10, 18, 19, 20, 21, 25, 39, 40, 300].randomElement(using: &generator) ?? 1
            text += digits(length, leading: true, using: &generator)
        }
        if Bool.random(using: &generator) {
            let length = Int.random(in: 1...25, using: &generator)
            text += "." + (Bool.random(using: &generator) ? String(repeating: "0", count: length) : digits(length, leading: false, using: &generator))
        }
        if Bool.random(using: &generator) {
            text += ["e", "E"].randomElement(using: &generator) ?? "e"
            text += ["", "+", "-"].randomElement(using: &generator) ?? ""
            let exponents = ["0", "1", "2", "17", "18", "19", "20", "21", "37", "38", "39", "45", "46", "127", "128", "129",
                             "300", "307", "308", "309", "323", "324", "325", "400", "9223372036854775807",
                             "9223372036854775808", "99999999999999999999999"]
            text += Bool.random(using: &generator) ? exponents.randomElement(using: &generator) ?? "0"
                : String(Int.random(in: 0...40, using: &generator))
        }
        return text
    }

    /// A random whole number of up to 64 bits, written with its decimal point moved and an exponent to match, with
    /// zeros after the point, or with trailing zeros and a negative exponent.
    private static func wholeNumberRewritten(using generator: inout SeededGenerator) -> String {
        let width = Int.random(in: 1...64, using: &generator)
        let magnitude = UInt64.random(in: 0...UInt64.max, using: &generator) >> (64 - width)
        let negative = Bool.random(using: &generator)
        let number = String(max(magnitude, 1))
        let sign = negative ? "-" : ""
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            return sign + number + "." + String(repeating: "0", count: Int.random(in: 1...5, using: &generator))
        case 1:
            let shift = Int.random(in: 0..<number.count, using: &generator)
            let point = number.index(number.endIndex, offsetBy: -shift)
            let significand = shift == 0 ? number : number[..<point] + "." + number[point...]
            return sign + significand + "e" + String(shift)
        case 2:
            let zeros = Int.random(in: 1...30, using: &generator)
            return sign + number + String(repeating: "0", count: zeros) + "e-" + String(zeros)
        default:
            return sign + "0." + number + "E+" + String(number.count)
        }
    }

    private static func digits(_ count: Int, leading: Bool, using generator: inout SeededGenerator) -> String {
        String((0..<count).map { index in
            Character(String(Int.random(in: (leading && index == 0 ? 1 : 0)...9, using: &generator)))
        })
    }

    /// A whole number, written as an integer, in the forms JSON allows for it: as is, with a zero fraction, with an
    /// exponent, with the decimal point moved, and with zeros and a negative exponent.
    static func spellings(_ number: String) -> [String] {
        let negative = number.hasPrefix("-")
        let digits = negative ? String(number.dropFirst()) : number
        let sign = negative ? "-" : ""
        var forms = [number, number + ".0", number + "e0", number + ".000E+0", sign + "0." + digits + "e" + String(digits.count)]
        if digits != "0" { forms.append(number + "0e-1") }
        if digits.count > 1 {
            forms.append(sign + String(digits.prefix(1)) + "." + String(digits.dropFirst()) + "e" + String(digits.count - 1))
        }
        forms.append(number + ".5")
        return forms
    }

    /// A decimal integer's text plus one.
    static func increment(_ number: String) -> String {
        number.hasPrefix("-") ? negated(decrementMagnitude(String(number.dropFirst()))) : incrementMagnitude(number)
    }

    /// A decimal integer's text minus one.
    static func decrement(_ number: String) -> String {
        if number == "0" { return "-1" }
        return number.hasPrefix("-") ? "-" + incrementMagnitude(String(number.dropFirst())) : decrementMagnitude(number)
    }

    private static func negated(_ magnitude: String) -> String { magnitude == "0" ? "0" : "-" + magnitude }

    private static func incrementMagnitude(_ digits: String) -> String {
        var result = Array(digits.utf8)
        var index = result.count - 1
        while index >= 0 {
            if result[index] == UInt8(ascii: "9") { result[index] = UInt8(ascii: "0"); index -= 1 } else { result[index] += 1; break }
        }
        return (index < 0 ? "1" : "") + String(decoding: result, as: UTF8.self)
    }

    private static func decrementMagnitude(_ digits: String) -> String {
        var result = Array(digits.utf8)
        var index = result.count - 1
        while index >= 0 {
            if result[index] == UInt8(ascii: "0") { result[index] = UInt8(ascii: "9"); index -= 1 } else { result[index] -= 1; break }
        }
        let trimmed = String(decoding: result, as: UTF8.self).drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }
}
