import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects each recording task's response, body, pieces and the responses before it, handing each redirect and
/// challenge to its handlers, and the final response and body to the app as they arrive when it takes them so.
final class RecordingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        /// When the request was sent.
        let started: DispatchTime
        let handlers: Recorder.Handlers
        let completion: @Sendable (Result<Recorder.Exchange, any Error>) -> Void
        var response: HTTPURLResponse?
        /// Seconds from the start to the final response's headers.
        var head: Double = 0
        var body = Data()
        var chunks: [RecordedStream.Chunk] = []
        var redirects: [RecordedRedirect] = []
        var declinedChallenge = false
        /// Whether the response went to the app, and so must each piece of its body.
        var passing = false

        /// Seconds since the start, to the millisecond.
        var elapsed: Double {
            (Double(DispatchTime.now().uptimeNanoseconds &- started.uptimeNanoseconds) / 1e6).rounded() / 1e3
        }
    }

    private let transfers = LockedBox([Int: Transfer]())

    func begin(_ task: URLSessionTask, started: DispatchTime, handlers: Recorder.Handlers,
               completion: @escaping @Sendable (Result<Recorder.Exchange, any Error>) -> Void) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(started: started, handlers: handlers, completion: completion) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let id = task.taskIdentifier
        guard let onRedirect = transfers.withLock({ $0[id]?.handlers.onRedirect }) else { return completionHandler(request) }
        let transfers = transfers
        onRedirect(response, request) { next in
            // A redirect not followed is the final response: it is not one of the responses before it.
            if next != nil { transfers.withLock { $0[id]?.redirects.append(RecordedRedirect(response)) } }
            completionHandler(next)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let id = dataTask.taskIdentifier
        let passThrough = transfers.withLock { transfers -> Recorder.PassThrough? in
            // Each transfer is changed in place: a copy would copy its body at every piece.
            guard let elapsed = transfers[id]?.elapsed else { return nil }
            transfers[id]?.response = http
            transfers[id]?.head = elapsed
            // A challenge may yet be answered and retried, and a redirect the recorder stopped at for the loading
            // system to ask the app about may yet be followed (see ClientRoute): either goes to the app only as the
            // final response.
            let handlers = transfers[id]?.handlers
            let passing = handlers?.passThrough != nil && http.map { response in
                AuthenticationRequest.isChallenge(response) || (handlers?.stopsAtRedirects == true && RedirectRequest.mayFollow(response))
            } == false
            transfers[id]?.passing = passing
            return passing ? transfers[id]?.handlers.passThrough : nil
        }
        if let passThrough, let http { passThrough.response(http) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let passThrough = transfers.withLock { transfers -> Recorder.PassThrough? in
            // In place, as above: appending to a copy would make recording a body quadratic in its size.
            guard let elapsed = transfers[id]?.elapsed else { return nil }
            transfers[id]?.body.append(data)
            transfers[id]?.chunks.append(RecordedStream.Chunk(at: elapsed, size: data.count))
            return transfers[id]?.passing == true ? transfers[id]?.handlers.passThrough : nil
        }
        passThrough?.data(data)
    }

    /// Answers a challenge as the app's session would live (see ``RecorderChallenge``): an HTTP one by the app's
    /// delegate, server trust by it where the platform asks it, anything else by default.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let id = task.taskIdentifier
        let handlers = transfers.withLock { $0[id]?.handlers }
        let failure: HTTPURLResponse
        switch RecorderChallenge.owner(of: challenge.protectionSpace, failureResponse: challenge.failureResponse) {
        case .platform:
            return completionHandler(.performDefaultHandling, nil)
        case .serverTrust:
            guard let onServerTrust = handlers?.onServerTrust else { return completionHandler(.performDefaultHandling, nil) }
            return onServerTrust(challenge, completionHandler)
        case .app(let response):
            failure = response
        }
        let transfers = transfers
        // Declined, the challenge's response (a 401) is what the server said, and what is recorded.
        let decline: @Sendable () -> Void = {
            transfers.withLock { transfer in
                transfer[id]?.declinedChallenge = true
                if transfer[id]?.response == nil { transfer[id]?.response = failure }
            }
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
        guard let onChallenge = handlers?.onChallenge else { return decline() }
        onChallenge(failure) { credential in
            guard let credential else { return decline() }
            // Answered, the 401 is one of the responses before the final one, and its body is not the final body.
            transfers.withLock { transfer in
                transfer[id]?.redirects.append(RecordedRedirect(failure))
                transfer[id]?.response = nil
                transfer[id]?.body = Data()
                transfer[id]?.chunks = []
            }
            completionHandler(.useCredential, credential)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        finish(transfer, error: error)
    }

    /// Ends `task`'s transfer as cancelled, at once: the app cancelled it, and what arrived is what it saw. The
    /// session's own completion of the task then finds nothing left to do.
    func cancel(_ task: URLSessionTask) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        finish(transfer, error: URLError(.cancelled))
    }

    /// Hands `transfer`'s completion the exchange, or the error: a body cut short (`error`) is an exchange only as a
    /// stream, which records how it ended.
    private func finish(_ transfer: Transfer, error: (any Error)?) {
        guard let response = transfer.response else { return transfer.completion(.failure(error ?? URLError(.badServerResponse))) }
        let end: RecordedStream.End
        if error == nil || transfer.declinedChallenge {
            end = .complete
        } else if let code = (error as? URLError)?.code {
            end = code == .cancelled ? .cancelled : .failed(code: code.rawValue)
        } else {
            return transfer.completion(.failure(error ?? URLError(.badServerResponse)))
        }
        let isStream = RecordedStream.isStream(contentType: response.headerFields.value(caseInsensitiveKey: "Content-Type"),
                                               contentLength: response.headerFields.value(caseInsensitiveKey: "Content-Length"),
                                               chunks: transfer.chunks, end: end)
        // A body cut short is recorded only as a stream, with how it ended; any other failure is the request's.
        if end != .complete && !isStream, let error { return transfer.completion(.failure(error)) }
        transfer.completion(.success(Recorder.Exchange(
            response: response, body: transfer.body, redirects: transfer.redirects,
            stream: isStream ? RecordedStream(head: transfer.head, chunks: transfer.chunks, end: end) : nil,
            passedThrough: transfer.passing)))
    }
}
