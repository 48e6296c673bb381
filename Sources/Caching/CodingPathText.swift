/// How the package writes a coding path: as Swift writes the access, `entries[2].value.status`.
package enum CodingPathText {
    /// `keys` as a path: each index in brackets, each name after a `.` (none before the first).
    package static func of(_ keys: [any CodingKey]) -> String {
        joined(keys.map(component))
    }

    /// One key as a component of ``joined(_:)``: `[2]` for an index, else its name.
    package static func component(_ key: any CodingKey) -> String {
        key.intValue.map { "[\($0)]" } ?? key.stringValue
    }

    /// `components` (as ``component(_:)`` writes them) as a path.
    package static func joined(_ components: [String]) -> String {
        components.reduce(into: "") { path, component in
            if component.hasPrefix("[") || path.isEmpty { path += component } else { path += "." + component }
        }
    }
}
