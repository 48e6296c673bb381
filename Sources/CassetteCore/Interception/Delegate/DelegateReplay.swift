import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Asks the app's delegate, on replay, what it was asked while recording (see ``TaskDelegate``), in the same order:
/// each response before the final one (a redirect it followed, a challenge it answered with a credential), then the
/// final response when that is a redirect or a challenge. When it decides as it did, the recording is delivered;
/// when it cancels the challenge it cancelled, the task fails as it did live; anything else asks for an exchange
/// the recording does not hold, and the request fails naming what changed.
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
        ask(hop: 0, current: delegate.request, challenges: 0, lastUsed: nil, verdict: verdict)
    }

    /// Asks about `hops[hop]` (or the final response, past the last hop), with `current` the request the next
    /// redirect is proposed from, `challenges` how many came before and `lastUsed` the credential last sent.
    private func ask(hop: Int, current: URLRequest, challenges: Int, lastUsed: URLCredential?,
                     verdict: @escaping @Sendable (Verdict) -> Void) {
        guard hop < hops.count else { return askFinal(current: current, challenges: challenges, lastUsed: lastUsed, verdict: verdict) }
        let response = hops[hop]
        let recordedNext = hop + 1 < hops.count ? hops[hop + 1].url : final.url
        if AuthenticationRequest.isChallenge(response) {
            delegate.challenge(response, previousFailureCount: challenges, lastUsed: lastUsed) { answer in
                guard case .credential(let credential) = answer else {
                    return verdict(.decidedOtherwise("gave no credential for the challenge of \(Self.place(response)) that it answered when recorded"))
                }
                ask(hop: hop + 1, current: current, challenges: challenges + 1, lastUsed: credential, verdict: verdict)
            }
        } else if let proposed = RedirectRequest.next(after: response, from: current) {
            delegate.redirect(response, proposing: proposed) { chosen in
                guard let chosen else {
                    return verdict(.decidedOtherwise("stopped at the redirect from \(Self.place(response)) that the recording followed"))
                }
                guard chosen.url?.absoluteString == recordedNext?.absoluteString else {
                    return verdict(.decidedOtherwise("sent the redirect from \(Self.place(response)) to \(Self.place(chosen.url)), where the recording went to \(Self.place(recordedNext))"))
                }
                ask(hop: hop + 1, current: chosen, challenges: challenges, lastUsed: lastUsed, verdict: verdict)
            }
        } else {
            ask(hop: hop + 1, current: current, challenges: challenges, lastUsed: lastUsed, verdict: verdict)
        }
    }

    /// Asks about the final response when it is a challenge or a redirect.
    private func askFinal(current: URLRequest, challenges: Int, lastUsed: URLCredential?,
                          verdict: @escaping @Sendable (Verdict) -> Void) {
        if AuthenticationRequest.isChallenge(final) {
            delegate.challenge(final, previousFailureCount: challenges, lastUsed: lastUsed) { answer in
                switch answer {
                case .credential:
                    verdict(.decidedOtherwise("gave a credential for the challenge of \(Self.place(final)) that it declined when recorded"))
                case .cancelled: verdict(.cancelled)
                case .none: verdict(.deliver)
                }
            }
        } else if let proposed = RedirectRequest.next(after: final, from: current) {
            delegate.redirect(final, proposing: proposed) { chosen in
                guard let chosen else { return verdict(.deliver) }
                verdict(.decidedOtherwise("followed the redirect from \(Self.place(final)) to \(Self.place(chosen.url)), where the recording stopped"))
            }
        } else {
            verdict(.deliver)
        }
    }

    /// A URL as a message shows it: without its query, which may hold secrets the rules name.
    private static func place(_ url: URL?) -> String {
        url.map { URLParts.withoutQuery($0.absoluteString) } ?? "-"
    }

    private static func place(_ response: HTTPURLResponse) -> String {
        "\(place(response.url)) (\(response.statusCode))"
    }
}
