import Foundation

/// Reads the timestamp layout cache files are written with, `YYYY-MM-DDTHH:MM:SSZ`, without the formatter's calendar
/// machinery (most of a date's cost). Only years 1900 to 2999 with every field in range: there the arithmetic's
/// proleptic Gregorian calendar is the formatter's (a test compares them); anything else is `nil`, for the formatter.
enum TimestampParsing {
    /// The date `text` names, when it is exactly that layout and in range; `nil` otherwise.
    static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
                  bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
                  let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
                  let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
                  (1900...2999).contains(year), (1...12).contains(month), day >= 1, day <= days(inMonth: month, of: year),
                  hour < 24, minute < 60, second < 60 else {
                return nil
            }
            let seconds = ((daysSinceEpoch(year: year, month: month, day: day) * 24 + hour) * 60 + minute) * 60 + second
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
    }

    /// The decimal number in `count` bytes from `start`, or `nil` when one is not a digit.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date, in the proleptic Gregorian calendar (counted from March, so that the leap
    /// day ends a year).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
