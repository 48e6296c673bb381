import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records requests the recordings cannot answer: sends each to the real network (see ``LiveNetwork``), runs the
/// `beforeRecord` hook, redacts the exchange, learns what the response hands out (``LiveNetwork/learn(from:requestSecrets:number:sentByClient:)``) and
/// fills the request's slot in ``SessionState/recorded``, in the order the requests started, for
/// ``CassetteSave`` to save.
struct CassetteRecording: Sendable {
    /// Where a recording stands.
    enum Slot {
        /// The real request is in flight.
        case inFlight(RecordedRequest)
        /// Recorded, with the values its response taught the cassette.
        case done(Interaction, learned: [InteractionSecret])
        /// Dropped by the `beforeRecord` hook, failed in transport when such failures are not recorded, or a drift
        /// check's: nothing to record.
        case dropped
    }

    /// The part of a chain already recorded (see ``LiveRequest/before``): its responses before (the redirect
    /// followed last included), the credentials sent for its challenges, and when its first request was sent.
    struct Before: Sendable {
        let redirects: [RecordedRedirect]
        let credentials: [URLCredential]
        let started: DispatchTime
    }

    /// A recording the loading system stopped at a redirect, to ask the app whether to follow it (see
    /// ``ClientRoute``): stored for now as ending there, without the `beforeRecord` hook, which runs once, when the
    /// chain ends: in the request that follows (see ``resume(_:sending:in:)``), or at closing when none does
    /// (``finish(_:)``).
    struct Stopped: Sendable {
        /// The chain to go on with: its `before` holds the hops, this redirect included, and the credentials sent.
        let next: LiveRequest
        /// The request URLSession proposes to follow the redirect with (see ``RedirectRequest``).
        let proposed: URLRequest
        /// The exchange as it ends at the redirect, before the hook and redaction.
        let exchange: Interaction
    }

    private let settings: CassetteSettings
    private let live: LiveNetwork
    /// How many interactions the saved file keeps before the new ones: a recording's learned placeholders are
    /// numbered from there (``CassetteSave`` renumbers them if slots before it end up empty).
    private let keptBefore: Int

    init(settings: CassetteSettings, opened: OpenedCassette, live: LiveNetwork) {
        self.settings = settings
        self.live = live
        keptBefore = settings.mode.replaysExisting ? opened.previous.count : 0
    }

    /// Opens a slot for `request` in `state`, inside its lock; pass the result to ``record(_:route:passThrough:deliver:)``.
    func begin(_ request: SentRequest, in state: inout SessionState) -> LiveRequest {
        state.recorded.append(.inFlight(request.stored))
        return LiveRequest(request, place: state.recorded.count - 1)
    }

    /// Goes on with the chain `stopped` at a redirect, sending `outgoing`, the request the app's delegate followed
    /// it with; its slot is in flight again, inside `state`'s lock.
    func resume(_ stopped: Stopped, sending outgoing: OutgoingRequest, in state: inout SessionState) -> LiveRequest {
        state.recorded[stopped.next.place] = .inFlight(stopped.next.request.stored)
        var pending = stopped.next
        pending.sending = outgoing
        return pending
    }

    /// Stores the chain `stopped` at a redirect no request followed as it ends there, through the `beforeRecord`
    /// hook now (without a hook it is stored so already).
    func finish(_ stopped: Stopped) {
        guard settings.options.hooks.beforeRecord != nil else { return }
        let slot = self.slot(stopped.exchange, credentials: stopped.next.before?.credentials ?? [], for: stopped.next)
        live.state.withLock { $0.recorded[stopped.next.place] = slot }
    }

    /// Sends `pending` to the real network, its redirects and challenges decided as `route` says (see
    /// ``LiveNetwork/send(_:route:passThrough:completion:)``): `deliver` is called exactly once, with what the
    /// network answered, after the recording is stored, and, when the route stopped at a redirect the app may
    /// follow, the link a followed request goes on with (see ``ChainLinks``). Returns a function that cancels the
    /// request.
    func record(_ pending: LiveRequest, route: DelegateRoute, passThrough: Recorder.PassThrough?,
                deliver: @escaping @Sendable (Outcome, ChainLinks.Link?) -> Void) -> @Sendable () -> Void {
        let started = pending.before?.started ?? DispatchTime.now()
        let request = pending.request
        return live.send(pending.sending, route: route, passThrough: passThrough) { [self] result in
            switch result {
            case .success(var exchange):
                if let before = pending.before {
                    exchange.redirects = before.redirects + exchange.redirects
                    exchange.credentials = before.credentials + exchange.credentials
                }
                let response = RecordedResponse(exchange.response, body: exchange.body, redirects: exchange.redirects,
                                                stream: exchange.stream)
                let interaction = Interaction(request: request.stored, response: response, recordedAt: settings.options.now(),
                                              duration: Self.seconds(since: started))
                // Stopped at a redirect for the app to decide: recorded as the final response unless a request
                // follows it, which goes on with this chain (the hook waits for the chain's end).
                let proposed = route.stopsAtRedirects && !exchange.cancelledByDelegate
                    ? RedirectRequest.next(after: exchange.response, from: pending.sending.app) : nil
                let slot = self.slot(interaction, credentials: exchange.credentials, for: pending, runsHook: proposed == nil)
                // Store before delivering: once the client has its answer, `use` may close the cassette.
                live.state.withLock { $0.recorded[pending.place] = slot }
                var link: ChainLinks.Link?
                if let proposed {
                    var next = pending
                    next.before = Before(redirects: exchange.redirects + [RecordedRedirect(exchange.response)],
                                         credentials: exchange.credentials, started: started)
                    link = .recording(Stopped(next: next, proposed: proposed, exchange: interaction))
                }
                deliver(Outcome(exchange), link)
            case .failure(let error):
                // A request the app cancelled before its response came is recorded as cancelled, whatever
                // `recordsTransportErrors` says: replay holds it open until the app cancels it again (see
                // ``RecordedFailure/isCancellation``). Left out, its replay would find one recording too few.
                if (error as? URLError)?.code == .cancelled || settings.options.recordsTransportErrors {
                    let failure = RecordedFailure(error, description: (error as NSError).localizedDescription)
                    let slot = self.slot(Interaction(request: request.stored, failure: failure, recordedAt: settings.options.now(),
                                                     duration: Self.seconds(since: started)), credentials: [], for: pending)
                    live.state.withLock { $0.recorded[pending.place] = slot }
                } else {
                    live.state.withLock { state in
                        state.failures.append(settings.transportError(error, request: request.stored, secrets: request.secrets))
                        state.transportFailed = true
                        // Finished, with nothing to record: not also an unfinished request.
                        state.recorded[pending.place] = .dropped
                    }
                }
                deliver(.failure(error), nil)
            }
        }
    }

    /// What a real exchange records: the response (or transport failure) through the `beforeRecord` hook, if any,
    /// then redacted with the request's secrets; nothing when the hook dropped it.
    ///
    /// The request is stored as it was redacted to be matched, unless the exchange brought what that redaction could
    /// not know: a challenge's credential password that the request holds, or a request the hook changed. It is then
    /// redacted here, once, with all of it.
    private func slot(_ exchange: Interaction, credentials: [URLCredential], for pending: LiveRequest, runsHook: Bool = true) -> Slot {
        let sent = pending.request
        var request = sent.stored
        var secrets = LiveNetwork.secrets(sent.secrets, adding: credentials)
        // A credential's password is a secret of the interaction, in the request too: a URL that holds it is stored
        // with its placeholder (see ``CredentialPlaceholders`` for how replay matches it). Only the passwords the
        // request holds: replay knows no other, and the placeholders' names must come out the same.
        let passwords = credentials.compactMap(\.password).filter { !$0.isEmpty && sent.outgoing.contains($0, asWord: false) }
        var changed = passwords.isEmpty ? nil : RecordedRequest(sent.outgoing.request, body: sent.outgoing.body)
        var known = sent.secrets.learned
        var exchange = exchange
        if runsHook, let beforeRecord = settings.options.hooks.beforeRecord {
            // The hook sees what was sent, not its redacted copy.
            exchange.request = RecordedRequest(sent.outgoing.request, body: sent.outgoing.body)
            guard let edited = beforeRecord(exchange) else { return .dropped }
            exchange = edited
            changed = edited.request
            // The request's own secrets stay secrets even when the hook removed them from the request (a token the
            // response echoes must not reach the file because its header was dropped).
            known = secrets.secrets + live.state.withLock { $0.learned }
        }
        if let changed {
            let redacted = settings.options.redaction.redact(changed, learned: known, credentialPasswords: passwords)
            (request, secrets) = (redacted.stored, LiveNetwork.secrets(redacted.secrets, adding: credentials))
        }
        var interaction: Interaction
        var learned: [InteractionSecret] = []
        if let response = exchange.response {
            let taught = live.learn(from: response, requestSecrets: secrets, number: keptBefore + pending.place + 1,
                                    sentByClient: sent.outgoing.contains(_:asWord:))
            interaction = Interaction(request: request, response: taught.stored, recordedAt: exchange.recordedAt,
                                      duration: exchange.duration)
            learned = taught.learned
        } else if var failure = exchange.failure {
            failure.description = secrets.redact(text: failure.description)
            interaction = Interaction(request: request, failure: failure, recordedAt: exchange.recordedAt, duration: exchange.duration)
        } else {
            return .dropped
        }
        // Unless the hook set one, a recording expires under the cassette's ``Expiry``.
        interaction.expiresAt = exchange.expiresAt ?? settings.expiry.map { exchange.recordedAt.addingTimeInterval($0.interval) }
        return .done(interaction, learned: learned)
    }

    /// The seconds since `start`, to the millisecond.
    private static func seconds(since start: DispatchTime) -> TimeInterval {
        let nanoseconds = DispatchTime.now().uptimeNanoseconds &- start.uptimeNanoseconds
        return (Double(nanoseconds) / 1e6).rounded() / 1e3
    }
}
