/// The request headers that make a request conditional or partial: the same URL answers `304 Not Modified`, `412`
/// or `206 Partial Content` to a request that carries them, and the full answer to one that does not.
enum ConditionalHeaders {
    /// The names, lowercased.
    static let names: Set<String> = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range", "range"]

    /// `name=value` for each conditional header of `headers` (names lowercased, sorted), one per line; empty when there
    /// is none (a name is lowercased only when it starts as a conditional one does).
    static func key(of headers: [String: String]) -> String {
        var found: [(name: String, value: String)] = []
        for (name, value) in headers {
            guard let first = name.utf8.first, first | 0x20 == UInt8(ascii: "i") || first | 0x20 == UInt8(ascii: "r"),
                  case let lowered = name.lowercased(), names.contains(lowered) else { continue }
            found.append((lowered, value))
        }
        guard !found.isEmpty else { return "" }
        return found.sorted { $0.name < $1.name }.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
    }
}
