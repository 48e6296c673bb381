import CassetteCore

/// One place where a cassette file stores a value its redaction rules would not let recording store.
struct RedactionFinding: Sendable, Hashable, CustomStringConvertible {
    /// The coding path of the value in the file: `entries[0].value.request.headers.Authorization`.
    let path: String
    /// The secret found there, or `nil` when redacting the value again changes it without naming one.
    let secret: ReplacedSecret?

    /// What is wrong, naming the rule, the name and the length, never the value.
    var description: String {
        let place = path.isEmpty ? "" : "At \(path): "
        guard let secret else { return place + "redacting this value again changes it; record the cassette again" }
        let sender = secret.isFromServer ? ", sent by the server" : ""
        return place + "\(secret.origin) (\(secret.length) characters\(sender)) is stored unredacted; recording writes \(secret.placeholder)"
    }
}
