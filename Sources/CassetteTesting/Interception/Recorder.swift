import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Performs real requests for a recording cassette, on a plain session that no cassette intercepts.
///
/// The session has a delegate rather than completion handlers: swift-corelibs-foundation never completes a
/// completion-handler task whose answer is a `401` with `WWW-Authenticate` (it waits on an authentication challenge
/// forever, past the timeout). The delegate keeps the response and body as they arrive, declines the challenge,
/// and hands back the `401` exactly as the server sent it.
final class Recorder: Sendable {
    private let session: URLSession
    private let transfers: RecordingDelegate

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        transfers = RecordingDelegate()
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    /// Sends `request` with `body` to the real network; `completion` gets the final response (after redirects)
    /// and its decoded body, or the transport error. Returns a function that cancels the request.
    func perform(_ request: URLRequest, body: Data?,
                 completion: @escaping @Sendable (Result<(HTTPURLResponse, Data), any Error>) -> Void) -> @Sendable () -> Void {
        var prepared = request
        prepared.httpBodyStream = nil
        prepared.httpBody = body
        let outgoing = prepared
        let session = session
        let transfers = transfers
        // The task, once made; `cancelled` stops it being made at all when cancel() comes first.
        let handle = LockedBox<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))
        // Creating or starting a task on another session inside `startLoading()` trips libdispatch on corelibs
        // (`dispatch_sync` on a queue the thread already owns): do both on another queue.
        DispatchQueue.global().async {
            let task = session.dataTask(with: outgoing)
            transfers.begin(task, completion: completion)
            let cancelled = handle.withLock { state -> Bool in
                state.task = task
                return state.cancelled
            }
            if cancelled { task.cancel() }
            task.resume()
        }
        return {
            let task = handle.withLock { state -> URLSessionDataTask? in
                state.cancelled = true
                return state.task
            }
            task?.cancel()
        }
    }

    /// Lets tasks in flight finish, then releases the session.
    func close() {
        session.finishTasksAndInvalidate()
    }
}

/// Collects each recording task's response and body, and declines authentication challenges.
private final class RecordingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var response: HTTPURLResponse?
        var body = Data()
        var declinedChallenge = false
        let completion: @Sendable (Result<(HTTPURLResponse, Data), any Error>) -> Void
    }

    private let transfers = LockedBox([Int: Transfer]())

    func begin(_ task: URLSessionTask, completion: @escaping @Sendable (Result<(HTTPURLResponse, Data), any Error>) -> Void) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(completion: completion) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        transfers.withLock { $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfers.withLock { $0[dataTask.taskIdentifier]?.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        // Record what the server said (a 401 or 407) instead of answering the challenge.
        transfers.withLock { transfer in
            transfer[task.taskIdentifier]?.declinedChallenge = true
            if transfer[task.taskIdentifier]?.response == nil {
                transfer[task.taskIdentifier]?.response = challenge.failureResponse as? HTTPURLResponse
            }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let response = transfer.response, error == nil || transfer.declinedChallenge {
            transfer.completion(.success((response, transfer.body)))
        } else {
            transfer.completion(.failure(error ?? URLError(.badServerResponse)))
        }
    }
}
