import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network as a cassette's live jobs (``CassetteRecording`` and ``DriftCheck``) reach it: the cassette's
/// one ``Recorder``, the app session's settings, and what live responses teach the cassette.
struct LiveNetwork: Sendable {
    let recorder: Recorder
    /// The app's sessions' settings: redirects store their cookies there, and requests go with their timeouts.
    let appSession: AppSession
    let settings: CassetteSettings
    /// The cassette's shared state: what responses teach is added to ``SessionState/learned``.
    let state: LockedBox<SessionState>

    /// Sends `outgoing` to the real network (see ``Recorder/perform(_:timeouts:handlers:completion:)``)
    /// as the app's session would: each redirect's cookies are stored in the app's session before the next hop is
    /// sent, and the app's delegate decides each redirect and answers each challenge by `route` (see
    /// ``DelegateRoute``), what it decides being what is sent; a route through the loading system stops at each
    /// redirect, for the system to ask. With `passThrough`, the app gets the response and each piece of its body as
    /// they arrive. Returns a function that cancels the request.
    func send(_ outgoing: OutgoingRequest, route: DelegateRoute, passThrough: Recorder.PassThrough?,
              completion: @escaping @Sendable (Result<Recorder.Exchange, any Error>) -> Void) -> @Sendable () -> Void {
        let appSession = appSession
        let mainDocumentURL = outgoing.request.mainDocumentURL
        let delegate: TaskDelegate? = if case .task(let delegate) = route { delegate } else { nil }
        // What the delegate was last handed and answered: the request a redirect is proposed from, how many
        // challenges came before, the credential last sent, and whether it cancelled a challenge.
        let asked = LockedBox<(current: URLRequest?, challenges: Int, credentials: [URLCredential], cancelled: Bool)>(
            (delegate?.request, 0, [], false))
        let onRedirect: Recorder.RedirectHandler = { response, proposed, decided in
            if let setCookie = AppSession.setCookie(in: response.headerFields, from: response.url) {
                appSession.store(setCookie, responseURL: response.url, mainDocumentURL: mainDocumentURL)
            }
            // The loading system asks the app, once the protocol reports the redirect (see ClientRoute).
            if route.stopsAtRedirects { return decided(nil) }
            guard let delegate, let current = asked.withLock({ $0.current }),
                  let offered = RedirectRequest.next(after: response, from: current) else {
                return decided(appSession.redirecting(proposed))
            }
            delegate.redirect(response, proposing: offered) { chosen in
                guard let chosen else { return decided(nil) }
                asked.withLock { $0.current = chosen }
                decided(appSession.redirecting(appSession.addingAdditionalHeaders(to: chosen)))
            }
        }
        let onChallenge: Recorder.ChallengeHandler = { response, answered in
            let (count, lastUsed) = asked.withLock { ($0.challenges, $0.credentials.last) }
            let answer: @Sendable (TaskDelegate.ChallengeAnswer) -> Void = { answer in
                asked.withLock { state in
                    state.challenges += 1
                    switch answer {
                    case .credential(let credential): state.credentials.append(credential)
                    case .cancelled: state.cancelled = true
                    case .none: break
                    }
                }
                if case .credential(let credential) = answer { answered(credential) } else { answered(nil) }
            }
            switch route {
            case .none: answered(nil)
            case .task(let delegate): delegate.challenge(response, previousFailureCount: count, lastUsed: lastUsed, answered: answer)
            case .client(let client, _): client.challenge(response, previousFailureCount: count, lastUsed: lastUsed, answered: answer)
            }
        }
        var handlers = Recorder.Handlers(onRedirect: onRedirect, onChallenge: onChallenge, passThrough: passThrough)
        handlers.stopsAtRedirects = route.stopsAtRedirects
        if case .client(let client, _) = route { handlers.onServerTrust = client.serverTrust }
        return recorder.perform(outgoing, timeouts: appSession.timeouts, handlers: handlers) { result in
            completion(result.map { exchange in
                var exchange = exchange
                (exchange.cancelledByDelegate, exchange.credentials) = asked.withLock { ($0.cancelled, $0.credentials) }
                return exchange
            })
        }
    }

    /// `secrets` with those of the Basic credentials an exchange sent for its challenges (see ``TaskDelegate``),
    /// which the request the app sent did not hold: the credential, as its `Authorization` header carried it, and
    /// its password. A response that echoes them is stored with placeholders; a URL that holds the password (httpbin's
    /// `/basic-auth/user/passwd`) is stored with one too, and replay reads the password back from the live URL (see
    /// ``CredentialPlaceholders``).
    static func secrets(_ secrets: SecretSet, adding credentials: [URLCredential]) -> SecretSet {
        var secrets = secrets
        for credential in credentials {
            let user = credential.user ?? ""
            let password = credential.password ?? ""
            secrets.add(requestValue: Data("\(user):\(password)".utf8).base64EncodedString(), origin: .header("authorization"))
            secrets.add(requestValue: password, origin: .credentialPassword(in: "authorization"))
        }
        return secrets
    }

    /// What a live response teaches: the values the redaction rules find in it (a token, a session cookie) get
    /// placeholders named with `number` (see ``Redaction/redact(_:secrets:number:sentByClient:)``), and each one new
    /// to the cassette is added to what it learned, so that a later request sending it back is redacted with that
    /// placeholder. A value the client itself sent (`sentByClient`) is not learned. Returns `response` redacted with
    /// the request's secrets (`requestSecrets`) and those it taught, and the values it taught.
    func learn(from response: RecordedResponse, requestSecrets: SecretSet, number: Int,
               sentByClient: (_ value: String, _ asWord: Bool) -> Bool) -> (stored: RecordedResponse, learned: [InteractionSecret]) {
        var secrets = requestSecrets
        let stored = settings.options.redaction.redact(response, secrets: &secrets, number: number, sentByClient: sentByClient)
        let known = Set(requestSecrets.learned.map(\.value))
        let learned = secrets.learned.filter { !known.contains($0.value) }
        if !learned.isEmpty {
            state.withLock { state in
                let taught = Set(state.learned.map(\.value))
                state.learned += learned.filter { !taught.contains($0.value) }
            }
        }
        return (stored, learned)
    }
}
