import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One open cassette: the state behind a single `Cassette.use` call.
///
/// It decides how each request its session sends is answered and hands the work to one job: ``CassetteReplay``
/// answers from the recordings, ``CassetteRecording`` records what they cannot answer when the mode allows, and
/// ``DriftCheck`` compares live answers with the recordings in mode ``RecordMode/drift``. When the body ends it
/// collects the failures to report, and ``CassetteSave`` saves what was recorded. The jobs share one
/// ``SessionState`` in one lock box.
final class CassetteSession: Sendable {
    let settings: CassetteSettings
    /// The cookie handling of the sessions made from the cassette's configuration.
    let appSession: AppSession
    private let opened: OpenedCassette
    let replay: CassetteReplay
    /// Where the requests the recordings do not answer go.
    let network: Network
    /// The real network, when the cassette sends requests there (to record them, or to compare their answers).
    private let live: LiveNetwork?
    private let save: CassetteSave
    /// This cassette's claim on its file (see ``OpenCassettes``).
    private let claim: OpenCassettes.Claim
    let state: LockedBox<SessionState>
    /// Where answers that take long are made (see ``AsideAnswers``).
    let aside: AsideAnswers
    /// Where recordings' URLs hold a challenge credential's password: a live request's password there is redacted as
    /// the recording's was.
    private let credentialPlaceholders: CredentialPlaceholders
    /// The redirects reported to Apple's loading system, waiting for the requests that follow them (see
    /// ``ClientRoute``).
    let chains = ChainLinks()
    /// What the cassette says about requests that went past it.
    let bypass: BypassReport

    /// Where the requests the recordings do not answer go.
    enum Network {
        /// Nowhere: such a request fails with the cassette's error.
        case none
        case recording(CassetteRecording)
        /// Every request goes live, replay answers none.
        case driftCheck(DriftCheck)
    }

    /// Opens the cassette: loads what it replays (see ``OpenedCassette``) and claims the file for this process.
    init(settings: CassetteSettings, configuration: URLSessionConfiguration) throws(CassetteError) {
        self.settings = settings
        appSession = AppSession(configuration: configuration)
        let opened = try OpenedCassette(settings: settings)
        self.opened = opened
        aside = AsideAnswers(opened.previous)
        credentialPlaceholders = CredentialPlaceholders(urls: opened.previous.map(\.requestHead.url),
                                                        stem: settings.options.redaction.placeholder)
        // A drift check writes nothing: it shares the file like a replay.
        claim = try OpenCassettes.claim(settings.file, key: settings.fileKey, writes: opened.recordsMisses && settings.mode != .drift)
        let (replay, index) = CassetteReplay.prepare(opened, settings: settings)
        self.replay = replay
        let state = LockedBox(SessionState(index: index))
        self.state = state
        let live = opened.recordsMisses
            ? LiveNetwork(recorder: Recorder(timeouts: appSession.timeouts), appSession: appSession, settings: settings, state: state) : nil
        self.live = live
        network = if let live {
            settings.mode == .drift ? .driftCheck(DriftCheck(settings: settings, opened: opened, live: live))
                : .recording(CassetteRecording(settings: settings, opened: opened, live: live))
        } else {
            .none
        }
        save = CassetteSave(settings: settings, opened: opened)
        bypass = BypassReport(settings: settings, opened: opened)
    }

    /// How the cassette answers one request.
    indirect enum Answer {
        /// The answer, known at once: a replayed interaction (to be served after `delay` seconds, see
        /// ``ReplayLatency``) or the cassette's own failure (`delay` 0). `asks` is what the task's delegate, if it
        /// has one, is asked first (see ``DelegateReplay``).
        case now(Outcome, delay: TimeInterval, asks: DelegateQuestions? = nil)
        /// The request goes to the real network: pass it to ``send(_:route:passThrough:deliver:)``.
        case live(LiveRequest)
    }

    /// What a replayed answer asks the task's delegate, if it has one (see ``DelegateReplay``): the responses before
    /// the final one, as the app's session got them, and the request as stored with its secrets, for the error when
    /// the delegate decides otherwise than when recorded.
    struct DelegateQuestions: Sendable {
        let hops: [HTTPURLResponse]
        let request: SentRequest
    }

    /// Whether requests without a recording go to the real network (to be recorded, or compared in mode drift).
    var reachesNetwork: Bool { opened.recordsMisses }

    /// Decides how to answer `outgoing`. Replay ends here, with no closure or recording bookkeeping.
    func answer(_ outgoing: OutgoingRequest) -> Answer {
        let url = outgoing.request.url ?? URL(fileURLWithPath: "/")
        var keyAsSent: String?
        if let answer = replayAsSent(outgoing, url: url, key: &keyAsSent) { return answer }
        var (stored, secrets) = redacted(outgoing)
        let key: String
        switch matchKey(of: &stored) {
        case .success(let matched): key = matched
        case .failure(let error): return failed(error, storedURL: stored.url)
        }
        let sent = SentRequest(outgoing: outgoing, stored: stored, secrets: secrets)

        indirect enum Decision {
            case replay(CassetteReplay.Played), live(LiveRequest), fail(CassetteError)
        }
        let decision: Decision = state.withLock { state in
            state.sawRequest = true
            if state.isClosed {
                return .fail(CassetteError(.unroutedRequest, "\(stored.method) \(stored.url) was sent after the cassette closed (\(settings.opener.entryPoint.body) had returned). Finish requests before it returns.", cassette: settings.file))
            }
            if case .driftCheck(let drift) = network {
                // Nothing is replayed: every request goes live, to be compared with what it matches.
                return .live(drift.begin(sent, key: key, in: &state))
            }
            let lookup = replay.take(key, in: &state)
            if case .replay(let played) = lookup { return .replay(played) }
            guard case .recording(let recording) = network else {
                let error = replay.missError(lookup, for: stored, index: state.index)
                state.failures.append(error)
                return .fail(error)
            }
            return .live(recording.begin(sent, in: &state))
        }

        switch decision {
        case .replay(let played):
            noteAnsweredAsSent(played, key: key, stored: stored, outgoing: outgoing, keyAsSent: keyAsSent)
            return replayed(played, key: key, url: url) { sent }
        case .fail(let error):
            return .now(.failure(clientError(for: error, storedURL: stored.url)), delay: 0)
        case .live(let live):
            return .live(live)
        }
    }

    /// `outgoing` as the cassette stores it, and the secrets redacting it found.
    func redacted(_ outgoing: OutgoingRequest) -> (stored: RecordedRequest, secrets: SecretSet) {
        // Only a cassette that sends requests live learns values from responses.
        let learned = opened.recordsMisses ? state.withLock { $0.learned } : []
        return settings.options.redaction.redact(RecordedRequest(outgoing.request, body: outgoing.body), learned: learned,
                                                 credentialPasswords: credentialPlaceholders.passwords(in: outgoing.request.url))
    }

    /// The key `request` is matched with (see ``RequestMatcher``). When some matcher reads more than the method and
    /// URL, the recordings under the request's head key get their full keys first (see ``ReplayIndex``), and a body
    /// with the bytes of one of theirs takes its key; a recording there that does not decode is the file's error.
    func matchKey(of request: inout RecordedRequest) -> Result<String, CassetteError> {
        let matching = settings.options.matching
        guard matching.readBeyondHead else { return .success(matching.key(for: request)) }
        let headKeys = matching.headKeys(for: request)
        let head = headKeys.joined(separator: "\u{1F}")
        let body = request.body
        let (unreadable, recorded) = state.withLock { state in
            (state.index.resolve(head: head), state.index.recordedBody(like: body))
        }
        if let unreadable { return .failure(CassetteFile.unreadable(unreadable, settings.file)) }
        if let recorded { request.body = recorded }
        return .success(matching.key(for: request, headKeys: headKeys))
    }

    /// What the recording `played` answers a request with match key `key` to `url`; `sent` gives the request as
    /// stored, with its secrets, and is called only when the answer needs it (see ``CassetteReplay/answer(_:key:url:sent:)``).
    func replayed(_ played: CassetteReplay.Played, key: String, url: URL, sent: () -> SentRequest) -> Answer {
        do {
            let (outcome, delay, asked) = try replay.answer(played, key: key, url: url, sent: sent)
            return .now(outcome, delay: delay, asks: asked.map { DelegateQuestions(hops: $0.hops, request: $0.request) })
        } catch {
            return failed(error, storedURL: sent().stored.url)
        }
    }

    /// Sends a request that ``answer(_:)`` sent live, its redirects and challenges decided as `route` says (see
    /// ``DelegateRoute``): `deliver` is called exactly once, with what the network answered, after the recording (or
    /// the comparison) is stored, and the link a request that follows it goes on with, if any (see ``ChainLinks``).
    /// Returns a function that cancels the request.
    ///
    /// A drift check follows redirects itself on every platform (the answer it compares is the chain's end); on
    /// Apple's platforms its challenges still go to the app.
    func send(_ live: LiveRequest, route: DelegateRoute, passThrough: Recorder.PassThrough?,
              deliver: @escaping @Sendable (Outcome, ChainLinks.Link?) -> Void) -> (@Sendable () -> Void)? {
        switch network {
        case .recording(let recording):
            return recording.record(live, route: route, passThrough: passThrough, deliver: deliver)
        case .driftCheck(let drift):
            return drift.check(live, route: route.followingRedirects, passThrough: passThrough) { deliver($0, nil) }
        case .none:
            // ``answer(_:)`` sends a request live only through the cassette's own network job.
            deliver(.failure(URLError(.resourceUnavailable)), nil)
            return nil
        }
    }

    /// Ends the recording `stopped` at a redirect that no request can follow (see ``CassetteRecording/finish(_:)``).
    func finish(_ stopped: CassetteRecording.Stopped) {
        if case .recording(let recording) = network { recording.finish(stopped) }
    }

    /// Goes on with the recording `stopped` at a redirect, sending `outgoing` (see
    /// ``CassetteRecording/resume(_:sending:in:)``).
    func resume(_ stopped: CassetteRecording.Stopped, sending outgoing: OutgoingRequest) -> Answer {
        guard case .recording(let recording) = network else { return .now(.failure(URLError(.resourceUnavailable)), delay: 0) }
        return .live(state.withLock { recording.resume(stopped, sending: outgoing, in: &$0) })
    }

    /// The queue a live request's answer is handed to the client on (see ``ClientQueues/clientQueue(for:)``).
    var clientQueue: DispatchQueue? { live?.recorder.clientQueue }

    /// Closes the cassette and gives up its claim on the file. Saves the recording when the mode records, `save` is
    /// true and no request failed in transport; returns the failures the requests met, redacted, then the save's,
    /// and what was saved (see ``CassetteSave/close(_:save:)``).
    func close(save: Bool) -> CassetteSave.Closing {
        defer { OpenCassettes.release(claim) }
        live?.recorder.close()
        // The redirects no request followed: the app's delegate stopped there. A replayed one the recording followed
        // fails; a recording ends there, as it is stored already (through the hook now, if there is one).
        for link in chains.takeAll() {
            switch link {
            case .replay(var chain, _, _, let asks):
                if case .decidedOtherwise(let decision) = chain.decided(nil) { _ = delegateDecidedOtherwise(asks, decision) }
            case .recording(let stopped):
                finish(stopped)
            }
        }
        let closed = state.withLock { state in
            state.isClosed = true
            return state
        }
        return self.save.close(closed, save: save)
    }

    /// Notes that `request` went through `URLSession.shared` while this cassette was open, among `openCassettes`, and
    /// no process-scoped one was: a warning (see ``BypassReport/passedWarning(_:learned:openCassettes:)``), once per
    /// request, redacted with what the cassette learned too.
    func notePassed(_ request: URLRequest, openCassettes: [URL]) {
        let learned = opened.recordsMisses ? state.withLock { $0.learned } : []
        let (place, warning) = bypass.passedWarning(request, learned: learned, openCassettes: openCassettes)
        state.withLock { state in
            guard !state.isClosed, state.passed.insert(place).inserted else { return }
            state.warnings.append(warning)
        }
    }

    /// The interactions of the file that were never replayed, with their positions in it (from 1).
    func unusedInteractions() -> [(position: Int, interaction: Interaction)] {
        state.withLock { $0.index.untaken }.map(opened.replayable(at:))
    }

    /// The warnings the requests met (a request past the cassette while other cassettes were open).
    func warnings() -> [CassetteError] {
        state.withLock { $0.warnings }
    }

    /// The warning for expired recordings replayed anyway, if any.
    func expiredWarning() -> CassetteError? {
        opened.expiredKept.isEmpty ? nil : settings.expiredError(opened.expiredKept)
    }
}
