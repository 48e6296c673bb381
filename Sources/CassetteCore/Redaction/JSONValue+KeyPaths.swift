extension JSONValue {
    /// The string values found at any of `paths` (normalized key paths, see ``Redaction/Matching``), each with the
    /// key it was found under. `*` matches any one key, `**` any number of keys, and arrays apply a path to every
    /// element.
    func strings(at paths: [[String]]) -> [(key: String, value: String)] {
        var found: [(key: String, value: String)] = []
        // `**.name`, the usual form, is looked up in one walk that normalizes each key once.
        var anywhere: Set<String> = []
        for path in paths {
            if path.count == 2, path[0] == "**", path[1] != "*", path[1] != "**" {
                anywhere.insert(path[1])
            } else {
                collect(path[...], key: "", into: &found)
            }
        }
        if !anywhere.isEmpty { collect(anywhere: anywhere, into: &found) }
        return found
    }

    private func collect(anywhere names: Set<String>, into found: inout [(key: String, value: String)]) {
        switch self {
        case .array(let elements):
            for element in elements { element.collect(anywhere: names, into: &found) }
        case .object(let members):
            for (name, member) in members {
                if case .string(let string) = member {
                    if names.contains(SecretName.normalized(name)) { found.append((name, string)) }
                } else if case .array = member, names.contains(SecretName.normalized(name)) {
                    for string in member.stringsInArrays { found.append((name, string)) }
                    member.collect(anywhere: names, into: &found)
                } else {
                    member.collect(anywhere: names, into: &found)
                }
            }
        case .null, .bool, .integer, .number, .string:
            break
        }
    }

    /// The strings of an array, of the arrays inside it, and so on (not inside objects).
    private var stringsInArrays: [String] {
        switch self {
        case .string(let string): [string]
        case .array(let elements): elements.flatMap(\.stringsInArrays)
        default: []
        }
    }

    private func collect(_ path: ArraySlice<String>, key: String, into found: inout [(key: String, value: String)]) {
        switch self {
        case .array(let elements):
            for element in elements { element.collect(path, key: key, into: &found) }
        case .string(let string):
            if path.isEmpty || path.allSatisfy({ $0 == "**" }) {
                if !key.isEmpty { found.append((key, string)) }
            }
        case .object(let members):
            guard let head = path.first else { return }
            let rest = path.dropFirst()
            switch head {
            case "**":
                // Zero keys, or one key and still `**`.
                if !rest.isEmpty { collect(rest, key: key, into: &found) }
                for (name, member) in members { member.collect(path, key: name, into: &found) }
            case "*":
                for (name, member) in members { member.collect(rest, key: name, into: &found) }
            default:
                for (name, member) in members where SecretName.normalized(name) == head {
                    member.collect(rest, key: name, into: &found)
                }
            }
        case .null, .bool, .integer, .number:
            break
        }
    }
}
