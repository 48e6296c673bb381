import Caching
import CassetteCore
import Foundation

/// The redaction check of `cassette verify`: each interaction is redacted again as recording redacts it
/// (`Redaction.redactingWithSecrets(_:_:)`) and written as the file writes it, and every place where the two JSON
/// trees differ is a finding (placeholders are no secrets, so a file recording wrote passes). A file that is not a
/// cassette is checked as a JSON request body would be.
struct RedactionCheck: Sendable {
    /// The rules: the default ones plus the `--redact` ones.
    let redaction: Redaction

    /// The findings in a cassette's `interactions`, in order, gone through once; `entryIndices` says where each
    /// stands among the file's entries (its position when `nil`).
    func findings(in interactions: some Collection<Interaction>, entryIndices: [Int]? = nil) throws(CacheError) -> [RedactionFinding] {
        let indices = entryIndices.flatMap { $0.count == interactions.count ? $0 : nil } ?? Array(0..<interactions.count)
        let perInteraction = redaction.redactingWithSecrets(interactions) { position, stored, redacted, secrets -> Result<[RedactionFinding], CacheError> in
            guard redacted != stored else { return .success([]) }
            return Result { () throws(CacheError) in
                let changes = JSONComparison.changes(from: try Self.written(stored), to: try Self.written(redacted),
                                                     at: "entries[\(indices[position])].value", values: true, quotingKeys: true)
                return changes.flatMap { Self.findings(at: $0, secrets: secrets, shownBy: redaction) }
            }
        }
        var findings: [RedactionFinding] = []
        for result in perInteraction { findings += try result.get() }
        return findings
    }

    /// The findings in `data`, a JSON document that is not a cassette; none when it is no JSON object or array
    /// (reading it as a cassette said so already).
    func findings(inDocument data: Data) -> [RedactionFinding] {
        let decoder = JSONDecoder()
        guard let document = try? decoder.decode(JSONValue.self, from: data) else { return [] }
        switch document {
        case .object, .array: break
        default: return []
        }
        let redacted = redaction.redactingWithSecrets(document: data)
        guard redacted.document != data else { return [] }
        guard let after = try? decoder.decode(JSONValue.self, from: redacted.document) else {
            return [RedactionFinding(path: "", secret: nil)]
        }
        return JSONComparison.changes(from: document, to: after, at: "", values: true, quotingKeys: true)
            .flatMap { Self.findings(at: $0, secrets: redacted.secrets, shownBy: redaction) }
    }

    /// The findings one change gives: one per secret redaction put there (none for a multipart boundary's
    /// placeholder), one without a secret when it names none; the path shown as `redaction` shows names.
    private static func findings(at change: JSONComparison.Change, secrets: ReplacedSecrets,
                                 shownBy redaction: Redaction) -> [RedactionFinding] {
        let path = redaction.shown(names: change.path)
        let replaced = secrets.replaced(in: text(change.old), by: text(change.new))
        guard !replaced.isEmpty else { return [RedactionFinding(path: path, secret: nil)] }
        return replaced.filter(\.origin.isSecret).map { RedactionFinding(path: path, secret: $0) }
    }

    /// A value's text for telling which placeholders a change put there: a string's own text, any other value as
    /// its canonical JSON (compact, sorted keys), nothing for an absent one.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil: ""
        case .string(let string)?: string
        case let value?: value.canonicalText
        }
    }

    /// The interaction as a cassette file writes it: its JSON tree.
    private static func written(_ interaction: Interaction) throws(CacheError) -> JSONValue {
        let file = try Cache<Int, Interaction>.encoded(entries: [(key: 1, value: interaction)])
        do {
            let document = try JSONDecoder().decode(CacheFileOfOne.self, from: file)
            return document.entries.first?.value ?? .null
        } catch {
            throw CacheError(.corruptFile, reason: "The interaction as written could not be read back: \(error).")
        }
    }

    /// The shape of a cache file, its values as JSON.
    private struct CacheFileOfOne: Decodable {
        let entries: [Entry]
        struct Entry: Decodable { let value: JSONValue }
    }
}
