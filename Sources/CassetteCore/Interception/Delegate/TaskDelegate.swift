import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's delegate for one task, asked what URLSession asks it live: whether to follow each redirect
/// (`willPerformHTTPRedirection`) and how to answer each authentication challenge (`didReceive challenge`).
///
/// A custom `URLProtocol` loads in place of the platform's HTTP loading, which is what asks the delegate, so the
/// cassette asks it instead, with what that loading would hand it (``RedirectRequest``, ``AuthenticationRequest``),
/// on the session's delegate queue, on record and on replay alike (see ``DelegateReplay``). A recording sends what
/// the delegate decides: the request it returns for a redirect, the credential it gives for a challenge.
///
/// Design note. swift-corelibs-foundation offers a protocol two client calls for this, and neither works there:
/// `urlProtocol(_:wasRedirectedTo:redirectResponse:)` is a `fatalError`, and a challenge answered with a credential
/// replaces the task's protocol with the built-in HTTP one (the retried request would bypass the cassette). The
/// task's delegate is public there (`URLSessionTask.delegate`, the task's own or else its session's); the session the
/// delegate methods take is not, and is read by reflection (``CorelibsReflection``). It is looked up while recording,
/// and on replay only for a recording that went through a redirect or a challenge: never for a plain replay.
/// On Apple's platforms no public API gives a task's session delegate, and ``of(_:request:)`` gives `nil`; there the
/// loading system asks the delegate itself, by the route its client calls give a protocol (see ``ClientRoute``).
struct TaskDelegate: Sendable {
    let session: URLSession
    let task: URLSessionTask
    let delegate: any URLSessionTaskDelegate
    /// The request as the app made it: the one the first redirect is proposed from.
    let request: URLRequest

    /// The delegate that decides for `task`, sent as `request`; `nil` when the task has none (it follows every
    /// redirect and answers no challenge) or the platform does not show it. `session` is the task's session when
    /// the caller has looked it up already (see ``CorelibsReflection/session(of:)``); otherwise it is looked up
    /// here, and only for a task that has a delegate.
    static func of(_ task: URLSessionTask?, request: URLRequest, session: URLSession? = nil) -> TaskDelegate? {
        #if canImport(FoundationNetworking)
        guard let task, let delegate = task.delegate, let session = session ?? CorelibsReflection.session(of: task) else {
            return nil
        }
        return TaskDelegate(session: session, task: task, delegate: delegate, request: request)
        #else
        return nil
        #endif
    }

    /// Asks whether to follow `response` with `proposed`; `decided` gets the request to send, or `nil` to stop
    /// at the redirect. Only the delegate's first answer counts.
    func redirect(_ response: HTTPURLResponse, proposing proposed: URLRequest,
                  decided: @escaping @Sendable (URLRequest?) -> Void) {
        let once = Once(decided)
        let (session, task, delegate) = (session, task, delegate)
        session.delegateQueue.addOperation {
            delegate.askRedirect(session, task, response, proposed) { once.call($0) }
        }
    }

    /// How the app answered a challenge, in what it leads to.
    enum ChallengeAnswer: Sendable {
        /// Retry with this credential.
        case credential(URLCredential)
        /// Cancelled (`.cancelAuthenticationChallenge` or `.rejectProtectionSpace`): the task fails with
        /// `URLError(.cancelled)`.
        case cancelled
        /// No credential to send (`.performDefaultHandling` with none stored, or `.useCredential` with `nil`): the
        /// app gets the `401`. (swift-corelibs-foundation waits forever there, and Apple's platforms deliver the
        /// `401`: the cassette does what Apple's platforms do, as the article ReplayComparedWithLive says.)
        case none
    }

    /// Asks how to answer the challenge of `response` (see ``AuthenticationRequest``), the `previousFailureCount`th
    /// of this task; `lastUsed` is the credential the previous answer sent, which the configuration's credential
    /// storage does not propose again. `answered` gets what the answer leads to.
    func challenge(_ response: HTTPURLResponse, previousFailureCount: Int, lastUsed: URLCredential?,
                   answered: @escaping @Sendable (ChallengeAnswer) -> Void) {
        // The delegate answers through its completion handler; the challenge's sender is only there because a
        // challenge must name one.
        guard let (challenge, proposed) = ChallengeAnswer.challenge(of: response, previousFailureCount: previousFailureCount,
                                                                   storage: session.configuration.urlCredentialStorage,
                                                                   lastUsed: lastUsed, answered: { _ in }) else {
            return answered(.none)
        }
        let once = Once<ChallengeAnswer>(answered)
        let (session, task, delegate) = (session, task, delegate)
        session.delegateQueue.addOperation {
            delegate.askChallenge(session, task, challenge) { disposition, credential in
                once.call(ChallengeAnswer(disposition, credential: credential, proposed: proposed))
            }
        }
    }
}
