import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a cassette fails a request: the error the task gets, and the one `use` reports.
extension CassetteSession {
    /// The answer for a failure of the cassette's own, which `use` reports too; `storedURL` is the request's URL as
    /// stored (redacted).
    func failed(_ error: CassetteError, storedURL: String) -> Answer {
        state.withLock { $0.failures.append(error) }
        return .now(.failure(clientError(for: error, storedURL: storedURL)), delay: 0)
    }

    /// Fails a task the cassette cannot serve (see ``Unservable``): the task gets the error at once, and `use` throws it;
    /// or, for a task the platform itself fails before sending anything, the platform's error, and `use` throws nothing.
    func reject(_ request: URLRequest, because reason: Unservable) -> any Error {
        if let platformError = reason.platformError {
            state.withLock { $0.sawRequest = true }
            return platformError
        }
        // With its body: a body's secret echoed in the URL is found there too.
        let stored = settings.options.redaction.redact(RecordedRequest(request, body: request.httpBody)).stored
        let error = CassetteError(.unsupportedRequest,
                                  "\(stored.method) \(stored.url) is \(reason.what). Instead, \(reason.workaround).",
                                  cassette: settings.file)
        state.withLock { state in
            state.sawRequest = true
            state.failures.append(error)
        }
        return clientError(for: error, storedURL: stored.url)
    }

    /// Fails a replayed request whose delegate decided otherwise than when it was recorded (see ``DelegateReplay``):
    /// `decision` says how, and is redacted with the request's secrets; `use` throws the error too.
    func delegateDecidedOtherwise(_ asked: DelegateQuestions, _ decision: String) -> any Error {
        let error = settings.delegateDecidedOtherwiseError(asked.request.stored, asked.request.secrets.redact(text: decision))
        state.withLock { $0.failures.append(error) }
        return clientError(for: error, storedURL: asked.request.stored.url)
    }

    /// The error a task gets for a failure of the cassette's own: a `URLError` (what networking code expects), with
    /// the first line of the cassette's (redacted) message as its description, the whole error as its underlying
    /// error (the test reports it too: a test that rethrows the `URLError` prints the message once more, not twice),
    /// and the stored, redacted URL as both failing-URL keys, so that no loading system fills either in from the live
    /// request.
    func clientError(for error: CassetteError, storedURL: String) -> URLError {
        // "NSErrorFailingURLStringKey" is NSURLErrorFailingURLStringErrorKey, spelled out: the constant is
        // deprecated, but loading systems still read and set the key.
        let summary = error.description.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? error.description
        var info: [String: Any] = [NSLocalizedDescriptionKey: summary, NSUnderlyingErrorKey: error,
                                   "NSErrorFailingURLStringKey": storedURL]
        if let url = URL(string: storedURL) { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(.resourceUnavailable, userInfo: info)
    }
}
