import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Performs real requests for a cassette that records (or checks drift), on a plain session that no cassette
/// intercepts.
///
/// The session keeps no cookies and no credentials of its own: cookies come from the app's session (see
/// ``SessionCookies``), so the server sees exactly what it would see without a cassette. Each request is sent with
/// the API the app used for its body (see ``OutgoingRequest/BodyForm``).
///
/// The session has a delegate rather than completion handlers: swift-corelibs-foundation never completes a
/// completion-handler task whose answer is a `401` with `WWW-Authenticate` (it waits on an authentication challenge
/// forever, past the timeout). The delegate keeps the response and body as they arrive, declines the challenge,
/// and hands back the `401` exactly as the server sent it. It also sees each redirect, so that cookies a redirect
/// sets reach the app's storage before the next hop is sent, as they would live.
final class Recorder: Sendable {
    private let session: URLSession
    private let transfers: RecordingDelegate
    /// The serial queue the delegate runs on, held here: an operation queue does not retain its underlying queue.
    private let delegateDispatchQueue = DispatchQueue(label: "CassetteTesting.Recorder")
    /// Where a live answer is handed to the app's task: see ``ClientQueues/clientQueue(for:)``.
    let clientQueue: DispatchQueue?

    /// What a real request produced: the final response, its decoded body and the redirects before it.
    struct Exchange: Sendable {
        let response: HTTPURLResponse
        let body: Data
        let redirects: [RecordedRedirect]
    }

    /// Called at each redirect with the redirect response and the next request; returns the request to send.
    typealias RedirectHandler = @Sendable (HTTPURLResponse, URLRequest) -> URLRequest

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        transfers = RecordingDelegate()
        // Delegate calls run straight on one serial dispatch queue, not through OperationQueue's own scheduling.
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = delegateDispatchQueue
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: delegateQueue)
        clientQueue = ClientQueues.clientQueue(for: session)
    }

    /// Sends `outgoing` to the real network; `completion` gets the exchange or the transport error. Returns a
    /// function that cancels the request.
    func perform(_ outgoing: OutgoingRequest, onRedirect: @escaping RedirectHandler,
                 completion: @escaping @Sendable (Result<Exchange, any Error>) -> Void) -> @Sendable () -> Void {
        let session = session
        let transfers = transfers
        // The task, once made; `cancelled` stops it being made at all when cancel() comes first.
        let handle = LockedBox<(task: URLSessionTask?, cancelled: Bool)>((nil, false))
        // Creating or starting a task on another session inside `startLoading()` trips libdispatch on corelibs
        // (`dispatch_sync` on a queue the thread already owns): do both on another queue.
        DispatchQueue.global().async {
            let task = Self.task(for: outgoing, on: session)
            transfers.begin(task, onRedirect: onRedirect, completion: completion)
            let cancelled = handle.withLock { state -> Bool in
                state.task = task
                return state.cancelled
            }
            if cancelled { task.cancel() }
            task.resume()
        }
        return {
            let task = handle.withLock { state -> URLSessionTask? in
                state.cancelled = true
                return state.task
            }
            // Cancelling waits on URLSession's shared work queue, which the caller (a protocol's stopLoading, on
            // its task's work queue) may be running on: cancel from another queue.
            if let task { DispatchQueue.global().async { task.cancel() } }
        }
    }

    /// A task that sends the body with the API the app used.
    private static func task(for outgoing: OutgoingRequest, on session: URLSession) -> URLSessionTask {
        var request = outgoing.request
        switch outgoing.form {
        case .httpBody:
            request.httpBody = outgoing.body
            return session.dataTask(with: request)
        case .stream:
            request.httpBodyStream = InputStream(data: outgoing.body ?? Data())
            return session.dataTask(with: request)
        case .upload:
            // The upload's data is the body; the request keeps none of its own (its stream, if any, was read).
            if request.httpBody != nil { request.httpBody = nil }
            if request.httpBodyStream != nil { request.httpBodyStream = nil }
            return session.uploadTask(with: request, from: outgoing.body ?? Data())
        }
    }

    /// Lets tasks in flight finish, then releases the session.
    func close() {
        session.finishTasksAndInvalidate()
    }
}

/// Collects each recording task's response, body and redirects, and declines authentication challenges.
private final class RecordingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var response: HTTPURLResponse?
        var body = Data()
        var redirects: [RecordedRedirect] = []
        var declinedChallenge = false
        let onRedirect: Recorder.RedirectHandler
        let completion: @Sendable (Result<Recorder.Exchange, any Error>) -> Void
    }

    private let transfers = LockedBox([Int: Transfer]())

    func begin(_ task: URLSessionTask, onRedirect: @escaping Recorder.RedirectHandler,
               completion: @escaping @Sendable (Result<Recorder.Exchange, any Error>) -> Void) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(onRedirect: onRedirect, completion: completion) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let onRedirect = transfers.withLock { transfers -> Recorder.RedirectHandler? in
            transfers[task.taskIdentifier]?.redirects.append(RecordedRedirect(response))
            return transfers[task.taskIdentifier]?.onRedirect
        }
        completionHandler(onRedirect.map { $0(response, request) } ?? request)
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
            transfer.completion(.success(Recorder.Exchange(response: response, body: transfer.body, redirects: transfer.redirects)))
        } else {
            transfer.completion(.failure(error ?? URLError(.badServerResponse)))
        }
    }
}
