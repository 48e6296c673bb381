/// Recorded interactions grouped by their match key, each group replayed in recording order.
///
/// Finding a request's next interaction is one dictionary lookup: its cost does not grow with the cassette.
struct ReplayIndex: Sendable {
    /// The recorded interactions, in recording order.
    let interactions: [Interaction]
    private var positions: [String: [Int]] = [:]
    private var replayed: [String: Int] = [:]

    /// What the index has for a request.
    enum Lookup {
        /// The next recorded interaction for the request.
        case next(Interaction)
        /// Every interaction for the request was replayed already; `count` of them.
        case exhausted(last: Interaction, count: Int)
        /// Nothing recorded matches.
        case none
    }

    /// Indexes `interactions` under the keys `matchers` give their requests.
    init(_ interactions: [Interaction], matchers: [RequestMatcher]) {
        self.interactions = interactions
        for (position, interaction) in interactions.enumerated() {
            positions[matchers.key(for: interaction.request), default: []].append(position)
        }
    }

    /// Takes the next interaction recorded under `key`.
    mutating func take(_ key: String) -> Lookup {
        guard let group = positions[key] else { return .none }
        let used = replayed[key, default: 0]
        guard used < group.count else {
            return .exhausted(last: interactions[group[group.count - 1]], count: group.count)
        }
        replayed[key] = used + 1
        return .next(interactions[group[used]])
    }
}
