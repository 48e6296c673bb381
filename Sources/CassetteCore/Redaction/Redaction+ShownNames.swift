extension Redaction {
    /// `text`, which holds names from a file (a coding path, a header's name), as a message may show it: each value
    /// of the rules' shapes in it (in its words between `-` and `.` too, as in `headers.X-AKIA…`) written as
    /// `<REDACTED:shape>`, each of the rules' literal secrets as its placeholder.
    ///
    /// Values are never printed; names are, and a name can be a token (a header named with one, by mistake or to
    /// plant it). `cassette verify` and the tool's errors show names so.
    package func shown(names text: String) -> String {
        var found = matching.shapes.values(inName: text, separators: [UInt8(ascii: "-"), UInt8(ascii: ".")]).map { shape, value in
            (value: value, placeholder: "<REDACTED:\(shape.name)>")
        }
        for secret in secrets where secret.value.utf8.count >= Self.minimumSearchedLength {
            found.append((secret.value, secret.placeholder))
        }
        guard !found.isEmpty else { return text }
        // The longest first, so that a value inside another is not replaced before it.
        return found.sorted { $0.value.utf8.count > $1.value.utf8.count }.reduce(text) { shown, entry in
            shown.replacingOccurrences(of: entry.value, with: entry.placeholder)
        }
    }
}
