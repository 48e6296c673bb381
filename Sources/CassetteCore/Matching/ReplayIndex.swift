/// Recorded interactions grouped by their match key, each group replayed in recording order.
///
/// Finding a request's next interaction is one dictionary lookup: its cost does not grow with the cassette.
struct ReplayIndex: Sendable {
    /// The recorded interactions, in recording order.
    let interactions: [Interaction]
    private var groups: [MatchKey: Group] = [:]

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

    /// Indexes `interactions` under the keys `matchers` give their requests.
    init(_ interactions: [Interaction], matchers: [RequestMatcher]) {
        self.interactions = interactions
        groups.reserveCapacity(interactions.count)
        for (position, interaction) in interactions.enumerated() {
            groups[MatchKey(matchers.key(for: interaction.request)), default: Group(positions: [])].positions.append(position)
        }
    }

    /// The positions of the interactions never taken, in recording order.
    var untaken: [Int] {
        groups.values.flatMap { $0.positions[$0.replayed...] }.sorted()
    }

    /// Takes the next interaction recorded under `key`.
    mutating func take(_ key: String) -> Lookup {
        guard let slot = groups.index(forKey: MatchKey(key)) else { return .none }
        let group = groups.values[slot]
        guard group.replayed < group.positions.count else {
            return .exhausted(last: group.positions[group.positions.count - 1], count: group.positions.count)
        }
        groups.values[slot].replayed += 1
        return .next(group.positions[group.replayed])
    }
}

/// A match key compared byte for byte. Swift's `String` compares by canonical equivalence, so `"é"` written
/// precomposed and decomposed would be one key, while a server may answer them differently.
struct MatchKey: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: MatchKey, rhs: MatchKey) -> Bool {
        lhs.text.utf8.count == rhs.text.utf8.count && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
