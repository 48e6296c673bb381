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
    let redaction: Redaction
    /// The cassette's shared state: what responses teach is added to ``SessionState/learned``.
    let state: LockedBox<SessionState>

    /// Sends `outgoing` to the real network (see ``Recorder/perform(_:onRedirect:completion:)``), storing each
    /// redirect's cookies in the app's session before the next hop is sent, as the session's own loading does.
    /// Returns a function that cancels the request.
    func send(_ outgoing: OutgoingRequest,
              completion: @escaping @Sendable (Result<Recorder.Exchange, any Error>) -> Void) -> @Sendable () -> Void {
        let appSession = appSession
        let mainDocumentURL = outgoing.request.mainDocumentURL
        return recorder.perform(outgoing, timeouts: appSession.timeouts, onRedirect: { response, next in
            if let setCookie = AppSession.setCookie(in: response.headerFields, from: response.url) {
                appSession.store(setCookie, responseURL: response.url, mainDocumentURL: mainDocumentURL)
            }
            return appSession.redirecting(next)
        }, completion: completion)
    }

    /// What a live response teaches: the values the redaction rules find in it (a token, a session cookie) get
    /// placeholders named with `number` (see ``Redaction/redact(_:secrets:number:sentByClient:)``), and each one new
    /// to the cassette is added to what it learned, so that a later request sending it back is redacted with that
    /// placeholder. A value the client itself sent (`sentByClient`) is not learned. Returns `response` redacted with
    /// the request's secrets (`requestSecrets`) and those it taught, and the values it taught.
    func learn(from response: RecordedResponse, requestSecrets: SecretSet, number: Int,
               sentByClient: (String) -> Bool) -> (stored: RecordedResponse, learned: [InteractionSecret]) {
        var secrets = requestSecrets
        let stored = redaction.redact(response, secrets: &secrets, number: number, sentByClient: sentByClient)
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
