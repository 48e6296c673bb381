import Caching
import Foundation

/// Recorded interactions grouped by their match key, each group replayed in recording order: finding a request's
/// next interaction is one dictionary lookup.
///
/// When some matcher reads more than the method and URL (see ``RequestMatcher/Reads``), opening gives each recording
/// only its head key, and the recordings under one head key get their full keys when the first request with it
/// comes (``resolve(head:)``): a test that replays a few recordings of a large cassette never reads the others' bodies.
struct ReplayIndex: Sendable {
    /// The recorded interactions, in recording order.
    let interactions: [Interaction]
    private let matchers: [RequestMatcher]
    private var groups: [MatchKey: Group] = [:]
    /// The positions of recordings whose full keys are not worked out yet, by head key.
    private var unresolved: [MatchKey: [Int]] = [:]
    /// The recorded request bodies keyed so far, by their bytes: a live body with the same bytes takes its key from here.
    private var keyedBodies: [Bytes: Body] = [:]

    /// The interactions recorded under one key, and how many of them were replayed.
    private struct Group {
        var positions: [Int]
        var replayed = 0
    }

    /// What the index has for a request.
    enum Lookup {
        /// The position in ``interactions`` of the next recorded interaction for the request.
        case next(Int)
        /// Every interaction for the request was replayed already (`count` of them); the last one's position.
        case exhausted(last: Int, count: Int)
        /// Nothing recorded matches.
        case none
    }

    /// Indexes `interactions` under the keys `matchers` give their requests (head keys only, when some matcher reads more).
    init(_ interactions: [Interaction], matchers: [RequestMatcher]) {
        self.interactions = interactions
        self.matchers = matchers
        if matchers.readBeyondHead {
            for (position, interaction) in interactions.enumerated() {
                unresolved[MatchKey(matchers.headKey(for: interaction.requestHead)), default: []].append(position)
            }
        } else {
            groups.reserveCapacity(interactions.count)
            // Every matcher reads the method and URL only, which an interaction still in the file has.
            for (position, interaction) in interactions.enumerated() {
                groups[MatchKey(matchers.key(for: interaction.requestHead)), default: Group(positions: [])].positions.append(position)
            }
        }
    }

    /// Gives the recordings under head key `head` their full keys (and their bodies ``RequestMatcher/body``'s, for
    /// ``recordedBody(like:)``), decoding those still in the file's bytes (see ``PendingInteraction``); call it before
    /// ``take(_:)``. Returns the error of the first that does not decode (it then matches nothing).
    mutating func resolve(head: String) -> CacheError? {
        guard let positions = unresolved.removeValue(forKey: MatchKey(head)) else { return nil }
        let keysBodies = matchers.contains { $0.reads == .body }
        var failure: CacheError?
        for position in positions {
            var request: RecordedRequest
            do {
                request = try interactions[position].contents.request
            } catch {
                failure = failure ?? error
                continue
            }
            if keysBodies, let body = request.body, body.data.count <= BodyKey.largestKnown {
                let keyed = body.withMatchKey(BodyKey.Known(contentType: request.header("Content-Type"),
                                                            key: BodyKey.key(for: request, ignoringJSONKeyPaths: [])))
                // Two recordings with these bytes under different types: the key is used only under its own type.
                keyedBodies[Bytes(body.data)] = keyed
                request.body = keyed
            }
            // Positions come in recording order, and a full key's recordings all have one head key.
            groups[MatchKey(matchers.key(for: request)), default: Group(positions: [])].positions.append(position)
        }
        return failure
    }

    /// The recorded body with the bytes of `body`, carrying its key, when a resolved recording has them.
    func recordedBody(like body: Body?) -> Body? {
        guard let body, !keyedBodies.isEmpty else { return nil }
        return keyedBodies[Bytes(body.data)]
    }

    /// The positions of the interactions never taken, in recording order.
    var untaken: [Int] {
        (groups.values.flatMap { $0.positions[$0.replayed...] } + unresolved.values.joined()).sorted()
    }

    /// Takes the next interaction recorded under `key`; the recordings under the request's head key must be
    /// resolved (``resolve(head:)``).
    mutating func take(_ key: String) -> Lookup {
        guard let slot = groups.index(forKey: MatchKey(key)) else { return .none }
        let lookup = Self.next(in: groups.values[slot])
        if case .next = lookup { groups.values[slot].replayed += 1 }
        return lookup
    }

    /// What ``take(_:)`` would give for `key`, taking nothing.
    func peek(_ key: String) -> Lookup {
        groups[MatchKey(key)].map(Self.next) ?? .none
    }

    /// The lookup of `group`'s next recording.
    private static func next(in group: Group) -> Lookup {
        guard group.replayed < group.positions.count else {
            return .exhausted(last: group.positions[group.positions.count - 1], count: group.positions.count)
        }
        return .next(group.positions[group.replayed])
    }

    /// Takes the next interaction recorded for `request`, resolving its head key first; for an index of decoded
    /// interactions (which resolving cannot fail for).
    mutating func take(_ request: RecordedRequest) -> Lookup {
        if matchers.readBeyondHead { _ = resolve(head: matchers.headKey(for: request)) }
        return take(matchers.key(for: request))
    }

    /// Bytes hashed in full: `Data` hashes only a prefix, and recorded bodies often begin alike.
    private struct Bytes: Hashable {
        let data: Data

        init(_ data: Data) {
            self.data = data
        }

        func hash(into hasher: inout Hasher) {
            data.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}

/// A match key compared byte for byte (`String` would take `"é"` precomposed and decomposed as one key, while a
/// server may answer them differently).
struct MatchKey: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    /// One `memcmp` (`elementsEqual` over UTF-8 views cost about 15% of a realistic replayed request, by callgrind).
    static func == (lhs: MatchKey, rhs: MatchKey) -> Bool {
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        var left = lhs.text, right = rhs.text
        return left.withUTF8 { left in
            right.withUTF8 { right in
                guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else { return left.count == right.count }
                return memcmp(leftBytes, rightBytes, left.count) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
