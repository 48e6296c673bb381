import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers requests from a cassette's recordings: takes the next recording of a request's match key from the
/// shared ``SessionState/index``, and builds what it answers (with an injected ``Fault`` and the ``ReplayLatency``
/// wait, if any). Replay ends here, with no closure and no recording bookkeeping.
struct CassetteReplay: Sendable {
    private let settings: CassetteSettings
    /// What each replayable interaction answers, at the positions the replay index gives.
    private let answers: [ReplayAnswer]
    /// The replayable requests' bodies with their match keys: a live body with the same bytes (the usual case on
    /// replay) takes its key from here.
    let recordedBodies: RecordedBodies
    /// Whether replays are counted per match key (only ``Fault`` selection needs it).
    private var countsKeys: Bool { !settings.faults.isEmpty }

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

    /// Prepares the replay of `opened`'s replayable interactions: runs the playback hook once per interaction and
    /// keys their bodies. Returns the replay and the index that starts the shared state.
    static func prepare(_ opened: OpenedCassette, settings: CassetteSettings) -> (replay: CassetteReplay, index: ReplayIndex) {
        var replayable = opened.replayablePositions.map { opened.previous[$0] }
        let markers = settings.redaction.placeholderMarkers
        // The playback hook runs once per interaction, here: what replay serves, not what the file holds.
        let beforePlayback = settings.hooks.beforePlayback
        let answers = replayable.map { interaction in
            guard let beforePlayback, interaction.response != nil else { return ReplayAnswer(interaction, placeholderMarkers: markers) }
            var served = interaction
            served.response = beforePlayback(interaction)
            return ReplayAnswer(served, placeholderMarkers: markers)
        }
        let recordedBodies = RecordedBodies(keying: &replayable, matchers: settings.matchers)
        return (CassetteReplay(settings: settings, answers: answers, recordedBodies: recordedBodies),
                ReplayIndex(replayable, matchers: settings.matchers))
    }

    private init(settings: CassetteSettings, answers: [ReplayAnswer], recordedBodies: RecordedBodies) {
        self.settings = settings
        self.answers = answers
        self.recordedBodies = recordedBodies
    }

    /// Takes the recording that answers a request with match key `key` from `state`'s index, counting the replay;
    /// the last recording is answered again when the cassette repeats it. Called inside the state's lock.
    func take(_ key: String, in state: inout SessionState) -> Lookup {
        switch state.index.take(key) {
        case .next(let position):
            return .replay(count(position, key: key, in: &state))
        case .exhausted(let last, _) where settings.repeatsLastResponse:
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

    /// What `played` answers the live request for `url` (its secrets put back into the recording's placeholders),
    /// or the fault that replaces it, how long to wait before answering, and, when the task's delegate is to be asked
    /// about it (see ``DelegateReplay``), the responses before the final one.
    func answer(_ played: Played, to stored: RecordedRequest, key: String, url: URL, secrets: SecretSet)
        -> (outcome: Outcome, delay: TimeInterval, hops: [HTTPURLResponse]?) {
        let answer = answers[played.position]
        var outcome = answer.outcome(for: url, secrets: secrets)
        let hops = answer.asksDelegate ? answer.hops(secrets: secrets) : nil
        if countsKeys, let fault = settings.faults.first(where: {
            $0.selection.selects(stored, position: played.request, key: key, occurrence: played.occurrence)
        }) {
            outcome = fault.outcome(replacing: outcome, url: url)
        }
        return (outcome, settings.latency.delay(recorded: answer.duration), hops)
    }
}
