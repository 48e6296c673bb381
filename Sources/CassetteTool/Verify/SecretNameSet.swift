/// Names of secrets compared as `Scripts/scan-secrets.sh` compares them: `normalized(name)`, lowercased
/// (``PythonText/lower(_:)``) without `-` and `_`, then equal code point for code point.
struct SecretNameSet: Sendable {
    private let names: Set<[UInt8]>

    /// The set of `names`, normalized.
    init(_ names: some Sequence<String>) {
        self.names = Set(names.map(Self.normalized))
    }

    /// Whether `name`, normalized, is one of the set's.
    func contains(_ name: some StringProtocol) -> Bool {
        names.contains(Self.normalized(name))
    }

    /// `normalized(name)` as UTF-8: `name.lower().replace("-", "").replace("_", "")`.
    static func normalized(_ name: some StringProtocol) -> [UInt8] {
        PythonText.lower(name).utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") }
    }
}
