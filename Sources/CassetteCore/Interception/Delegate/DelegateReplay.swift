import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Asks the task's delegate, on replay, what it was asked while recording (see ``TaskDelegate``), in the same order
/// (the questions and what the answers lead to are ``ChainReplay``'s). When it decides as it did, the recording is
/// delivered; when it cancels the challenge it cancelled, the task fails as it did live; anything else asks for an
/// exchange the recording does not hold, and the request fails naming what changed.
struct DelegateReplay: Sendable {
    let delegate: TaskDelegate
    /// The responses before the final one, as the app's session got them.
    let hops: [HTTPURLResponse]
    /// The final response.
    let final: HTTPURLResponse

    /// Asks about each hop and then the final response; `concluded` gets what the answers lead to: a step that asks
    /// nothing more (``ChainReplay/Step/deliver``, ``ChainReplay/Step/cancelled`` or
    /// ``ChainReplay/Step/decidedOtherwise(_:)``).
    func run(concluded: @escaping @Sendable (ChainReplay.Step) -> Void) {
        var chain = ChainReplay(request: delegate.request, hops: hops, final: final)
        drive(chain.start(), chain, concluded: concluded)
    }

    /// Asks `step`'s question and goes on with the answer, until a step that asks nothing.
    private func drive(_ step: ChainReplay.Step, _ chain: ChainReplay, concluded: @escaping @Sendable (ChainReplay.Step) -> Void) {
        switch step {
        case .challenge(let response, let previousFailureCount, let lastUsed):
            delegate.challenge(response, previousFailureCount: previousFailureCount, lastUsed: lastUsed) { answer in
                var next = chain
                drive(next.answered(answer), next, concluded: concluded)
            }
        case .redirect(let response, let proposed, _):
            delegate.redirect(response, proposing: proposed) { chosen in
                var next = chain
                drive(next.decided(chosen), next, concluded: concluded)
            }
        case .deliver, .cancelled, .decidedOtherwise:
            concluded(step)
        }
    }
}
