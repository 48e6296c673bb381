import Foundation

extension CassetteSession {
    /// Answers `outgoing` without redacting it first, from the recording a request with the same match key, as sent,
    /// replayed before in this cassette when redacting that request did not change its key (see
    /// ``SessionState/answeredAsSent``); `nil` sends it the usual way. `key` is set to the request's key as sent
    /// when it was worked out.
    ///
    /// Redacting puts placeholders in and changes nothing else, so a request whose matched parts equal those of one
    /// whose redacting left them alone holds nothing a rule or shape finds there either. The request is redacted
    /// after all when the answer needs its secrets (a placeholder to restore, a question for the task's delegate, a
    /// fault to select: see ``CassetteReplay/answer(_:key:url:sent:)``), and for every message. Only a cassette that
    /// sends nothing live does this (one that does learns values from responses, which redacting a later request
    /// reads), and only with the package's own matchers (one of yours gets the stored, redacted request, as
    /// documented).
    func replayAsSent(_ outgoing: OutgoingRequest, url: URL, key: inout String?) -> Answer? {
        guard mayAnswerAsSent, state.withLock({ !$0.answeredAsSent.isEmpty }) else { return nil }
        var request = RecordedRequest(outgoing.request, body: outgoing.body)
        switch matchKey(of: &request) {
        case .success(let matched): key = matched
        case .failure(let error): return failed(error, storedURL: redacted(outgoing).stored.url)
        }
        guard let key, let played = state.withLock({ state -> CassetteReplay.Played? in
            guard !state.isClosed, let played = replay.takeAsSent(key, in: &state) else { return nil }
            state.sawRequest = true
            return played
        }) else { return nil }
        return replayed(played, key: key, url: url) {
            let (stored, secrets) = redacted(outgoing)
            return SentRequest(outgoing: outgoing, stored: stored, secrets: secrets)
        }
    }

    /// Whether this cassette answers requests as sent (see ``replayAsSent(_:url:key:)``).
    private var mayAnswerAsSent: Bool {
        !reachesNetwork && settings.options.matching.allSatisfy(\.isBuiltIn)
    }

    /// Notes that the recording `played` answers requests with match key `key` as sent, when `outgoing`'s key as sent
    /// (`keyAsSent`, worked out now if `nil`) is `key` too: redacting it did not change it. A request whose method or
    /// URL redacting changed is not worked out (its key as sent would read other recordings).
    func noteAnsweredAsSent(_ played: CassetteReplay.Played, key: String, stored: RecordedRequest, outgoing: OutgoingRequest,
                            keyAsSent: String?) {
        guard mayAnswerAsSent, !state.withLock({ $0.answeredAsSent.contains(played.position) }) else { return }
        var request = RecordedRequest(outgoing.request, body: outgoing.body)
        guard request.method == stored.method, request.url == stored.url,
              (try? keyAsSent ?? matchKey(of: &request).get()) == key else { return }
        state.withLock { _ = $0.answeredAsSent.insert(played.position) }
    }
}
