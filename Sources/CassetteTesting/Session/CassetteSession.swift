import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One open cassette: the state behind a single `Cassette.use` call.
///
/// It answers each request its session sends (replaying, or recording when the mode allows), collects the
/// failures to report when the body ends, and saves what it recorded.
final class CassetteSession: Sendable {
    let settings: CassetteSettings
    /// Whether requests without a recording go to the real network.
    let recordsMisses: Bool
    private let previous: [Interaction]
    /// What each replayable interaction answers, at the positions the replay index gives.
    private let answers: [ReplayAnswer]
    private let recorder: Recorder?
    private let state: LockedBox<State>

    private struct State {
        var index: ReplayIndex
        /// New recordings, in the order their requests started; `nil` while a recording is in flight.
        var recorded: [Interaction?] = []
        var failures: [CassetteError] = []
        var isClosed = false
    }

    /// Opens the cassette: loads its file (if the mode replays) and decides whether misses are recorded.
    init(settings: CassetteSettings) throws(CassetteError) {
        self.settings = settings
        let existing = try CassetteFile.load(settings.file)
        if existing == nil && !settings.mode.records(fileExists: false) {
            throw CassetteError(.cassetteNotFound,
                                "No cassette file, and record mode \"\(settings.mode)\" does not record. Record it with: \(settings.recordCommand(mode: .once))",
                                cassette: settings.file)
        }
        previous = existing ?? []
        recordsMisses = settings.mode.records(fileExists: existing != nil)
        recorder = recordsMisses ? Recorder() : nil
        let replayable = settings.mode.replaysExisting ? previous : []
        answers = replayable.map { ReplayAnswer($0, redaction: settings.redaction) }
        state = LockedBox(State(index: ReplayIndex(replayable, matchers: settings.matchers)))
    }

    /// How the cassette answers one request.
    enum Answer {
        /// The answer, known at once: a replayed interaction or the cassette's own failure.
        case now(Outcome)
        /// The request must be recorded: pass it to ``record(_:deliver:)``.
        case record(PendingRecording)
    }

    /// A request that goes to the real network, with the slot its recording fills.
    struct PendingRecording {
        let request: URLRequest
        let body: Data?
        /// The request as it will be stored (redacted).
        let stored: RecordedRequest
        let slot: Int
    }

    /// Decides how to answer `request`. Replay ends here, with no closure or recording bookkeeping.
    func answer(_ request: URLRequest, body: Data?) -> Answer {
        let url = request.url ?? URL(fileURLWithPath: "/")
        let stored = settings.redaction.redact(RecordedRequest(request, body: body))
        let key = settings.matchers.key(for: stored)

        enum Decision { case replay(position: Int), record(slot: Int), fail(CassetteError) }
        let decision: Decision = state.withLock { state in
            if state.isClosed {
                return .fail(CassetteError(.noMatch, "\(stored.method) \(stored.url) was sent after Cassette.use returned; the cassette is closed.", cassette: settings.file))
            }
            switch state.index.take(key) {
            case .next(let position):
                return .replay(position: position)
            case .exhausted(let last, _) where settings.repeatsLastResponse:
                return .replay(position: last)
            case .exhausted(_, let count) where !recordsMisses:
                let error = exhaustedError(stored, count: count)
                state.failures.append(error)
                return .fail(error)
            case .none where !recordsMisses:
                let error = noMatchError(stored, index: state.index)
                state.failures.append(error)
                return .fail(error)
            case .none, .exhausted:
                state.recorded.append(nil)
                return .record(slot: state.recorded.count - 1)
            }
        }

        switch decision {
        case .replay(let position):
            return .now(answers[position].outcome(for: url))
        case .fail(let error):
            return .now(.failure(URLError(.resourceUnavailable, userInfo: [
                NSLocalizedDescriptionKey: error.description, NSURLErrorFailingURLErrorKey: url,
            ])))
        case .record(let slot):
            return .record(PendingRecording(request: request, body: body, stored: stored, slot: slot))
        }
    }

    /// Sends a request that ``answer(_:body:)`` said to record: `deliver` is called exactly once, with what the
    /// network answered, after the recording is stored. Returns a function that cancels the request.
    func record(_ pending: PendingRecording, deliver: @escaping @Sendable (Outcome) -> Void) -> (@Sendable () -> Void)? {
        guard let recorder else {
            deliver(.failure(URLError(.resourceUnavailable)))
            return nil
        }
        let stored = pending.stored
        return recorder.perform(pending.request, body: pending.body) { [self] result in
            let outcome: Outcome
            let interaction: Interaction
            switch result {
            case .success(let (response, data)):
                let recorded = settings.redaction.redact(RecordedResponse(response, body: data))
                interaction = Interaction(request: stored, response: recorded, recordedAt: settings.now())
                outcome = .response(response, data)
            case .failure(let error):
                outcome = .failure(error)
                if (error as? URLError)?.code == .cancelled { return deliver(outcome) }
                interaction = Interaction(request: stored, failure: RecordedFailure(error), recordedAt: settings.now())
            }
            // Store before delivering: once the client has its answer, `use` may close the cassette.
            state.withLock { $0.recorded[pending.slot] = interaction }
            deliver(outcome)
        }
    }

    /// Closes the cassette. Saves the recording when the mode records and `save` is true; returns the
    /// failures the requests met, redacted.
    func close(save: Bool) throws(CassetteError) -> [CassetteError] {
        recorder?.close()
        let (recorded, failures) = state.withLock { state in
            state.isClosed = true
            return (state.recorded.compactMap { $0 }, state.failures)
        }
        if save && recordsMisses {
            try persist(recorded)
        }
        return failures
    }

    private func persist(_ recorded: [Interaction]) throws(CassetteError) {
        let interactions: [Interaction]
        if settings.mode == .all {
            interactions = keepingDates(of: recorded)
        } else {
            if !previous.isEmpty && recorded.isEmpty { return }
            interactions = previous + recorded
        }
        try CassetteFile.save(interactions, to: settings.file)
    }

    /// `recorded` with the old recording date kept wherever the exchange is unchanged, so that re-recording an
    /// unchanged API leaves the file byte for byte the same.
    private func keepingDates(of recorded: [Interaction]) -> [Interaction] {
        var old = ReplayIndex(previous, matchers: settings.matchers)
        return recorded.map { interaction in
            guard case .next(let position) = old.take(settings.matchers.key(for: interaction.request)),
                  old.interactions[position].isSameExchange(as: interaction) else {
                return interaction
            }
            return old.interactions[position]
        }
    }
}
