import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Asks the app's delegate through Apple's loading system, by the route a protocol has there: a redirect is reported
/// with `client?.urlProtocol(_:wasRedirectedTo:redirectResponse:)` and a challenge with
/// `client?.urlProtocol(_:didReceive:)`; the system asks the session's or the task's delegate itself (Apple's
/// `URLProtocolClient` documentation; Apple's CustomHTTPProtocol sample reports redirects so).
///
/// - A redirect (recorded, or replayed from a chain) is reported with the request URLSession would send next
///   (``RedirectRequest``), carrying a ``ChainLinks`` token; then the redirect response is delivered and the load
///   finishes, as AliSoftware/OHHTTPStubs does after reporting one (`HTTPStubs.m`, since its pull request #175; its
///   test `test_NSURLSessionDefaultConfig_notFollowingRedirects` expects the `3xx` when the delegate refuses). When
///   the delegate follows, the system starts a new protocol for the request it returns, which takes the link and
///   goes on with the chain (a recording continues in the same interaction; a replay goes on with the recorded
///   hops); when it refuses, the task gets the redirect response, as live. OHHTTPStubs documents a race in Apple's
///   loading system there ("Apple bug", its issues #230 and #280): the redirect and the response are delivered in
///   one go, on the client thread (``ClientThread``), as its fix does.
/// - A challenge is handed to the client with a ``ChallengeSender`` whose methods carry the delegate's answer back:
///   an HTTP challenge of a replayed chain goes on as ``ChainReplay`` says; while recording, the recorder sends the
///   credential given (see ``LiveNetwork``); the server's certificate is judged by the app's delegate when it judges
///   certificates, and by default otherwise (see ``RecorderChallenge``).
///
/// Selected on Apple's platforms only (``DelegateRoute/platformAsksThroughClient``), where nobody here has run it; it
/// builds on Linux too, so that the tests drive it through a stand-in for the loading system.
struct ClientRoute: Sendable {
    // Foundation marks URLProtocol as not Sendable; the route carries it to the queues answers come on, and every
    // client call goes to its client thread (see ClientThread); its own mutable state lives in LockedBoxes.
    nonisolated(unsafe) let loader: CassetteURLProtocol
    let cassette: CassetteSession

    /// Asks the app how to answer the challenge of `response`, the `previousFailureCount`th of the task; `lastUsed`
    /// is the credential the previous answer sent. A protocol stopped meanwhile answers it as cancelled.
    func challenge(_ response: HTTPURLResponse, previousFailureCount: Int, lastUsed: URLCredential?,
                   answered: @escaping @Sendable (TaskDelegate.ChallengeAnswer) -> Void) {
        let storage = cassette.appSession.configuration.urlCredentialStorage
        guard let (challenge, _) = TaskDelegate.ChallengeAnswer.challenge(of: response, previousFailureCount: previousFailureCount,
                                                                         storage: storage, lastUsed: lastUsed, answered: answered) else {
            return answered(.none)
        }
        hand(challenge, orIfStopped: { answered(.cancelled) })
    }

    /// Asks the app about the server's certificate the recorder's session was asked about; with no delegate that
    /// judges certificates, the system answers by default. Going on without a credential is the default evaluation
    /// here, not a refusal. A protocol stopped meanwhile cancels it.
    func serverTrust(_ challenge: URLAuthenticationChallenge,
                     answered: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let sender = ChallengeSender { disposition, credential in
            answered(disposition == .useCredential && credential == nil ? .performDefaultHandling : disposition, credential)
        }
        hand(URLAuthenticationChallenge(authenticationChallenge: challenge, sender: sender),
             orIfStopped: { answered(.cancelAuthenticationChallenge, nil) })
    }

    /// Hands the client `challenge` on the client thread; a protocol stopped meanwhile calls `cancelled` instead.
    private func hand(_ challenge: URLAuthenticationChallenge, orIfStopped cancelled: @escaping @Sendable () -> Void) {
        nonisolated(unsafe) let loader = loader
        loader.onClient(nil) {
            guard !loader.stopped.withLock({ $0 }) else { return cancelled() }
            loader.client?.urlProtocol(loader, didReceive: challenge)
        }
    }

    /// Reports that `response` redirects to `next`, carrying `link`'s token, after storing its cookies; whatever is
    /// delivered next is the task's only if no request follows. Called on the client thread, right before that
    /// delivery.
    func report(_ response: HTTPURLResponse, redirectingTo next: URLRequest, link: ChainLinks.Link) {
        if let setCookie = AppSession.setCookie(in: response.headerFields, from: response.url) {
            cassette.appSession.store(setCookie, responseURL: response.url, mainDocumentURL: loader.request.mainDocumentURL)
        }
        loader.client?.urlProtocol(loader, wasRedirectedTo: cassette.chains.keep(link, carriedBy: next), redirectResponse: response)
    }

    /// Goes on with a replayed chain: asks `step`'s question (see ``ChainReplay``) and the ones after it, then ends
    /// the chain as the answers say (``CassetteURLProtocol/conclude(_:final:outcome:delay:cassette:asks:)``). Called
    /// on the client thread.
    func drive(_ step: ChainReplay.Step, _ chain: ChainReplay, outcome: Outcome, delay: TimeInterval,
               asks: CassetteSession.DelegateQuestions) {
        nonisolated(unsafe) let loader = loader
        let cassette = cassette
        switch step {
        case .challenge(let response, let previousFailureCount, let lastUsed):
            challenge(response, previousFailureCount: previousFailureCount, lastUsed: lastUsed) { answer in
                var next = chain
                let step = next.answered(answer)
                loader.onClient(nil) { [next] in drive(step, next, outcome: outcome, delay: delay, asks: asks) }
            }
        case .redirect(let response, let proposed, let isFinal):
            guard !loader.stopped.withLock({ $0 }) else { return }
            let link = ChainLinks.Link.replay(chain, outcome: outcome, delay: delay, asks: asks)
            guard isFinal else {
                report(response, redirectingTo: proposed, link: link)
                loader.client?.urlProtocol(loader, didReceive: response, cacheStoragePolicy: .notAllowed)
                return loader.client?.urlProtocolDidFinishLoading(loader) ?? ()
            }
            // The recording stopped here: the redirect, with its body, is what a refusal gets, at its recorded time,
            // reported and delivered in one go.
            let reportAndDeliver: @Sendable () -> Void = {
                guard !loader.stopped.withLock({ $0 }) else { return }
                report(response, redirectingTo: proposed, link: link)
                loader.replay(outcome, after: 0, cassette: cassette)
            }
            guard delay > 0 else { return reportAndDeliver() }
            loader.later(delay, reportAndDeliver)
        case .deliver, .cancelled, .decidedOtherwise:
            loader.conclude(step, final: chain.final, outcome: outcome, delay: delay, cassette: cassette, asks: asks)
        }
    }
}
