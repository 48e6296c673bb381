import CassetteCore
import Foundation

/// The places where two JSON values differ, found in one walk over both, object members in sorted order.
enum JSONDifference {
    /// One place where the values differ: its coding path, and its text before and after (a string's own text; any
    /// other value written as JSON; an absent one empty).
    struct Change: Sendable, Equatable {
        let path: String
        let before: String
        let after: String
    }

    /// Where `after` differs from `before`, each place under `path` (`entries[0].value`, or empty for the top).
    static func changes(from before: JSONValue, to after: JSONValue, at path: String = "") -> [Change] {
        var changes: [Change] = []
        collect(before, after, at: path, into: &changes)
        return changes
    }

    private static func collect(_ before: JSONValue, _ after: JSONValue, at path: String, into changes: inout [Change]) {
        switch (before, after) {
        case (.object(let old), .object(let new)):
            for key in Set(old.keys).union(new.keys).sorted() {
                let here = member(key, of: path)
                if let oldValue = old[key], let newValue = new[key] {
                    collect(oldValue, newValue, at: here, into: &changes)
                } else {
                    changes.append(Change(path: here, before: text(old[key]), after: text(new[key])))
                }
            }
        case (.array(let old), .array(let new)) where old.count == new.count:
            for (index, pair) in zip(old, new).enumerated() {
                collect(pair.0, pair.1, at: "\(path)[\(index)]", into: &changes)
            }
        case (.string(let old), .string(let new)):
            if old != new { changes.append(Change(path: path, before: old, after: new)) }
        default:
            if before != after { changes.append(Change(path: path, before: text(before), after: text(after))) }
        }
    }

    /// The path of the member `key` of the object at `path`: `path.key`, or `path["key"]` (as a JSON string) for a
    /// key that is not an identifier.
    static func member(_ key: String, of path: String) -> String {
        let isIdentifier = key.utf8.first.map { !isDigit($0) } == true
            && key.utf8.allSatisfy { isDigit($0) || $0 == UInt8(ascii: "_") || (($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z")) }
        if isIdentifier { return path.isEmpty ? key : path + "." + key }
        return path + "[" + quoted(key) + "]"
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as it is.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A value's text for telling what changed in it: a string's own text, any other value as compact JSON, nothing
    /// for an absent one.
    private static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil: return ""
        case .string(let string)?: return string
        case let value?:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Only a number JSON cannot write (NaN, infinity) fails, and such a value holds no placeholder to count.
            return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}
