import Foundation

extension JSONValue {
    /// The secrets `rules` find in a JSON document, each with the rule that found it, in one walk of the document.
    ///
    /// - The values under a key the `**.name` key paths name, at any depth (a bracketed or password-like key too, as
    ///   ``SecretNameSet`` tells), and at any other key path, each found under its key: `*` matches any one key, `**`
    ///   any number of keys, and arrays apply a path to every element.
    /// - In every object held under a key `headers` (any case, at any depth: servers echo a request's headers so),
    ///   the values of the headers the rules name, as a message's headers are read (``HeaderValueSecrets``).
    /// - A string that holds a JSON object or array (`"payload": "{\"token\": \"...\"}"`) is read the same way for
    ///   `**.name` paths and headers, ``nestedJSONDepth`` strings deep.
    ///
    /// With `integers`, an integer under a secret's name is one too (a request's PIN). A response's are left: what
    /// the server sent stays JSON the app can decode, and a learned placeholder is no number.
    func secrets(by rules: Redaction.Matching, integers: Bool) -> [Redaction.Found] {
        var found: [Redaction.Found] = []
        collect(rules, integers: integers, paths: rules.otherKeyPaths.map { $0[...] }, key: "", depth: 0, into: &found)
        return found
    }

    /// How many strings deep JSON held in a string is read: each level reads part of the one before, so the cost
    /// stays linear in the document.
    static let nestedJSONDepth = 4

    /// Collects what stands here, under `key`, with `paths` the rest of each key path still to match here.
    private func collect(_ rules: Redaction.Matching, integers: Bool, paths: [ArraySlice<String>], key: String, depth: Int,
                         into found: inout [Redaction.Found]) {
        switch self {
        case .array(let elements):
            for element in elements { element.collect(rules, integers: integers, paths: paths, key: key, depth: depth, into: &found) }
        case .object(let members):
            // A path that ends at an object holds all of it.
            if !key.isEmpty, paths.contains(where: \.isEmpty) {
                for value in secretLeaves(integers: integers) { found.append(.init(origin: .jsonKey(key), value: value)) }
            }
            // `**` matches zero keys too: what follows it applies here as well.
            let open = paths.flatMap { path in
                var forms = [path]
                while let last = forms.last, last.first == "**", last.count > 1 { forms.append(last.dropFirst()) }
                return forms
            }
            for (name, member) in members.inKeyOrder {
                if case .object(let headers) = member, !rules.headerNames.isEmpty, name.equalsIgnoringASCIICase("headers") {
                    for (header, value) in headers.inKeyOrder where rules.headerNames.contains(header) {
                        guard case .string(let text) = value else { continue }
                        found += HeaderValueSecrets.find(in: text, header: header.lowercased()).map(\.found)
                    }
                } else if rules.anywhereKeys.contains(name) {
                    found += member.secretLeaves(integers: integers).map { Redaction.Found(origin: .jsonKey(name), value: $0) }
                    // A whole string is the secret: nothing in it needs reading.
                    if case .string = member { continue }
                }
                let next = open.compactMap { path -> ArraySlice<String>? in
                    switch path.first {
                    case "**": path
                    case "*": path.dropFirst()
                    case let head?: SecretName.normalized(name) == head ? path.dropFirst() : nil
                    case nil: nil
                    }
                }
                member.collect(rules, integers: integers, paths: next, key: name, depth: depth, into: &found)
            }
        case .string(let string):
            if !key.isEmpty, paths.contains(where: { $0.allSatisfy { $0 == "**" } }) { found.append(.init(origin: .jsonKey(key), value: string)) }
            guard depth < Self.nestedJSONDepth, !rules.anywhereKeys.isEmpty || !rules.headerNames.isEmpty,
                  let nested = JSONValue(heldIn: string) else { return }
            nested.collect(rules, integers: integers, paths: [], key: "", depth: depth + 1, into: &found)
        case .integer(let integer):
            if integers, !key.isEmpty, paths.contains(where: { $0.allSatisfy { $0 == "**" } }) {
                found.append(.init(origin: .jsonKey(key), value: String(integer)))
            }
        case .null, .bool, .number:
            break
        }
    }

    /// The JSON object or array `string` holds (after whitespace), or `nil` when it holds none.
    private init?(heldIn string: String) {
        guard string.utf8.looksLikeJSON, let value = JSONValue(parsing: Data(string.utf8)) else {
            return nil
        }
        self = value
    }

    /// What a value under a secret's name holds that is secret: a string, with `integers` an integer (as JSON writes
    /// it: a PIN, a numeric password), and every such value inside an array or object (`"token": {"value": "…"}`).
    /// Booleans, `null` and fractions are no one's secret.
    private func secretLeaves(integers: Bool) -> [String] {
        switch self {
        case .string(let string): [string]
        case .integer(let integer): integers ? [String(integer)] : []
        case .array(let elements): elements.flatMap { $0.secretLeaves(integers: integers) }
        case .object(let members): members.inKeyOrder.flatMap { $0.value.secretLeaves(integers: integers) }
        case .null, .bool, .number: []
        }
    }
}
