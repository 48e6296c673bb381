import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Asks the task's delegate, on replay, what it was asked while recording (see ``TaskDelegate``), in the same order
/// (the questions and what the answers lead to are ``ChainReplay``'s). When it decides as it did, the recording is
/// delivered; when it cancels the challenge it cancelled, the task fails as it did live; anything else asks for an
/// exchange the recording does not hold, and the request fails naming what changed.
struct DelegateReplay: Sendable {
    /// What the decisions lead to.
    enum Verdict: Sendable {
        /// Deliver the recorded outcome.
        case deliver
        /// The delegate cancelled the final challenge, as it did when recorded: the task fails with
        /// `URLError(.cancelled)`.
        case cancelled
        /// The delegate decided otherwise than when recorded; the text says how.
        case decidedOtherwise(String)
    }

    let delegate: TaskDelegate
    /// The responses before the final one, as the app's session got them.
    let hops: [HTTPURLResponse]
    /// The final response.
    let final: HTTPURLResponse

    /// Asks about each hop and then the final response; `verdict` gets the outcome.
    func run(verdict: @escaping @Sendable (Verdict) -> Void) {
        var chain = ChainReplay(request: delegate.request, hops: hops, final: final)
        drive(chain.start(), chain, verdict: verdict)
    }

    /// Asks `step`'s question and goes on with the answer, until a verdict.
    private func drive(_ step: ChainReplay.Step, _ chain: ChainReplay, verdict: @escaping @Sendable (Verdict) -> Void) {
        switch step {
        case .challenge(let response, let previousFailureCount, let lastUsed):
            delegate.challenge(response, previousFailureCount: previousFailureCount, lastUsed: lastUsed) { answer in
                var next = chain
                drive(next.answered(answer), next, verdict: verdict)
            }
        case .redirect(let response, let proposed, _):
            delegate.redirect(response, proposing: proposed) { chosen in
                var next = chain
                drive(next.decided(chosen), next, verdict: verdict)
            }
        case .deliver: verdict(.deliver)
        case .cancelled: verdict(.cancelled)
        case .decidedOtherwise(let decision): verdict(.decidedOtherwise(decision))
        }
    }
}
