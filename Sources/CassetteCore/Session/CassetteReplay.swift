import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers requests from a cassette's recordings: takes the next recording of a request's match key from the
/// shared ``SessionState/index``, and builds what it answers (with an injected ``Fault`` and the ``ReplayLatency``
/// wait, if any). Replay ends here, with no closure and no recording bookkeeping.
struct CassetteReplay: Sendable {
    private let settings: CassetteSettings
    /// The replayable interactions, at the positions the replay index gives.
    private let replayable: [Interaction]
    /// What each replayable interaction answers, made when it is first replayed (the interaction decoded then, see
    /// ``PendingInteraction``), or when the cassette opens for a playback hook.
    private let answers: LockedBox<[ReplayAnswer?]>
    /// ``Redaction/placeholderMarkers``, worked out once for the cassette.
    private let placeholderMarkers: [String]
    /// Whether replays are counted per match key (only ``Fault`` selection needs it).
    private var countsKeys: Bool { !settings.options.faults.isEmpty }

    /// A request answered from a recording.
    struct Played {
        /// The recording's position in the replay index.
        let position: Int
        /// How many requests were replayed so far, this one included (from 1).
        let request: Int
        /// How many requests with this match key were replayed so far, this one included; 0 when not counted.
        let occurrence: Int
    }

    /// What the recordings say about one request.
    enum Lookup {
        /// Replay this recording.
        case replay(Played)
        /// The key's recordings were all replayed already (`count` of them), and the last is not repeated.
        case exhausted(count: Int)
        /// Nothing recorded matches.
        case none
    }

    /// Prepares the replay of `opened`'s replayable interactions, and runs the playback hook, if any, once per
    /// interaction. Returns the replay and the index that starts the shared state.
    static func prepare(_ opened: OpenedCassette, settings: CassetteSettings) -> (replay: CassetteReplay, index: ReplayIndex) {
        let replayable = opened.replayablePositions.map { opened.previous[$0] }
        let markers = settings.options.redaction.placeholderMarkers
        var answers = [ReplayAnswer?](repeating: nil, count: replayable.count)
        // The playback hook runs once per interaction, here: what replay serves, not what the file holds. (With a
        // hook, the responses were decoded when the file was read.)
        if let beforePlayback = settings.options.hooks.beforePlayback {
            answers = replayable.map { interaction in
                guard interaction.response != nil else { return ReplayAnswer(interaction, placeholderMarkers: markers) }
                var served = interaction
                served.response = beforePlayback(interaction)
                return ReplayAnswer(served, placeholderMarkers: markers)
            }
        }
        return (CassetteReplay(settings: settings, replayable: replayable, answers: answers, placeholderMarkers: markers),
                ReplayIndex(replayable, matchers: settings.options.matching))
    }

    private init(settings: CassetteSettings, replayable: [Interaction], answers: [ReplayAnswer?], placeholderMarkers: [String]) {
        self.settings = settings
        self.replayable = replayable
        self.answers = LockedBox(answers)
        self.placeholderMarkers = placeholderMarkers
    }

    /// What the replayable interaction at `position` answers, made the first time it is asked for: the interaction is
    /// decoded then, and one the file holds malformed is the file's error.
    private func answer(at position: Int) throws(CassetteError) -> ReplayAnswer {
        if let made = answers.withLock({ $0[position] }) { return made }
        let made = ReplayAnswer(try CassetteFile.decoded(replayable[position], in: settings.file), placeholderMarkers: placeholderMarkers)
        // Tests mostly replay in recording order: the next answers are made now too, while the decoding code is
        // warm, instead of one by one between the session's own work (about three times slower each).
        let ahead = (position + 1)..<min(position + Self.readAhead, replayable.count)
        let more: [(Int, ReplayAnswer)] = ahead.compactMap { next in
            guard let interaction = try? CassetteFile.decoded(replayable[next], in: settings.file) else { return nil }
            return (next, ReplayAnswer(interaction, placeholderMarkers: placeholderMarkers))
        }
        answers.withLock { answers in
            answers[position] = made
            for (next, answer) in more where answers[next] == nil { answers[next] = answer }
        }
        return made
    }

    /// How many answers are made at once (see ``answer(at:)``).
    private static let readAhead = 32

    /// Takes the recording that answers a request with match key `key` from `state`'s index, counting the replay;
    /// the last recording is answered again when the cassette repeats it. Called inside the state's lock.
    func take(_ key: String, in state: inout SessionState) -> Lookup {
        switch state.index.take(key) {
        case .next(let position):
            return .replay(count(position, key: key, in: &state))
        case .exhausted(let last, _) where settings.options.repeatsLastResponse:
            return .replay(count(last, key: key, in: &state))
        case .exhausted(_, let count):
            return .exhausted(count: count)
        case .none:
            return .none
        }
    }

    /// Counts a request answered from the recording at `position`.
    private func count(_ position: Int, key: String, in state: inout SessionState) -> Played {
        state.replayedRequests += 1
        guard countsKeys else { return Played(position: position, request: state.replayedRequests, occurrence: 0) }
        let occurrence = state.replayedByKey[MatchKey(key), default: 0] + 1
        state.replayedByKey[MatchKey(key)] = occurrence
        return Played(position: position, request: state.replayedRequests, occurrence: occurrence)
    }

    /// The error for a request the recordings cannot answer, in a cassette that does not record.
    func missError(_ lookup: Lookup, for stored: RecordedRequest, index: ReplayIndex) -> CassetteError {
        if case .exhausted(let count) = lookup { return settings.exhaustedError(stored, count: count) }
        return settings.noMatchError(stored, index: index)
    }

    /// What `played` answers the live request with match key `key` to `url` (its secrets put back into the
    /// recording's placeholders), or the fault that replaces it, how long to wait before answering, and, when the
    /// task's delegate is to be asked about it (see ``DelegateReplay``), the responses before the final one with the
    /// request. `sent` gives the request as stored, with its secrets; it is called only when the answer needs them (a
    /// placeholder to restore, a question for the delegate, a fault to select).
    /// Throws the file's error when the recording's response, decoded now for its first replay, does not decode.
    func answer(_ played: Played, key: String, url: URL, sent: () -> SentRequest)
        throws(CassetteError) -> (outcome: Outcome, delay: TimeInterval, asks: (hops: [HTTPURLResponse], request: SentRequest)?) {
        let answer = try answer(at: played.position)
        let request = answer.readsRequestSecrets || countsKeys ? sent() : nil
        var outcome = answer.outcome(for: url, secrets: request?.secrets)
        let asks = answer.asksDelegate ? request.map { (answer.hops(secrets: $0.secrets), $0) } : nil
        if countsKeys, let request, let fault = settings.options.faults.first(where: {
            $0.selection.selects(request.stored, position: played.request, key: key, occurrence: played.occurrence)
        }) {
            outcome = fault.outcome(replacing: outcome, url: url)
        }
        return (outcome, settings.options.latency.delay(recorded: answer.duration), asks)
    }

    /// Takes the recording that answers a request with match key `key` when that recording answered a request
    /// with this key before, unredacted and redacted alike (``SessionState/answeredAsSent``); `nil` when it did not
    /// (nothing is taken then). Called inside the state's lock.
    func takeAsSent(_ key: String, in state: inout SessionState) -> Played? {
        let position: Int
        switch state.index.peek(key) {
        case .next(let next): position = next
        case .exhausted(let last, _) where settings.options.repeatsLastResponse: position = last
        case .exhausted, .none: return nil
        }
        guard state.answeredAsSent.contains(position), case .replay(let played) = take(key, in: &state) else { return nil }
        return played
    }
}
