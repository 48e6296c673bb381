import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What replaying a recorded chain asks the app's delegate, one question at a time: each response before the final
/// one (a redirect it followed, a challenge it answered with a credential), then the final response when that is a
/// redirect or a challenge, in the order it was asked when recorded.
///
/// A value that says the next question (``Step``) and takes each answer, so that whoever asks, and however the
/// answer comes back, the questions and what the answers lead to are decided here, once: ``DelegateReplay`` asks the
/// task's delegate directly (swift-corelibs-foundation), ``ClientRoute`` asks through Apple's loading system, where a
/// followed redirect is answered by the next protocol the system starts.
struct ChainReplay: Sendable {
    /// The responses before the final one, as the app's session got them.
    let hops: [HTTPURLResponse]
    /// The final response.
    let final: HTTPURLResponse
    /// The hop asked about next (`hops.count` for the final response).
    private var hop = 0
    /// The request the next redirect is proposed from.
    private var current: URLRequest
    /// How many challenges were answered before.
    private var challenges = 0
    /// The credential the last answer sent.
    private var lastUsed: URLCredential?

    /// The next question, or what the answers lead to.
    enum Step: Sendable {
        /// Ask how to answer the challenge of the response; ``answered(_:)`` takes the answer.
        case challenge(HTTPURLResponse, previousFailureCount: Int, lastUsed: URLCredential?)
        /// Ask whether to follow the response with `proposing`; ``decided(_:)`` takes the request chosen, or `nil`.
        /// `isFinal`: the recording stopped there, so not following it is what was recorded.
        case redirect(HTTPURLResponse, proposing: URLRequest, isFinal: Bool)
        /// Deliver the recorded outcome.
        case deliver
        /// The delegate cancelled the final challenge, as it did when recorded: the task fails with
        /// `URLError(.cancelled)`.
        case cancelled
        /// The delegate decided otherwise than when recorded; the text says how.
        case decidedOtherwise(String)
    }

    /// The chain of `hops` and `final`, for the app's `request`.
    init(request: URLRequest, hops: [HTTPURLResponse], final: HTTPURLResponse) {
        self.hops = hops
        self.final = final
        current = request
    }

    /// The first question.
    mutating func start() -> Step {
        ask()
    }

    /// Takes the answer to a ``Step/challenge(_:previousFailureCount:lastUsed:)`` and gives the next step.
    mutating func answered(_ answer: TaskDelegate.ChallengeAnswer) -> Step {
        guard hop < hops.count else {
            switch answer {
            case .credential:
                return .decidedOtherwise("gave a credential for the challenge of \(Self.place(final)) that it declined when recorded")
            case .cancelled: return .cancelled
            case .none: return .deliver
            }
        }
        guard case .credential(let credential) = answer else {
            return .decidedOtherwise("gave no credential for the challenge of \(Self.place(hops[hop])) that it answered when recorded")
        }
        challenges += 1
        lastUsed = credential
        hop += 1
        return ask()
    }

    /// Takes the answer to a ``Step/redirect(_:proposing:isFinal:)`` (the request the delegate chose, or `nil` to
    /// stop there) and gives the next step.
    mutating func decided(_ chosen: URLRequest?) -> Step {
        guard hop < hops.count else {
            guard let chosen else { return .deliver }
            return .decidedOtherwise("followed the redirect from \(Self.place(final)) to \(Self.place(chosen.url)), where the recording stopped")
        }
        let response = hops[hop]
        let recordedNext = hop + 1 < hops.count ? hops[hop + 1].url : final.url
        guard let chosen else {
            return .decidedOtherwise("stopped at the redirect from \(Self.place(response)) that the recording followed")
        }
        guard chosen.url?.absoluteString == recordedNext?.absoluteString else {
            return .decidedOtherwise("sent the redirect from \(Self.place(response)) to \(Self.place(chosen.url)), where the recording went to \(Self.place(recordedNext))")
        }
        current = chosen
        hop += 1
        return ask()
    }

    /// The question about the hop at ``hop``, or about the final response past the last hop; hops that are neither
    /// a challenge nor a redirect URLSession follows ask nothing.
    private mutating func ask() -> Step {
        while hop < hops.count {
            let response = hops[hop]
            if AuthenticationRequest.isChallenge(response) {
                return .challenge(response, previousFailureCount: challenges, lastUsed: lastUsed)
            }
            if let proposed = RedirectRequest.next(after: response, from: current) {
                return .redirect(response, proposing: proposed, isFinal: false)
            }
            hop += 1
        }
        if AuthenticationRequest.isChallenge(final) {
            return .challenge(final, previousFailureCount: challenges, lastUsed: lastUsed)
        }
        if let proposed = RedirectRequest.next(after: final, from: current) {
            return .redirect(final, proposing: proposed, isFinal: true)
        }
        return .deliver
    }

    /// A URL as a message shows it: without its query, which may hold secrets the rules name.
    private static func place(_ url: URL?) -> String {
        url.map { URLParts.withoutQuery($0.absoluteString) } ?? "-"
    }

    private static func place(_ response: HTTPURLResponse) -> String {
        "\(place(response.url)) (\(response.statusCode))"
    }
}
