import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Performs real requests for a cassette that records (or checks drift), on plain sessions that no cassette
/// intercepts: one for each pair of timeouts the app's sessions use (see ``AppSession/timeouts``), so a request is
/// sent with the timeouts its own session would give it (a request's own `timeoutInterval`, when set, wins there as
/// it does in URLSession). The app's additional headers are already on the request (see ``OutgoingRequest``).
///
/// The session keeps no cookies and no credentials of its own: cookies come from the app's session (see
/// ``AppSession``), so the server sees exactly what it would see without a cassette. Each request is sent with
/// the API the app used for its body (see ``OutgoingRequest/BodyForm``).
///
/// The session has a delegate rather than completion handlers: swift-corelibs-foundation never completes a
/// completion-handler task whose answer is a Basic challenge (it waits on it forever, past the timeout). The
/// delegate keeps the response and body as they arrive, and hands each redirect and each challenge to the
/// ``LiveNetwork`` (which stores a redirect's cookies and asks the app's ``TaskDelegate``): a redirect is followed
/// with the request it gets back, or not at all; a challenge is answered with the credential it gets back, or
/// declined, and the `401` is handed back exactly as the server sent it.
final class Recorder: Sendable {
    /// The timeouts of the app's session a request comes from.
    struct Timeouts: Hashable, Sendable {
        /// `timeoutIntervalForRequest`: how long to wait for more data.
        let request: TimeInterval
        /// `timeoutIntervalForResource`: how long the whole exchange may take.
        let resource: TimeInterval
    }

    /// The sessions requests are sent on, by the timeouts they were made with.
    private let sessions: LockedBox<[Timeouts: URLSession]>
    private let transfers: RecordingDelegate
    /// The queue the delegate runs on, for every session.
    private let delegateQueue: OperationQueue
    /// The serial queue the delegate runs on, held here: an operation queue does not retain its underlying queue.
    private let delegateDispatchQueue = DispatchQueue(label: "CassetteCore.Recorder")
    /// Where a live answer is handed to the app's task: see ``ClientQueues/clientQueue(for:)``.
    let clientQueue: DispatchQueue?

    /// What a real request produced: the final response, its decoded body and the responses before it (redirects
    /// followed, challenges answered).
    struct Exchange: Sendable {
        let response: HTTPURLResponse
        let body: Data
        var redirects: [RecordedRedirect]
        /// How the body streamed, when it did (sizes of the body as received); `nil` for a body kept whole.
        let stream: RecordedStream?
        /// Whether the response and each piece of its body were handed to the app as they arrived (see
        /// ``PassThrough``): the app then needs only the ending.
        let passedThrough: Bool
        /// Whether the app's delegate cancelled the challenge `response` is: the app gets `URLError(.cancelled)`.
        var cancelledByDelegate = false
        /// The credentials the app's delegate gave for challenges, in order: secrets the stored request never held.
        var credentials: [URLCredential] = []
    }

    /// Hands the app a live answer as it arrives: the final response as soon as its headers came (a challenge that
    /// may be answered is not one yet), then each piece of its body. Called on the recorder's delegate queue.
    struct PassThrough: Sendable {
        let response: @Sendable (HTTPURLResponse) -> Void
        let data: @Sendable (Data) -> Void
    }

    /// What a request's exchange is handed to as it goes.
    struct Handlers: Sendable {
        let onRedirect: RedirectHandler
        let onChallenge: ChallengeHandler
        /// `nil` when the app takes the answer whole (see ``PassThrough``).
        let passThrough: PassThrough?
        /// Asks the app about the server's certificate, where the platform lets it be asked (see
        /// ``RecorderChallenge``); `nil`: the platform decides.
        var onServerTrust: TrustHandler? = nil
        /// Whether `onRedirect` stops at every redirect, for the loading system to ask the app (see ``ClientRoute``):
        /// a redirect's response is then not passed through, as a request may yet follow it.
        var stopsAtRedirects = false
    }

    /// Called at each redirect with the redirect response and the request the session proposes; hands `decided`
    /// the request to send, or `nil` to stop there (the redirect is then the final response).
    typealias RedirectHandler = @Sendable (_ response: HTTPURLResponse, _ proposed: URLRequest,
                                           _ decided: @escaping @Sendable (URLRequest?) -> Void) -> Void
    /// Called at each authentication challenge with the `401`; hands `answered` the credential to retry with, or
    /// `nil` to decline (the `401` is then the final response).
    typealias ChallengeHandler = @Sendable (_ response: HTTPURLResponse,
                                            _ answered: @escaping @Sendable (URLCredential?) -> Void) -> Void
    /// Called with a server-trust challenge; hands `answered` what the recorder's session answers it with.
    typealias TrustHandler = @Sendable (_ challenge: URLAuthenticationChallenge,
                                        _ answered: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) -> Void

    /// A recorder whose first session has `timeouts` (the ones the cassette's configuration has when it opens).
    init(timeouts: Timeouts) {
        transfers = RecordingDelegate()
        // Delegate calls run straight on one serial dispatch queue, not through OperationQueue's own scheduling.
        delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = delegateDispatchQueue
        let first = Self.session(timeouts, delegate: transfers, queue: delegateQueue)
        sessions = LockedBox([timeouts: first])
        // Every session's work queue targets corelibs' one shared queue: the first session's serves them all.
        clientQueue = ClientQueues.clientQueue(for: first)
    }

    /// A session that keeps no cache, cookies or credentials of its own, with `timeouts`.
    private static func session(_ timeouts: Timeouts, delegate: RecordingDelegate, queue: OperationQueue) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        // Never through a cassette: on Apple's platforms a process scope's router stands first in `.ephemeral`.
        configuration.protocolClasses = configuration.protocolClasses?.filter { $0 != SharedSessionRouter.self }
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        configuration.timeoutIntervalForRequest = timeouts.request
        configuration.timeoutIntervalForResource = timeouts.resource
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// The session for requests with `timeouts`, made the first time they are asked for.
    private func session(for timeouts: Timeouts) -> URLSession {
        sessions.withLock { sessions in
            if let session = sessions[timeouts] { return session }
            let session = Self.session(timeouts, delegate: transfers, queue: delegateQueue)
            sessions[timeouts] = session
            return session
        }
    }

    /// Sends `outgoing` to the real network with `timeouts`; `completion` gets the exchange or the transport error.
    /// Returns a function that cancels the request.
    func perform(_ outgoing: OutgoingRequest, timeouts: Timeouts, handlers: Handlers,
                 completion: @escaping @Sendable (Result<Exchange, any Error>) -> Void) -> @Sendable () -> Void {
        let started = DispatchTime.now()
        let transfers = transfers
        // The task, once made; `cancelled` stops it being made at all when cancel() comes first.
        let handle = LockedBox<(task: URLSessionTask?, cancelled: Bool)>((nil, false))
        // Creating or starting a task on another session inside `startLoading()` trips libdispatch on corelibs
        // (`dispatch_sync` on a queue the thread already owns): do both on another queue.
        DispatchQueue.global().async {
            let task = Self.task(for: outgoing, on: self.session(for: timeouts))
            transfers.begin(task, started: started, handlers: handlers, completion: completion)
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
            guard let task else { return }
            // What arrived so far is the recording of a stream the app cancelled, complete now, before the app's
            // own task ends (see RecordingDelegate.finish(_:error:)).
            transfers.cancel(task)
            // Cancelling waits on URLSession's shared work queue, which the caller (a protocol's stopLoading, on
            // its task's work queue) may be running on: cancel from another queue.
            DispatchQueue.global().async { task.cancel() }
        }
    }

    /// A task that sends the body with the API the app used.
    private static func task(for outgoing: OutgoingRequest, on session: URLSession) -> URLSessionTask {
        var request = outgoing.request
        switch outgoing.form {
        case .httpBody:
            // A body the app set whole, whatever form it reached the protocol in (see BodyForm.of), goes whole, with
            // its length.
            request.httpBodyStream = nil
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

    /// Lets tasks in flight finish, then releases the sessions.
    func close() {
        for session in sessions.withLock({ Array($0.values) }) { session.finishTasksAndInvalidate() }
    }
}
