/// A subcommand's arguments, checked against its ``CommandSpec``.
struct ParsedArguments: Sendable {
    /// The positional arguments, in order.
    private(set) var positionals: [String] = []
    /// Each option's values, in order, by long name; a flag has one empty value per time it was given.
    private(set) var values: [String: [String]] = [:]
    /// Whether `--help` or `-h` was given.
    private(set) var wantsHelp = false

    /// Reads `arguments` by `spec`. `--` ends the options; `--name=value` and `--name value` both work.
    init(_ arguments: [String], spec: CommandSpec) throws(ToolFailure) {
        var rest = arguments[...]
        var onlyPositionals = false
        while let argument = rest.popFirst() {
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "--help" || argument == "-h" { wantsHelp = true; continue }
            var name = String(argument.drop { $0 == "-" })
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            let option = argument.hasPrefix("--")
                ? spec.options.first { $0.name == name }
                : spec.options.first { $0.short.map(String.init) == name }
            guard let option else {
                throw ToolFailure.usage("unknown option '\(argument)'", spec: spec)
            }
            guard option.value != nil else {
                if inlineValue != nil { throw ToolFailure.usage("'--\(option.name)' takes no value", spec: spec) }
                values[option.name, default: []].append("")
                continue
            }
            guard let value = inlineValue ?? rest.popFirst() else {
                throw ToolFailure.usage("'--\(option.name)' needs a value (<\(option.value ?? "")>)", spec: spec)
            }
            if !option.repeats && values[option.name] != nil {
                throw ToolFailure.usage("'--\(option.name)' is given more than once", spec: spec)
            }
            values[option.name, default: []].append(value)
        }
        guard !wantsHelp else { return }
        let required = spec.arguments.filter { !$0.isOptional }.count
        if positionals.count < required {
            throw ToolFailure.usage("missing <\(spec.arguments[positionals.count].name)>", spec: spec)
        }
        if positionals.count > spec.arguments.count {
            throw ToolFailure.usage("unexpected argument '\(positionals[spec.arguments.count])'", spec: spec)
        }
    }

    /// The positional argument at `index`, if given.
    func argument(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// The value of the option `name`, if given.
    func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of the repeatable option `name`.
    func all(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool {
        values[name] != nil
    }

    /// The value of `name` as a positive integer, if given.
    func positiveInteger(_ name: String, spec: CommandSpec) throws(ToolFailure) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number > 0 else {
            throw ToolFailure.usage("'--\(name)' takes a number from 1, not '\(text)'", spec: spec)
        }
        return number
    }
}
