import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a protocol has the app's delegate asked about a task's redirects and challenges: by the route the platform
/// gives (``DelegateRoute``), while recording and before a replay of a chain that went through them.
extension CassetteURLProtocol {
    /// How the task's delegate is asked about its redirects and challenges (see ``DelegateRoute``), for the request
    /// the app made, `app` (see ``OutgoingRequest/app``); `taskSession` is the task's session when already looked up.
    func route(_ cassette: CassetteSession, app: URLRequest, taskSession: URLSession?) -> DelegateRoute {
        if cassette.settings.options.asksThroughClient {
            return .client(ClientRoute(loader: self, cassette: cassette), stopsAtRedirects: true)
        }
        return TaskDelegate.of(task, request: app, session: taskSession).map(DelegateRoute.task) ?? .none
    }

    /// Serves a replayed `outcome` after `delay` seconds; a recording that went through a redirect or a challenge
    /// (`asks`) first asks the app's delegate, if it has one, what it was asked then, for the request the app made,
    /// `app` (see ``ChainReplay``): the task's delegate directly (``DelegateReplay``), or through the loading system
    /// (``ClientRoute``). What the answers lead to is ``conclude(_:final:outcome:delay:cassette:asks:)``'s.
    func replay(_ outcome: Outcome, after delay: TimeInterval, cassette: CassetteSession,
                asking asks: CassetteSession.DelegateQuestions?, app: URLRequest) {
        guard let asks, let final = outcome.response else { return replay(outcome, after: delay, cassette: cassette) }
        switch route(cassette, app: app, taskSession: nil) {
        case .task(let delegate):
            // As in startLoading(): the protocol goes to the queue the delegate answers on; its state is in LockedBoxes.
            nonisolated(unsafe) let loader = self
            let workQueue = task.flatMap(ClientQueues.workQueue(of:))
            DelegateReplay(delegate: delegate, hops: asks.hops, final: final).run { step in
                // On the task's work queue, as in startLoading(): a stream's delivery reads the task's registry there.
                loader.onClient(workQueue) {
                    loader.conclude(step, final: final, outcome: outcome, delay: delay, cassette: cassette, asks: asks)
                }
            }
        case .client(let client, _):
            var chain = ChainReplay(request: app, hops: asks.hops, final: final)
            client.drive(chain.start(), chain, outcome: outcome, delay: delay, asks: asks)
        case .none:
            replay(outcome, after: delay, cassette: cassette)
        }
    }

    /// Ends a replayed chain as the app's delegate's answers say (see ``ChainReplay``), on the client's queue: as
    /// decided when recorded, `outcome` after `delay` seconds; the final challenge cancelled as it was, the task
    /// cancelled as it was live; decided otherwise, the task fails and `use` throws the error naming the change.
    /// Nothing is delivered to a stopped task. A step that asks a question is its driver's.
    func conclude(_ step: ChainReplay.Step, final: HTTPURLResponse, outcome: Outcome, delay: TimeInterval,
                  cassette: CassetteSession, asks: CassetteSession.DelegateQuestions) {
        switch step {
        case .deliver:
            guard !stopped.withLock({ $0 }) else { return }
            replay(outcome, after: delay, cassette: cassette)
        case .cancelled:
            deliverUnlessStopped(.refusedChallenge(final), cookies: cassette.appSession)
        case .decidedOtherwise(let decision):
            deliverUnlessStopped(.failure(cassette.delegateDecidedOtherwise(asks, decision)), cookies: cassette.appSession)
        case .challenge, .redirect:
            break
        }
    }
}
