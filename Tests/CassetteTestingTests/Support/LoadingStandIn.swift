import Foundation
import Locking
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking

/// A stand-in for Apple's URL loading system, as far as a cassette's protocol meets it on the route Apple's platforms
/// take (``ClientRoute``), so that the route runs here: it starts the protocol for a request, asks the app's delegate
/// what a protocol's client calls ask the system to ask it, and follows a redirect by starting a new protocol for the
/// request the delegate returns. What it does is what the route relies on, and no more is known of the real system:
///
/// - the protocol gets the task's request with an `httpBody` as `httpBodyStream` (OHHTTPStubs issue #52), and a task
///   (one made, not resumed, on a session of the cassette's configuration) whose `originalRequest` holds the body as
///   the app set it; every protocol of the load gets that task, as a task's original request never changes;
/// - after `wasRedirectedTo`, the response, data and end the protocol delivers are the task's only if the delegate
///   refuses the redirect; if it follows, the old protocol is stopped and a new one started for the returned request
///   (OHHTTPStubs' behaviour on Apple CI);
/// - a challenge handed to `didReceive` goes to the delegate, and its answer to the challenge's sender: `.useCredential`
///   with a credential is `use`, without one `continueWithoutCredential`, the others the methods of their names
///   (the mapping peers that forward challenges use); a delegate without the method gets `performDefaultHandling`.
///
/// Built on Linux only: on Apple's platforms the loading system itself takes the route, and the fidelity suite's
/// cases with a deciding delegate run it there.
final class LoadingStandIn: NSObject, URLProtocolClient, Sendable {
    /// What the task ends with.
    struct Result: Sendable, Equatable, CustomStringConvertible {
        var status: Int?
        var url: String?
        var body = Data()
        var error: Int?
        /// How many protocols the load started (one, plus one per followed redirect).
        var protocols = 0

        var description: String {
            "status \(status.map(String.init) ?? "-") url \(url ?? "-") body \(body.count) bytes error \(error.map(String.init) ?? "-") protocols \(protocols)"
        }
    }

    private struct State {
        /// The protocols started, in order; the last is the one whose answer is the task's.
        var protocols: [Held] = []
        /// Whether the current protocol reported a redirect the delegate has not answered yet: what it delivers
        /// meanwhile waits.
        var deciding = false
        /// What the current protocol delivered while the delegate decided.
        var held: [Event] = []
        var result = Result()
        var finished = false
    }

    /// A protocol the stand-in started, kept until the load ends. URLProtocol is not Sendable; the stand-in only
    /// compares it and stops it, as the loading system does from its own threads.
    private struct Held: Sendable {
        nonisolated(unsafe) let loader: URLProtocol
    }

    private enum Event {
        case response(URLResponse)
        case data(Data)
        case finish
        case failure(any Error)
    }

    private let protocolClass: URLProtocol.Type
    private let delegate: any URLSessionTaskDelegate & Sendable
    /// A session of the cassette's configuration, for the task the protocols get; never resumed.
    private let appSession: URLSession
    /// The session the delegate is handed (its questions name one).
    private let session = URLSession(configuration: .ephemeral)
    /// The load's task, made when it starts.
    private let task = LockedBox<URLSessionTask?>(nil)
    /// Where the delegate is asked, as a session's delegate queue: never on the caller's thread.
    private let delegateQueue = DispatchQueue(label: "LoadingStandIn.delegate")
    private let state = LockedBox(State())
    private let completion = Completion()

    /// A stand-in that loads through the cassette's `configuration` (the first of its protocol classes) for an app
    /// whose session's delegate is `delegate`.
    init(_ configuration: URLSessionConfiguration, delegate: any URLSessionTaskDelegate & Sendable) throws {
        guard let protocolClass = configuration.protocolClasses?.first as? URLProtocol.Type else { throw URLError(.unsupportedURL) }
        self.protocolClass = protocolClass
        self.delegate = delegate
        appSession = URLSession(configuration: configuration)
    }

    /// Loads `request` to its end.
    func load(_ request: URLRequest) async -> Result {
        let made = appSession.dataTask(with: request)
        task.withLock { $0 = made }
        start(request)
        await completion.wait()
        session.invalidateAndCancel()
        appSession.invalidateAndCancel()
        return state.withLock { $0.result }
    }

    private func start(_ request: URLRequest) {
        var handed = request
        if let body = request.httpBody {
            handed.httpBody = nil
            handed.httpBodyStream = InputStream(data: body)
        }
        nonisolated(unsafe) let loader = protocolClass.init(request: handed, cachedResponse: nil, client: self)
        loader.task = task.withLock { $0 }
        state.withLock { state in
            state.protocols.append(Held(loader: loader))
            state.result.protocols += 1
        }
        DispatchQueue.global().async { loader.startLoading() }
    }

    /// Whether `loader` is the protocol whose answer counts.
    private func isCurrent(_ loader: URLProtocol) -> Bool {
        let id = ObjectIdentifier(loader)
        return state.withLock { $0.protocols.last.map { ObjectIdentifier($0.loader) } == id }
    }

    private func deliver(_ event: Event, from loader: URLProtocol) {
        let id = ObjectIdentifier(loader)
        let apply = state.withLock { state -> Bool in
            guard state.protocols.last.map({ ObjectIdentifier($0.loader) }) == id, !state.finished else { return false }
            if state.deciding {
                state.held.append(event)
                return false
            }
            return true
        }
        if apply { self.apply(event) }
    }

    private func apply(_ event: Event) {
        let done = state.withLock { state -> Bool in
            switch event {
            case .response(let response):
                state.result.status = (response as? HTTPURLResponse)?.statusCode
                state.result.url = response.url?.absoluteString
            case .data(let data):
                state.result.body.append(data)
            case .finish:
                state.finished = true
            case .failure(let error):
                state.result.error = (error as NSError).code
                state.finished = true
            }
            return state.finished
        }
        if done { completion.finish() }
    }

    func urlProtocol(_ loader: URLProtocol, wasRedirectedTo request: URLRequest, redirectResponse: URLResponse) {
        guard isCurrent(loader), let response = redirectResponse as? HTTPURLResponse else { return }
        state.withLock { $0.deciding = true }
        nonisolated(unsafe) let redirected = loader
        let (delegate, session) = (delegate, session)
        // The task the delegate is handed is made there too: on corelibs, making one on the queue every session's
        // work runs on (where a recording's answer may come from) traps.
        delegateQueue.async { delegate.askRedirect(session, session.dataTask(with: request), response, request) { [self] chosen in
            let held = state.withLock { state -> [Event] in
                state.deciding = false
                defer { state.held = [] }
                return chosen == nil ? state.held : []
            }
            if let chosen {
                redirected.stopLoading()
                start(chosen)
            } else {
                for event in held { apply(event) }
            }
        } }
    }

    func urlProtocol(_ loader: URLProtocol, didReceive challenge: URLAuthenticationChallenge) {
        let (delegate, session, request) = (delegate, session, loader.request)
        delegateQueue.async { delegate.askChallenge(session, session.dataTask(with: request), challenge) { disposition, credential in
            guard let sender = challenge.sender else { return }
            switch disposition {
            case .useCredential:
                if let credential { sender.use(credential, for: challenge) } else { sender.continueWithoutCredential(for: challenge) }
            case .performDefaultHandling: sender.performDefaultHandling(for: challenge)
            case .cancelAuthenticationChallenge: sender.cancel(challenge)
            case .rejectProtectionSpace: sender.rejectProtectionSpaceAndContinue(with: challenge)
            @unknown default: sender.cancel(challenge)
            }
        } }
    }

    func urlProtocol(_ loader: URLProtocol, didReceive response: URLResponse, cacheStoragePolicy policy: URLCache.StoragePolicy) {
        deliver(.response(response), from: loader)
    }

    func urlProtocol(_ loader: URLProtocol, didLoad data: Data) {
        deliver(.data(data), from: loader)
    }

    func urlProtocolDidFinishLoading(_ loader: URLProtocol) {
        deliver(.finish, from: loader)
    }

    func urlProtocol(_ loader: URLProtocol, didFailWithError error: any Error) {
        deliver(.failure(error), from: loader)
    }

    func urlProtocol(_ loader: URLProtocol, cachedResponseIsValid cachedResponse: CachedURLResponse) {}

    func urlProtocol(_ loader: URLProtocol, didCancel challenge: URLAuthenticationChallenge) {}
}
#endif
