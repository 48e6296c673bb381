import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Mode ``RecordMode/drift``: sends every request to the real network and compares each answer with the recording
/// its request matches (status, media type, JSON shape; see ``DriftComparison``), adding a failure per request that
/// differs. It keeps nothing of the exchange and writes nothing; it only learns what responses hand out, as recording
/// did (``LiveNetwork/learn(from:requestSecrets:number:sentByClient:)``), so that a token later requests send back
/// matches its placeholder.
struct DriftCheck: Sendable {
    let settings: CassetteSettings
    let opened: OpenedCassette
    let live: LiveNetwork

    /// Finds the recording a request with match key `key` is compared with (the next one for the key, else the
    /// last) and notes the request as in flight in `state`, inside its lock; pass the result to ``check(_:deliver:)``.
    func begin(_ request: SentRequest, key: String, in state: inout SessionState) -> LiveRequest {
        let position: Int? = switch state.index.take(key) {
        case .next(let position): position
        case .exhausted(let last, _): last
        case .none: nil
        }
        state.recorded.append(.inFlight(request.stored))
        return LiveRequest(request, place: state.recorded.count - 1, compared: position.map(opened.replayable(at:)))
    }

    /// Sends `pending` to the real network (its redirects and challenges decided as `route` says) and
    /// compares its answer: `deliver` is called exactly once, with what the
    /// network answered, after the comparison is stored. Returns a function that cancels the request.
    func check(_ pending: LiveRequest, route: DelegateRoute, passThrough: Recorder.PassThrough?,
               deliver: @escaping @Sendable (Outcome) -> Void) -> @Sendable () -> Void {
        live.send(pending.request.outgoing, route: route, passThrough: passThrough) { [self] result in
            switch result {
            case .success(let exchange):
                let headers = exchange.response.allHeaderFields.reduce(into: [String: String]()) { $0["\($1.key)"] = "\($1.value)" }
                // Learn what the response teaches, as recording did, under the number of the recording it is compared
                // with (so placeholders agree); then keep nothing of it.
                let response = RecordedResponse(exchange.response, body: exchange.body, redirects: exchange.redirects)
                let number = pending.compared?.position ?? (opened.previous.count + pending.place + 1)
                var secrets = LiveNetwork.secrets(pending.request.secrets, adding: exchange.credentials)
                let taught = live.learn(from: response, requestSecrets: secrets, number: number,
                                        sentByClient: pending.request.outgoing.contains(_:asWord:))
                for secret in taught.learned { secrets.add(learned: secret) }
                let differences = DriftComparison.differences(recorded: pending.compared?.interaction, status: exchange.response.statusCode,
                                                              headers: headers, body: exchange.body)
                finish(pending, differences: differences, secrets: secrets)
                deliver(Outcome(exchange))
            case .failure(let error):
                let cancelled = (error as? URLError)?.code == .cancelled
                let differences = cancelled ? [] : Self.differences(failedWith: (error as NSError).code, recorded: pending.compared?.interaction)
                finish(pending, differences: differences, secrets: pending.request.secrets)
                deliver(.failure(error))
            }
        }
    }

    /// What differs when the live request failed in transport with `code`: nothing when the recording failed the
    /// same way.
    private static func differences(failedWith code: Int, recorded: Interaction?) -> [String] {
        guard let recorded else { return ["no recorded interaction matches this request (live failed in transport: \(code))"] }
        guard let recordedCode = recorded.failure?.code else { return ["live failed in transport (\(code)), the recording has a response"] }
        return recordedCode == code ? [] : ["transport failure: recorded \(recordedCode), live \(code)"]
    }

    /// Ends the check of `pending`: no longer in flight, and its `differences`, if any, a failure naming the request
    /// and its recording. Keys are shown, never values; a key that spells one of `secrets` (the request's or its
    /// response's) is replaced.
    private func finish(_ pending: LiveRequest, differences: [String], secrets: SecretSet) {
        var failure: CassetteError?
        if !differences.isEmpty {
            let request = pending.request.stored
            let recording = pending.compared.map { " (recording #\($0.position))" } ?? ""
            let text = secrets.redact(text: differences.joined(separator: "; "))
            failure = CassetteError(.drift, "\(request.method) \(request.url)\(recording) drifted: \(text).", cassette: settings.file)
        }
        live.state.withLock { state in
            state.recorded[pending.place] = .dropped
            if let failure { state.failures.append(failure) }
        }
    }
}
