import Foundation

/// Where two JSON values differ, by path (`$.users[0].name`): members added and removed, kinds changed, and, when
/// values are compared, values changed and arrays of another length; never the values (they may be secrets). The
/// drift check compares shapes (``RecordMode/drift``), `cassette diff` values.
package enum JSONComparison {
    /// One place where the values differ.
    package enum Change: Sendable, Equatable {
        case added(path: String, kind: String)
        case removed(path: String, kind: String)
        case kindChanged(path: String, from: String, to: String)
        case valueChanged(path: String)
        case lengthChanged(path: String, from: Int, to: Int)
    }

    /// Where `new` differs from `old`, under `path`: shapes only (`values: false`: an array is compared by its first
    /// elements, at `path[]`), or values too (each element, at `path[i]`).
    package static func changes(from old: JSONValue, to new: JSONValue, at path: String = "$", values: Bool) -> [Change] {
        var changes: [Change] = []
        walk(old, new, at: path, values: values, into: &changes)
        return changes
    }

    private static func walk(_ old: JSONValue, _ new: JSONValue, at path: String, values: Bool, into changes: inout [Change]) {
        switch (old, new) {
        case (.object(let a), .object(let b)):
            for key in Set(a.keys).union(b.keys).sorted() {
                let here = path + "." + key
                switch (a[key], b[key]) {
                case (let x?, let y?): walk(x, y, at: here, values: values, into: &changes)
                case (nil, let y?): changes.append(.added(path: here, kind: kind(y)))
                case (let x?, nil): changes.append(.removed(path: here, kind: kind(x)))
                case (nil, nil): break
                }
            }
        case (.array(let a), .array(let b)):
            if values {
                if a.count != b.count { changes.append(.lengthChanged(path: path, from: a.count, to: b.count)) }
                for index in 0..<min(a.count, b.count) { walk(a[index], b[index], at: "\(path)[\(index)]", values: true, into: &changes) }
            } else if let first = a.first, let other = b.first {
                walk(first, other, at: path + "[]", values: false, into: &changes)
            }
        default:
            if kind(old) != kind(new) {
                changes.append(.kindChanged(path: path, from: kind(old), to: kind(new)))
            } else if values && old != new {
                changes.append(.valueChanged(path: path))
            }
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
}
