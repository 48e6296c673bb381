import Foundation

/// Where two JSON values differ, by path, found in one walk over both: the drift check compares shapes
/// (``RecordMode/drift``), `cassette diff`, `cassette verify` and a no-match message (`RequestDifferences`) values.
/// Each change carries the values on both sides; each caller words it (the drift check and `cassette diff` name only
/// kinds, as values may be secrets).
package enum JSONComparison {
    /// One place where the values differ: its path, the object keys on the way to it (array indices left out), and
    /// its value before and after (`nil`: the member is absent on that side; both present: another kind, another
    /// value, or an array of another length).
    package struct Change: Sendable, Equatable {
        package let path: String
        package let keys: [String]
        package let old: JSONValue?
        package let new: JSONValue?
    }

    /// Where `new` differs from `old`, under `path`, object members in sorted order: shapes only (`values: false`:
    /// kinds, an array compared by its first elements at `path[]`), or values too (an array of the same length element
    /// by element at `path[i]`, one of another length as one change). A member is at `path.key`; with `quotingKeys`, a
    /// key that is not an identifier is at `path["key"]` (see ``member(_:of:)``).
    package static func changes(from old: JSONValue, to new: JSONValue, at path: String = "$", values: Bool,
                                quotingKeys: Bool = false) -> [Change] {
        var changes: [Change] = []
        var keys: [String] = []
        walk(old, new, at: path, keys: &keys, values: values, quotingKeys: quotingKeys, into: &changes)
        return changes
    }

    /// `keys` holds the object keys on the way to `path`: one list for the whole walk, copied only into a change.
    private static func walk(_ old: JSONValue, _ new: JSONValue, at path: String, keys: inout [String], values: Bool,
                             quotingKeys: Bool, into changes: inout [Change]) {
        switch (old, new) {
        case (.object(let a), .object(let b)):
            for key in Set(a.keys).union(b.keys).sorted() {
                let here = quotingKeys ? member(key, of: path) : path + "." + key
                keys.append(key)
                if let x = a[key], let y = b[key] {
                    walk(x, y, at: here, keys: &keys, values: values, quotingKeys: quotingKeys, into: &changes)
                } else {
                    changes.append(Change(path: here, keys: keys, old: a[key], new: b[key]))
                }
                keys.removeLast()
            }
        case (.array(let a), .array(let b)) where !values:
            if let first = a.first, let other = b.first {
                walk(first, other, at: path + "[]", keys: &keys, values: false, quotingKeys: quotingKeys, into: &changes)
            }
        case (.array(let a), .array(let b)) where a.count == b.count:
            for index in a.indices {
                walk(a[index], b[index], at: "\(path)[\(index)]", keys: &keys, values: true, quotingKeys: quotingKeys, into: &changes)
            }
        default:
            if values ? old != new : kind(old) != kind(new) { changes.append(Change(path: path, keys: keys, old: old, new: new)) }
        }
    }

    /// The kind of a JSON value as messages name it: object, array, string, number, bool, null.
    package static func kind(_ value: JSONValue) -> String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .integer, .number: "number"
        case .bool: "bool"
        case .null: "null"
        }
    }

    /// The path of the member `key` of the object at `path` as `cassette verify` spells it: `path.key` (`key` at the
    /// top, where `path` is empty), or `path["key"]` (as a JSON string) for a key that is not an identifier.
    package static func member(_ key: String, of path: String) -> String {
        let isIdentifier = key.utf8.first.map { !$0.isASCIIDigit } == true
            && key.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "_") }
        if isIdentifier { return path.isEmpty ? key : path + "." + key }
        return path + "[" + quoted(key) + "]"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as it is.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += JSONValue.unicodeEscapes(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
