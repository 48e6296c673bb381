import Caching
import CassetteCore
import Foundation

/// The redaction check of `cassette verify`: the harness redacts what a file stores again, with the rules recording
/// uses, and every place where that changes a value is a finding.
///
/// A cassette is read as the harness reads it; each interaction is redacted again as ``Redaction`` redacts what it
/// records (see `Redaction.redactingWithSecrets(_:_:)`), then written as the file writes it, and the two JSON trees are
/// compared. Values that are placeholders already (`<REDACTED:token>`, `REDACTED_token_3`) are no secrets, so a
/// file recording wrote passes. A value the request carries and the response echoes is found in both. A file that is
/// not a cassette is checked as a JSON request body would be.
struct RedactionCheck: Sendable {
    /// The rules: the default ones plus the `--redact` ones.
    let redaction: Redaction

    /// The findings in a cassette's `interactions`, in order, gone through once (so that interactions decoded as they
    /// are reached are held one at a time); `entryIndices` says where each stands among the file's entries (its
    /// position when `nil`).
    func findings(in interactions: some Collection<Interaction>, entryIndices: [Int]? = nil) throws(CacheError) -> [RedactionFinding] {
        let indices = entryIndices.flatMap { $0.count == interactions.count ? $0 : nil } ?? Array(0..<interactions.count)
        let perInteraction = redaction.redactingWithSecrets(interactions) { position, stored, redacted, secrets -> Result<[RedactionFinding], CacheError> in
            guard redacted != stored else { return .success([]) }
            return Result { () throws(CacheError) in
                let changes = JSONDifference.changes(from: try Self.written(stored), to: try Self.written(redacted),
                                                     at: "entries[\(indices[position])].value")
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
        return JSONDifference.changes(from: document, to: after).flatMap { Self.findings(at: $0, secrets: redacted.secrets, shownBy: redaction) }
    }

    /// The findings one change gives: a finding per secret redaction put there, none when it only wrote a multipart
    /// boundary's placeholder (no secret), one without a secret when it names none. The path is shown as `redaction`
    /// shows names (a header named with a token is the finding, and its path would print it).
    private static func findings(at change: JSONDifference.Change, secrets: ReplacedSecrets,
                                 shownBy redaction: Redaction) -> [RedactionFinding] {
        let path = redaction.shown(names: change.path)
        let replaced = secrets.replaced(in: change.before, by: change.after)
        guard !replaced.isEmpty else { return [RedactionFinding(path: path, secret: nil)] }
        return replaced.filter(\.origin.isSecret).map { RedactionFinding(path: path, secret: $0) }
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
