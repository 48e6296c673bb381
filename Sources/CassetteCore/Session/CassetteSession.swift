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
    /// The cookie handling of the sessions made from the cassette's configuration.
    let cookies: SessionCookies
    /// Whether requests without a recording go to the real network.
    let recordsMisses: Bool
    /// Whether closing writes a new file (none existed, or mode `all`), so recording nothing is a mistake.
    private let writesNewFile: Bool
    private let previous: [Interaction]
    /// The positions in ``previous`` of the replayable interactions (all of them, but for expired ones being
    /// recorded again).
    private let replayablePositions: [Int]
    /// Expired recordings this cassette records again: they leave the file when it saves.
    private let refreshed: [Interaction]
    /// Expired recordings a run that cannot record replays anyway (``ExpiredPolicy/warn``), with their positions.
    private let expiredKept: [(position: Int, interaction: Interaction)]
    /// What each replayable interaction answers, at the positions the replay index gives.
    private let answers: [ReplayAnswer]
    private let recorder: Recorder?
    /// This cassette's claim on its file (see ``OpenCassettes``).
    private let claim: OpenCassettes.Claim
    /// The replayable requests' bodies with their match keys: a live body with the same bytes (the usual case on
    /// replay) takes its key from here.
    private let recordedBodies: RecordedBodies
    private let state: LockedBox<State>

    private struct State {
        var index: ReplayIndex
        /// New recordings, in the order their requests started.
        var recorded: [Slot] = []
        var failures: [CassetteError] = []
        /// Values earlier responses taught the cassette while recording, with their placeholders.
        var learned: [InteractionSecret] = []
        /// A request failed in transport while recording: nothing is saved.
        var transportFailed = false
        /// Some request reached the cassette (answered, recorded or refused).
        var sawRequest = false
        /// How many requests were answered from the recording, and how many of each match key (for ``Fault``s).
        var replayedRequests = 0
        var replayedByKey: [MatchKey: Int] = [:]
        var isClosed = false
    }

    /// Where a recording stands.
    private enum Slot {
        /// The real request is in flight.
        case inFlight(RecordedRequest)
        /// Recorded, with the values its response taught the cassette.
        case done(Interaction, learned: [InteractionSecret])
        /// Cancelled by the code under test, or dropped by the `beforeRecord` hook: nothing to record.
        case cancelled
    }

    /// Opens the cassette: removes what saves killed midway left beside its file, loads the file (if the mode
    /// replays), decides whether misses are recorded, and claims the file for this process.
    init(settings: CassetteSettings, configuration: URLSessionConfiguration) throws(CassetteError) {
        self.settings = settings
        cookies = SessionCookies(configuration: configuration)
        let existing: [Interaction]?
        if let preloaded = settings.preloaded {
            existing = preloaded
        } else {
            CassetteFile.removeAbandonedSaves(of: settings.file)
            existing = try CassetteFile.load(settings.file)
        }
        if existing == nil && !settings.mode.records(fileExists: false) {
            throw CassetteError(.cassetteNotFound,
                                "No cassette file, and record mode \"\(settings.mode)\" does not record. Record it with: \(settings.recordCommand(mode: .once))",
                                cassette: settings.file)
        }
        let previous = existing ?? []
        self.previous = previous
        let now = settings.now()
        // A drift check sends everything live: expiry does not concern it.
        let expired = settings.mode == .drift ? [] : previous.indices.filter { previous[$0].expiresAt.map { $0 <= now } ?? false }
        // A mode that may reach the network records expired recordings again (`once` then records like `new`);
        // `none` keeps them, as its policy says.
        let refreshes = !expired.isEmpty && settings.mode != .never && settings.mode != .drift
        if !expired.isEmpty && !refreshes && settings.expiry?.otherwise == .fail {
            throw Self.expiredError(expired.map { (position: $0 + 1, interaction: previous[$0]) }, settings: settings)
        }
        refreshed = refreshes ? expired.map { previous[$0] } : []
        expiredKept = refreshes ? [] : expired.map { (position: $0 + 1, interaction: previous[$0]) }
        recordsMisses = settings.mode.records(fileExists: existing != nil) || refreshes
        writesNewFile = recordsMisses && (existing == nil || settings.mode == .all)
        // A drift check writes nothing: it shares the file like a replay.
        claim = try OpenCassettes.claim(settings.file, writes: recordsMisses && settings.mode != .drift)
        recorder = recordsMisses ? Recorder() : nil
        let skipped = Set(refreshes ? expired : [])
        let replayablePositions = settings.mode.replaysExisting ? previous.indices.filter { !skipped.contains($0) } : []
        self.replayablePositions = replayablePositions
        var replayable = replayablePositions.map { previous[$0] }
        let markers = settings.redaction.placeholderMarkers
        // The playback hook runs once per interaction, here: what replay serves, not what the file holds.
        let beforePlayback = settings.hooks.beforePlayback
        answers = replayable.map { interaction in
            guard let beforePlayback, interaction.response != nil else { return ReplayAnswer(interaction, placeholderMarkers: markers) }
            var served = interaction
            served.response = beforePlayback(interaction)
            return ReplayAnswer(served, placeholderMarkers: markers)
        }
        recordedBodies = RecordedBodies(keying: &replayable, matchers: settings.matchers)
        state = LockedBox(State(index: ReplayIndex(replayable, matchers: settings.matchers)))
    }

    /// How the cassette answers one request.
    enum Answer {
        /// The answer, known at once: a replayed interaction (to be served after `delay` seconds, see
        /// ``ReplayLatency``) or the cassette's own failure (`delay` 0).
        case now(Outcome, delay: TimeInterval)
        /// The request must be recorded: pass it to ``record(_:deliver:)``.
        case record(PendingRecording)
    }

    /// A request that goes to the real network, with the slot its recording fills.
    struct PendingRecording: Sendable {
        let outgoing: OutgoingRequest
        /// The request as it will be stored (redacted), and the secrets it carried.
        let stored: RecordedRequest
        let secrets: SecretSet
        let slot: Int
        /// In mode ``RecordMode/drift``: the recording the live answer is compared with (`.some(nil)`: none matched).
        var drift: Drift?

        /// What a drift check compares a live answer with.
        struct Drift: Sendable {
            let recorded: Interaction?
            /// Its position in the file, from 1.
            let position: Int?
        }
    }

    /// Decides how to answer `outgoing`. Replay ends here, with no closure or recording bookkeeping.
    func answer(_ outgoing: OutgoingRequest) -> Answer {
        let url = outgoing.request.url ?? URL(fileURLWithPath: "/")
        // Only a recording cassette learns values from responses.
        let learned = recordsMisses ? state.withLock { $0.learned } : []
        var request = RecordedRequest(outgoing.request, body: outgoing.body)
        if let body = request.body, let recorded = recordedBodies.recorded(body) { request.body = recorded }
        let (stored, secrets) = settings.redaction.redact(request, learned: learned)
        let key = settings.matchers.key(for: stored)

        enum Decision {
            case replay(position: Int, request: Int, occurrence: Int), record(slot: Int), fail(CassetteError)
            case drift(slot: Int, position: Int?)
        }
        let countsKeys = !settings.faults.isEmpty
        let decision: Decision = state.withLock { state in
            state.sawRequest = true
            if state.isClosed {
                return .fail(CassetteError(.unroutedRequest, "\(stored.method) \(stored.url) was sent after the cassette closed (its test, or Cassette.use call, had returned). Finish requests before the test returns.", cassette: settings.file))
            }
            /// Counts a request answered from the recording.
            func replay(_ position: Int) -> Decision {
                state.replayedRequests += 1
                guard countsKeys else { return .replay(position: position, request: state.replayedRequests, occurrence: 0) }
                let occurrence = state.replayedByKey[MatchKey(key), default: 0] + 1
                state.replayedByKey[MatchKey(key)] = occurrence
                return .replay(position: position, request: state.replayedRequests, occurrence: occurrence)
            }
            if settings.mode == .drift {
                // Nothing is replayed: every request goes live, to be compared with what it matches.
                let position: Int? = switch state.index.take(key) {
                case .next(let position): position
                case .exhausted(let last, _): last
                case .none: nil
                }
                state.recorded.append(.inFlight(stored))
                return .drift(slot: state.recorded.count - 1, position: position)
            }
            switch state.index.take(key) {
            case .next(let position):
                return replay(position)
            case .exhausted(let last, _) where settings.repeatsLastResponse:
                return replay(last)
            case .exhausted(_, let count) where !recordsMisses:
                let error = exhaustedError(stored, count: count)
                state.failures.append(error)
                return .fail(error)
            case .none where !recordsMisses:
                let error = noMatchError(stored, index: state.index)
                state.failures.append(error)
                return .fail(error)
            case .none, .exhausted:
                state.recorded.append(.inFlight(stored))
                return .record(slot: state.recorded.count - 1)
            }
        }

        switch decision {
        case .replay(let position, let request, let occurrence):
            let answer = answers[position]
            var outcome = answer.outcome(for: url, secrets: secrets)
            if countsKeys, let fault = settings.faults.first(where: {
                $0.selection.selects(stored, position: request, key: key, occurrence: occurrence)
            }) {
                outcome = fault.outcome(replacing: outcome, url: url)
            }
            return .now(outcome, delay: settings.latency.delay(recorded: answer.duration))
        case .fail(let error):
            return .now(.failure(clientError(for: error, storedURL: stored.url)), delay: 0)
        case .record(let slot):
            return .record(PendingRecording(outgoing: outgoing, stored: stored, secrets: secrets, slot: slot))
        case .drift(let slot, let position):
            let drift = PendingRecording.Drift(recorded: position.map { previous[replayablePositions[$0]] },
                                               position: position.map { replayablePositions[$0] + 1 })
            return .record(PendingRecording(outgoing: outgoing, stored: stored, secrets: secrets, slot: slot, drift: drift))
        }
    }

    /// The queue a recording's answer is handed to the client on (see ``ClientQueues/clientQueue(for:)``).
    var clientQueue: DispatchQueue? { recorder?.clientQueue }

    /// Fails a task the cassette cannot serve (see ``Unservable``): the task gets the error at once, and `use` throws it.
    func reject(_ request: URLRequest, because reason: Unservable) -> any Error {
        // With its body: a body's secret echoed in the URL is found there too.
        let stored = settings.redaction.redact(RecordedRequest(request, body: request.httpBody)).stored
        let error = CassetteError(.unsupportedRequest,
                                  "\(stored.method) \(stored.url) is \(reason.what). Instead, \(reason.workaround).",
                                  cassette: settings.file)
        state.withLock { state in
            state.sawRequest = true
            state.failures.append(error)
        }
        return clientError(for: error, storedURL: stored.url)
    }

    /// The error a task gets for a failure of the cassette's own: a `URLError` (what networking code expects),
    /// with the cassette's (redacted) message and the stored, redacted URL as both failing-URL keys, so that no
    /// loading system fills either in from the live request.
    private func clientError(for error: CassetteError, storedURL: String) -> URLError {
        // "NSErrorFailingURLStringKey" is NSURLErrorFailingURLStringErrorKey, spelled out: the constant is
        // deprecated, but loading systems still read and set the key.
        var info: [String: Any] = [NSLocalizedDescriptionKey: error.description, NSUnderlyingErrorKey: error,
                                   "NSErrorFailingURLStringKey": storedURL]
        if let url = URL(string: storedURL) { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(.resourceUnavailable, userInfo: info)
    }

    /// Sends a request that ``answer(_:)`` said to record: `deliver` is called exactly once, with what the network
    /// answered, after the recording is stored. Returns a function that cancels the request.
    func record(_ pending: PendingRecording, deliver: @escaping @Sendable (Outcome) -> Void) -> (@Sendable () -> Void)? {
        guard let recorder else {
            deliver(.failure(URLError(.resourceUnavailable)))
            return nil
        }
        let cookies = cookies
        let mainDocumentURL = pending.outgoing.request.mainDocumentURL
        let started = DispatchTime.now()
        return recorder.perform(pending.outgoing, onRedirect: { response, next in
            // As the session's own loading does: the redirect's cookies are stored before the next hop is sent.
            if let setCookie = SessionCookies.setCookie(in: response.headerFields, from: response.url) {
                cookies.store(setCookie, responseURL: response.url, mainDocumentURL: mainDocumentURL)
            }
            return cookies.redirecting(next)
        }, completion: { [self] result in
            switch result {
            case .success(let exchange) where pending.drift != nil:
                let headers = exchange.response.allHeaderFields.reduce(into: [String: String]()) { $0["\($1.key)"] = "\($1.value)" }
                // Learn what the response teaches, as recording did (a token later requests send back must match
                // its placeholder), then keep nothing of it.
                let response = RecordedResponse(exchange.response, body: exchange.body, redirects: exchange.redirects)
                let (_, learned) = recordedInteraction(response, request: pending.stored, secrets: pending.secrets,
                                                       at: settings.now(), for: pending)
                var secrets = pending.secrets
                for secret in learned { secrets.add(learned: secret) }
                checkDrift(pending, DriftComparison.differences(recorded: pending.drift?.recorded, status: exchange.response.statusCode,
                                                                headers: headers, body: exchange.body), secrets: secrets)
                let setCookie = SessionCookies.setCookie(in: headers, from: nil)
                deliver(.response(exchange.response, exchange.body, cookies: setCookie.map { [$0] } ?? []))
            case .failure(let error) where pending.drift != nil:
                if (error as? URLError)?.code != .cancelled {
                    let recordedCode = pending.drift?.recorded?.failure?.code
                    let code = (error as NSError).code
                    let difference = pending.drift?.recorded == nil ? "no recorded interaction matches this request (live failed in transport: \(code))"
                        : recordedCode.map { "transport failure: recorded \($0), live \(code)" } ?? "live failed in transport (\(code)), the recording has a response"
                    checkDrift(pending, recordedCode == code ? [] : [difference], secrets: pending.secrets)
                } else {
                    state.withLock { $0.recorded[pending.slot] = .cancelled }
                }
                deliver(.failure(error))
            case .success(let exchange):
                let response = RecordedResponse(exchange.response, body: exchange.body, redirects: exchange.redirects)
                let slot = recordedSlot(response, for: pending, duration: Self.seconds(since: started))
                // Store before delivering: once the client has its answer, `use` may close the cassette.
                state.withLock { $0.recorded[pending.slot] = slot }
                let setCookie = SessionCookies.setCookie(in: response.headers, from: nil)
                deliver(.response(exchange.response, exchange.body, cookies: setCookie.map { [$0] } ?? []))
            case .failure(let error):
                if (error as? URLError)?.code == .cancelled {
                    state.withLock { $0.recorded[pending.slot] = .cancelled }
                    return deliver(.failure(error))
                }
                if settings.recordsTransportErrors {
                    let slot = recordedSlot(RecordedFailure(error, description: (error as NSError).localizedDescription), for: pending,
                                            duration: Self.seconds(since: started))
                    state.withLock { $0.recorded[pending.slot] = slot }
                } else {
                    state.withLock { state in
                        state.failures.append(transportError(error, request: pending.stored, secrets: pending.secrets))
                        state.transportFailed = true
                        // Finished, with nothing to record: not also an unfinished request.
                        state.recorded[pending.slot] = .cancelled
                    }
                }
                deliver(.failure(error))
            }
        })
    }

    /// Records the differences a drift check found for `pending` as a failure naming the request and its recording;
    /// nothing of the exchange is kept.
    private func checkDrift(_ pending: PendingRecording, _ differences: [String], secrets: SecretSet) {
        state.withLock { state in
            state.recorded[pending.slot] = .cancelled
            guard !differences.isEmpty else { return }
            let recording = pending.drift?.position.map { " (recording #\($0))" } ?? ""
            // Keys are shown, never values; a key that spells a secret of the request or of its response is replaced.
            let text = secrets.redact(text: differences.joined(separator: "; "))
            state.failures.append(CassetteError(.drift, "\(pending.stored.method) \(pending.stored.url)\(recording) drifted: \(text).",
                                                cassette: settings.file))
        }
    }

    /// What a real exchange records: the response (or transport failure) through the `beforeRecord` hook, if any,
    /// then redacted with the request's secrets (the request redacted again when the hook ran, as it may have
    /// changed it); nothing when the hook dropped it.
    private func recordedSlot(_ answer: RecordedResponse, for pending: PendingRecording, duration: TimeInterval) -> Slot {
        recordedSlot(Interaction(request: pending.stored, response: answer, recordedAt: settings.now(), duration: duration),
                     for: pending)
    }

    private func recordedSlot(_ failure: RecordedFailure, for pending: PendingRecording, duration: TimeInterval) -> Slot {
        recordedSlot(Interaction(request: pending.stored, failure: failure, recordedAt: settings.now(), duration: duration),
                     for: pending)
    }

    /// When a recording made at `recordedAt` expires, under the cassette's ``Expiry``.
    private func expiry(from recordedAt: Date) -> Date? {
        settings.expiry.map { recordedAt.addingTimeInterval($0.interval) }
    }

    /// The seconds since `start`, to the millisecond.
    private static func seconds(since start: DispatchTime) -> TimeInterval {
        let nanoseconds = DispatchTime.now().uptimeNanoseconds &- start.uptimeNanoseconds
        return (Double(nanoseconds) / 1e6).rounded() / 1e3
    }

    private func recordedSlot(_ exchange: Interaction, for pending: PendingRecording) -> Slot {
        var request = pending.stored
        var secrets = pending.secrets
        var exchange = exchange
        if let beforeRecord = settings.hooks.beforeRecord {
            // The hook sees what was sent, not its redacted copy.
            exchange.request = RecordedRequest(pending.outgoing.request, body: pending.outgoing.body)
            guard let edited = beforeRecord(exchange) else { return .cancelled }
            exchange = edited
            // The request's own secrets stay secrets even when the hook removed them from the request (a token the
            // response echoes must not reach the file because its header was dropped).
            let learned = state.withLock { $0.learned }
            (request, secrets) = settings.redaction.redact(edited.request, learned: pending.secrets.secrets + learned)
        }
        if let response = exchange.response {
            var (interaction, learned) = recordedInteraction(response, request: request, secrets: secrets, at: exchange.recordedAt,
                                                             for: pending)
            interaction.duration = exchange.duration
            interaction.expiresAt = exchange.expiresAt ?? expiry(from: exchange.recordedAt)
            return .done(interaction, learned: learned)
        }
        guard var failure = exchange.failure else { return .cancelled }
        failure.description = secrets.redact(text: failure.description)
        var interaction = Interaction(request: request, failure: failure, recordedAt: exchange.recordedAt, duration: exchange.duration)
        interaction.expiresAt = exchange.expiresAt ?? expiry(from: exchange.recordedAt)
        return .done(interaction, learned: [])
    }

    /// The interaction a real exchange records: the response redacted with the request's secrets, and the values
    /// it taught the cassette kept for later requests.
    private func recordedInteraction(_ response: RecordedResponse, request: RecordedRequest, secrets requestSecrets: SecretSet,
                                     at recordedAt: Date, for pending: PendingRecording) -> (Interaction, learned: [InteractionSecret]) {
        var secrets = requestSecrets
        let keptBefore = settings.mode.replaysExisting ? previous.count : 0
        // A drift check learns under the number of the recording it compares with, so placeholders agree.
        let number = pending.drift?.position ?? (keptBefore + pending.slot + 1)
        let stored = settings.redaction.redact(response, secrets: &secrets, number: number,
                                               sentByClient: pending.outgoing.contains)
        let known = Set(requestSecrets.learned.map(\.value))
        let learned = secrets.learned.filter { !known.contains($0.value) }
        if !learned.isEmpty {
            state.withLock { state in
                let taught = Set(state.learned.map(\.value))
                state.learned += learned.filter { !taught.contains($0.value) }
            }
        }
        return (Interaction(request: request, response: stored, recordedAt: recordedAt), learned)
    }

    /// Closes the cassette and gives up its claim on the file. Saves the recording when the mode records, `save` is
    /// true and no request failed in transport; returns the failures the requests met, redacted, then the save's.
    func close(save: Bool) -> [CassetteError] {
        defer { OpenCassettes.release(claim) }
        recorder?.close()
        let (slots, failures, transportFailed, sawRequest) = state.withLock { state in
            state.isClosed = true
            return (state.recorded, state.failures, state.transportFailed, state.sawRequest)
        }
        var problems = failures
        // A body that threw explains itself; one that returned early left requests behind.
        for case .inFlight(let request) in slots where save {
            problems.append(unfinishedError(request))
        }
        guard save && recordsMisses && !transportFailed && settings.mode != .drift else { return problems }
        let recorded = numbered(slots)
        if recorded.isEmpty && writesNewFile {
            // A request that reached the cassette and failed says why better than "nothing was recorded".
            return problems.isEmpty ? [nothingRecordedError(sawRequest: sawRequest)] : problems
        }
        do {
            try persist(recorded)
        } catch {
            problems.append(error)
        }
        return problems
    }

    /// The interactions of the file that were never replayed, with their positions in it (from 1).
    func unusedInteractions() -> [(position: Int, interaction: Interaction)] {
        state.withLock { $0.index.untaken }.map { (position: replayablePositions[$0] + 1, interaction: previous[replayablePositions[$0]]) }
    }

    /// The warning for expired recordings replayed anyway, if any.
    func expiredWarning() -> CassetteError? {
        expiredKept.isEmpty ? nil : Self.expiredError(expiredKept, settings: settings)
    }

    /// The recorded interactions in order, their learned placeholders numbered by their final positions.
    ///
    /// A learned placeholder carries the number of the recording that taught it (`REDACTED_token_3`), so it stays
    /// unique in the file; a request cancelled or still in flight leaves no interaction, and the recordings after it
    /// move up, so their placeholders are renumbered wherever they appear.
    private func numbered(_ slots: [Slot]) -> [Interaction] {
        let keptBefore = settings.mode.replaysExisting ? previous.count : 0
        var interactions: [Interaction] = []
        var renamed: [(find: String, replace: String)] = []
        var kept: [String] = []
        for case .done(let interaction, let learned) in slots {
            let number = keptBefore + interactions.count + 1
            for secret in learned {
                let final = secret.renumbered(number)
                if final.placeholder == secret.placeholder { kept.append(secret.placeholder) } else { renamed.append((secret.placeholder, final.placeholder)) }
            }
            interactions.append(interaction)
        }
        guard !renamed.isEmpty else { return interactions }
        let replacer = Replacer(renamed, keeping: kept)
        return interactions.map { interaction in
            var interaction = interaction
            interaction.request.url = replacer.apply(to: interaction.request.url)
            interaction.request.headers = interaction.request.headers.mapValues(replacer.apply)
            interaction.request.body = interaction.request.body.map { $0.replacing(with: replacer) }
            interaction.response = interaction.response?.replacing(with: replacer, inURL: replacer)
            return interaction
        }
    }

    /// Saves what the cassette recorded.
    ///
    /// Other processes may record into the same file meanwhile (two test runs at once): the file's lock is held
    /// only while it is saved, not while recording, so that a second process is never kept waiting for a whole test.
    /// - Mode ``RecordMode/all`` replaces the file: between two processes, the last to save wins.
    /// - Other modes add the new recordings to what the file holds when it is saved, not to what it held at opening,
    ///   so that two processes keep what both recorded (see ``CassetteFile/append(_:openedWith:to:)``).
    private func persist(_ recorded: [Interaction]) throws(CassetteError) {
        if settings.mode == .all {
            try CassetteFile.save(keepingDates(of: recorded), to: settings.file)
        } else {
            // An expired recording leaves the file only when this run recorded its request again.
            let recordedKeys = Set(recorded.map { MatchKey(settings.matchers.key(for: $0.request)) })
            let replaced = refreshed.filter { recordedKeys.contains(MatchKey(settings.matchers.key(for: $0.request))) }
            if !previous.isEmpty && recorded.isEmpty { return }
            try CassetteFile.append(recorded, openedWith: previous, dropping: replaced, to: settings.file)
        }
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
            // The old one, but with the new expiry: recording again renews it.
            var kept = old.interactions[position]
            kept.expiresAt = interaction.expiresAt
            return kept
        }
    }
}
