import Foundation

extension JSONValue {
    /// The secrets the rules find in a JSON document, each with the rule that found it.
    ///
    /// - The values under a key `anywhere` holds, at any depth (the `**.name` key paths, see ``Redaction/Matching``),
    ///   and at any of `paths` (other normalized key paths), each found under its key: `*` matches any one key, `**`
    ///   any number of keys, and arrays apply a path to every element.
    /// - In every object held under a key `headers` (any case, at any depth: servers echo a request's headers so),
    ///   the values of the headers in `headerNames`, as a message's headers are read (``HeaderValueSecrets``).
    /// - A string that holds a JSON object or array (`"payload": "{\"token\": \"...\"}"`) is read the same way for
    ///   `**.name` paths and headers, ``nestedJSONDepth`` strings deep.
    ///
    /// With `integers`, an integer under a secret's name is one too (a request's PIN). A response's are left: what
    /// the server sent stays JSON the app can decode, and a learned placeholder is no number.
    func secrets(anywhere: SecretNameSet, paths: [[String]], headerNames: SecretNameSet, integers: Bool) -> [(origin: SecretOrigin, value: String)] {
        var found: [(origin: SecretOrigin, value: String)] = []
        for path in paths { collect(path[...], key: "", integers: integers, into: &found) }
        // `**.name`, the usual form, is looked up in one walk (a bracketed or password-like key too, as
        // ``SecretNameSet`` tells).
        if !anywhere.isEmpty || !headerNames.isEmpty {
            collect(anywhere: anywhere, headerNames: headerNames, integers: integers, depth: 0, into: &found)
        }
        return found
    }

    /// How many strings deep JSON held in a string is read: each level reads part of the one before, so the cost
    /// stays linear in the document.
    static let nestedJSONDepth = 4

    private func collect(anywhere names: SecretNameSet, headerNames: SecretNameSet, integers: Bool, depth: Int,
                         into found: inout [(origin: SecretOrigin, value: String)]) {
        switch self {
        case .array(let elements):
            for element in elements { element.collect(anywhere: names, headerNames: headerNames, integers: integers, depth: depth, into: &found) }
        case .object(let members):
            for (name, member) in members {
                switch member {
                case .string(let string) where names.contains(name):
                    // The whole string is the secret: nothing in it needs reading.
                    found.append((.jsonKey(name), string))
                    continue
                case .object(let headers) where !headerNames.isEmpty && name.equalsIgnoringASCIICase("headers"):
                    for (header, value) in headers where headerNames.contains(header) {
                        guard case .string(let text) = value else { continue }
                        var extra: [(origin: SecretOrigin, value: String)] = []
                        found += HeaderValueSecrets.find(in: text, header: header.lowercased(), extraSecrets: &extra)
                            .map { ($0.origin, $0.value) }
                        found += extra
                    }
                case .array, .object, .integer:
                    guard names.contains(name) else { break }
                    for value in member.secretLeaves(integers: integers) { found.append((.jsonKey(name), value)) }
                default:
                    break
                }
                member.collect(anywhere: names, headerNames: headerNames, integers: integers, depth: depth, into: &found)
            }
        case .string(let string):
            guard depth < Self.nestedJSONDepth, let nested = JSONValue(heldIn: string) else { return }
            nested.collect(anywhere: names, headerNames: headerNames, integers: integers, depth: depth + 1, into: &found)
        case .null, .bool, .integer, .number:
            break
        }
    }

    /// The JSON object or array `string` holds (after whitespace), or `nil` when it holds none.
    private init?(heldIn string: String) {
        guard let first = string.utf8.first(where: { !$0.isJSONWhitespace }),
              first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
              let value = JSONValue(parsing: Data(string.utf8)) else {
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
        case .object(let members): members.values.flatMap { $0.secretLeaves(integers: integers) }
        case .null, .bool, .number: []
        }
    }

    private func collect(_ path: ArraySlice<String>, key: String, integers: Bool, into found: inout [(origin: SecretOrigin, value: String)]) {
        switch self {
        case .array(let elements):
            for element in elements { element.collect(path, key: key, integers: integers, into: &found) }
        case .string, .integer:
            if path.isEmpty || path.allSatisfy({ $0 == "**" }) {
                if !key.isEmpty { for value in secretLeaves(integers: integers) { found.append((.jsonKey(key), value)) } }
            }
        case .object(let members):
            guard let head = path.first else {
                if !key.isEmpty { for value in secretLeaves(integers: integers) { found.append((.jsonKey(key), value)) } }
                return
            }
            let rest = path.dropFirst()
            switch head {
            case "**":
                // Zero keys, or one key and still `**`.
                if !rest.isEmpty { collect(rest, key: key, integers: integers, into: &found) }
                for (name, member) in members { member.collect(path, key: name, integers: integers, into: &found) }
            case "*":
                for (name, member) in members { member.collect(rest, key: name, integers: integers, into: &found) }
            default:
                for (name, member) in members where SecretName.normalized(name) == head {
                    member.collect(rest, key: name, integers: integers, into: &found)
                }
            }
        case .null, .bool, .number:
            break
        }
    }
}
