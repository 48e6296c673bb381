import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sender of a challenge the cassette hands the app: each of its methods is one of the answers a delegate gives,
/// handed on once, as the disposition and credential a completion handler would get.
///
/// A delegate asked directly (``TaskDelegate``) answers through its completion handler and never calls the sender.
/// Apple's loading system, asked by a protocol (``ClientRoute``), calls the sender with the delegate's answer, as
/// peers that forward challenges so rely on (mattt/Replay's open pull request #14, CocoaDebug's
/// `CPURLSessionChallengeSender`): `use` is `.useCredential`, `continueWithoutCredential` is `.useCredential` with
/// none, `cancel` is `.cancelAuthenticationChallenge`, `performDefaultHandling` and
/// `rejectProtectionSpaceAndContinue` are the dispositions of their names.
final class ChallengeSender: NSObject, URLAuthenticationChallengeSender, Sendable {
    private let answer: Once<(URLSession.AuthChallengeDisposition, URLCredential?)>

    /// A sender that hands the first answer to `answered`.
    init(_ answered: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        answer = Once { answered($0.0, $0.1) }
    }

    /// A sender for a delegate that answers through its completion handler.
    override convenience init() {
        self.init { _, _ in }
    }

    private func hand(_ disposition: URLSession.AuthChallengeDisposition, _ credential: URLCredential?) {
        answer.call((disposition, credential))
    }

    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) { hand(.useCredential, credential) }
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) { hand(.useCredential, nil) }
    func cancel(_ challenge: URLAuthenticationChallenge) { hand(.cancelAuthenticationChallenge, nil) }
    func performDefaultHandling(for challenge: URLAuthenticationChallenge) { hand(.performDefaultHandling, nil) }
    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) { hand(.rejectProtectionSpace, nil) }
}

extension TaskDelegate.ChallengeAnswer {
    /// What a delegate's answer to an HTTP challenge leads to: `.useCredential` sends its credential (none: the app
    /// gets the `401`); `.performDefaultHandling` sends `proposed`, the credential the session's storage holds for
    /// the protection space; cancelling or rejecting the protection space cancels the task.
    init(_ disposition: URLSession.AuthChallengeDisposition, credential: URLCredential?, proposed: URLCredential?) {
        switch disposition {
        case .useCredential: self = credential.map(Self.credential) ?? .none
        case .performDefaultHandling: self = proposed.map(Self.credential) ?? .none
        case .cancelAuthenticationChallenge, .rejectProtectionSpace: self = .cancelled
        @unknown default: self = .none
        }
    }

    /// The challenge a `401` asks its app to answer (see ``AuthenticationRequest``), the `previousFailureCount`th of
    /// the task, with the credential the session's `storage` proposes and a sender that hands the delegate's answer
    /// to `answered`; and that proposed credential. `nil` when the response is no challenge.
    static func challenge(of response: HTTPURLResponse, previousFailureCount: Int, storage: URLCredentialStorage?,
                          lastUsed: URLCredential?, answered: @escaping @Sendable (Self) -> Void)
        -> (URLAuthenticationChallenge, proposed: URLCredential?)? {
        guard let space = AuthenticationRequest.protectionSpace(of: response) else { return nil }
        let proposed = Self.proposed(for: space, in: storage, lastUsed: lastUsed)
        let sender = ChallengeSender { disposition, credential in answered(Self(disposition, credential: credential, proposed: proposed)) }
        let challenge = URLAuthenticationChallenge(protectionSpace: space, proposedCredential: proposed,
                                                   previousFailureCount: previousFailureCount, failureResponse: response,
                                                   error: nil, sender: sender)
        return (challenge, proposed)
    }

    /// The credential the session's `storage` proposes for `space`: the first by user name, else its default; none
    /// when that is `lastUsed`, the credential the previous answer sent (URLSession does not propose it again).
    static func proposed(for space: URLProtectionSpace, in storage: URLCredentialStorage?, lastUsed: URLCredential?) -> URLCredential? {
        let stored = storage?.credentials(for: space).flatMap { credentials in
            credentials.keys.sorted().first.flatMap { credentials[$0] }
        } ?? storage?.defaultCredential(for: space)
        return stored == lastUsed ? nil : stored
    }
}
