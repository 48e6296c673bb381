import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The loading shared by every cassette's protocol class: it answers each request from the cassette its class is
/// routed to (see ``ProtocolRoutes``), recording it first when the cassette's mode allows.
///
/// Configurations list a ``RoutedURLProtocol`` instantiation, never this class itself. One request, file by file:
/// - Both paths: `startLoading()` (here) finds the cassette (`ProtocolRoutes.swift`), takes the chain a followed
///   redirect goes on with, if any (`ChainLinks.swift`), and captures what the app sent with its session's headers,
///   cookies and body (`OutgoingRequest.swift`, `AppSession*.swift`, `UploadTaskBody.swift`). `answer(_:)`
///   (`CassetteSession.swift`) first tries it unredacted (`CassetteSession+ReplayAsSent.swift`: a recording that
///   answered its key before), else redacts it (`Redaction+Request.swift`, `Redaction+Walk.swift`); it keys it
///   (`RequestMatcher.swift`) and takes its key's next recording from the replay index (`CassetteReplay.swift`,
///   `ReplayIndex.swift`).
/// - Replay: the recording's prepared answer (`ReplayAnswer.swift`) gives the ``Outcome``, the request's secrets
///   restored, with its fault or latency (`CassetteReplay.swift`). `proceed` hands it to `replay(...)`
///   (`CassetteURLProtocol+Delegate.swift`), which first asks the task's delegate about recorded redirects and
///   challenges (`DelegateReplay.swift`; `ClientRoute.swift` on Apple's platforms), then delivers it at once, after
///   its latency, or piece by piece (`StreamDelivery.swift`).
/// - Record: with no recording, `CassetteRecording.begin` opens the request's slot in the ``SessionState`` and
///   gives a ``LiveRequest`` (`CassetteRecording.swift`, `LiveRequest.swift`), which `proceed` sends through
///   `CassetteSession.send` and `LiveNetwork.swift` on the recorder's own session (`Recorder.swift`,
///   `RecordingDelegate.swift`), the app's delegate deciding redirects and challenges (`DelegateRoute.swift`). The
///   answer fills the slot (the `beforeRecord` hook; the request redacted again only when a credential password or
///   the hook changed it; the response redacted, what it teaches learned), then goes to the task's queue
///   (`ClientQueues.swift`). `CassetteSave.swift` writes the slots when the cassette closes. In mode drift,
///   `DriftCheck.swift` takes the recording's place and compares the answer instead.
class CassetteURLProtocol: URLProtocol {
    /// Cancels a recording in flight; set while the real request runs.
    private let cancellation = LockedBox<(@Sendable () -> Void)?>(nil)
    /// Set by `stopLoading()`: from then on the client must not be called (corelibs traps when a protocol reports
    /// on a task its session has already let go).
    let stopped = LockedBox(false)
    /// Set once the client has the response: a recording handed it through as it arrived (see
    /// ``Recorder/PassThrough``), or a stream's replay began; what is delivered next adds only body and ending.
    let began = LockedBox(false)
    /// Set by the first `startLoading()`. swift-corelibs-foundation calls it again on the same protocol when a
    /// running task is resumed again, as Alamofire's `cancel()` does before it cancels; the request is already being
    /// answered then (its built-in HTTP protocol ignores such a call too, and on Apple's platforms resuming a running
    /// task does nothing).
    private let loading = LockedBox(false)
    /// The thread that started the load, which the client is called from on Apple's platforms (see
    /// ``ClientThread``); `nil` on swift-corelibs-foundation.
    private let clientThread = LockedBox<ClientThread?>(nil)

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard !loading.withLock({ started in defer { started = true }; return started }) else { return }
        clientThread.withLock { $0 = ClientThread.current() }
        let cassette: CassetteSession
        switch ProtocolRoutes.cassette(for: type(of: self)) {
        case .success(let routed): cassette = routed
        case .failure(let error):
            return deliver(.failure(CassetteError(error.code, "\(Self.unroutedText(request)): \(error.message)", cassette: error.cassette)),
                           cookies: nil)
        }
        if let reason = UnservableTasks.reason(for: task) {
            return deliver(.failure(cassette.reject(request, because: reason)), cookies: nil)
        }
        // A request that follows a redirect this cassette reported to Apple's loading system goes on with its chain.
        let (link, sent) = cassette.chains.take(from: request)
        if case .replay(var chain, let outcome, let delay, let asks) = link {
            let step = chain.decided(request)
            return ClientRoute(loader: self, cassette: cassette).drive(step, chain, outcome: outcome, delay: delay, asks: asks)
        }
        let outgoing: OutgoingRequest
        switch OutgoingRequest.capture(sent, task: task, session: cassette.appSession) {
        case .success(let captured): outgoing = captured
        case .failure(let reason): return deliver(.failure(cassette.reject(request, because: reason)), cookies: nil)
        }
        if case .recording(let stopped) = link {
            return proceed(with: cassette.resume(stopped, sending: outgoing), cassette: cassette, app: outgoing.app, taskSession: nil)
        }
        // A cassette that may reach the network checks that the request's session is the one it reads its settings
        // from, and hands its delegate the redirects and challenges: the session is found by reflection on corelibs,
        // so never on the way to a replay-only cassette's answer.
        let taskSession = cassette.reachesNetwork ? CorelibsReflection.session(of: task) : nil
        if let reason = cassette.appSession.unseenSettings(of: taskSession) {
            return deliver(.failure(cassette.reject(request, because: reason)), cookies: nil)
        }
        guard cassette.aside.applies(to: outgoing) else {
            return proceed(with: cassette.answer(outgoing), cassette: cassette, app: outgoing.app, taskSession: taskSession)
        }
        // A request whose answer takes long is answered aside, then goes on where the task started, so that the queue
        // every session shares is not held meanwhile (see ``AsideAnswers``).
        nonisolated(unsafe) let loader = self
        let workQueue = task.flatMap(ClientQueues.workQueue(of:))
        cassette.aside.queue.async {
            let answer = cassette.answer(outgoing)
            loader.onClient(workQueue) { loader.proceed(with: answer, cassette: cassette, app: outgoing.app, taskSession: taskSession) }
        }
    }

    /// Runs `work` where the client may be called: on `workQueue` (swift-corelibs-foundation's rule, see
    /// ``ClientQueues``), else on the client thread (Apple's, see ``ClientThread``), else at once.
    func onClient(_ workQueue: DispatchQueue?, _ work: @escaping @Sendable () -> Void) {
        if let workQueue { return workQueue.async(execute: work) }
        let scheduled = clientThread.withLock { thread -> Bool in
            thread?.perform(work)
            return thread != nil
        }
        if !scheduled { work() }
    }

    /// Serves `answer` to the request the app made, `app`, on the task's work queue: a replay at once (or after its
    /// latency, or once the task's delegate decided), a live request by sending it.
    private func proceed(with answer: CassetteSession.Answer, cassette: CassetteSession, app: URLRequest, taskSession: URLSession?) {
        let live: LiveRequest
        switch answer {
        case .now where stopped.withLock({ $0 }):
            // Stopped while it was answered aside: nothing is delivered to a stopped task.
            return
        case .now(let outcome, let delay, let asks):
            return replay(outcome, after: delay, cassette: cassette, asking: asks, app: app)
        case .live(let request):
            live = request
        }
        // Foundation marks URLProtocol as not Sendable. This one binding carries the protocol to the queue a
        // recording's answer comes on, from where every client call goes to the client's own queue (onClient); its
        // own mutable state lives in LockedBoxes.
        nonisolated(unsafe) let loader = self
        // A live answer (recorded, or checked for drift) comes on the recorder's queue, so it hops to a queue
        // serialized with the task's session first (see ClientQueues: found by reflection once per cassette).
        let workQueue = cassette.clientQueue
        let cookies = cassette.appSession
        let onWorkQueue: @Sendable (@escaping @Sendable () -> Void) -> Void = { work in loader.onClient(workQueue, work) }
        // A task that hears its body piece by piece gets the response and each piece as they arrive, as live.
        let passThrough = CorelibsReflection.hearsPieces(task, session: taskSession) ? Recorder.PassThrough(
            response: { response in onWorkQueue { loader.pass(response, cookies: cookies) } },
            data: { data in onWorkQueue { loader.pass(data) } }) : nil
        // The task's delegate decides its redirects and challenges as they come (see DelegateRoute).
        let route = route(cassette, app: app, taskSession: taskSession)
        let cancel = cassette.send(live, route: route, passThrough: passThrough) { outcome, link in
            onWorkQueue {
                // Stopped at a redirect for the loading system to ask about (see ClientRoute): reported first, then
                // the redirect delivered, in one go.
                if case .recording(let stopped)? = link, case .client(let client, _) = route, !loader.stopped.withLock({ $0 }),
                   let response = outcome.response {
                    client.report(response, redirectingTo: stopped.proposed, link: .recording(stopped))
                } else if case .recording(let stopped)? = link {
                    // Stopped before it could be reported: no request can follow, so the chain ends here.
                    cassette.finish(stopped)
                }
                loader.deliverUnlessStopped(outcome, cookies: cookies)
            }
        }
        if let cancel {
            cancellation.withLock { $0 = cancel }
            // Stopped before the request was sent (while it was answered aside): it is cancelled now.
            if stopped.withLock({ $0 }), let cancel = cancellation.withLock({ state in defer { state = nil }; return state }) {
                cancel()
            }
        }
    }

    /// How an error names a request no open cassette answers: no cassette means no rules of its own, so the default
    /// rules redact it (a user-information password, a Basic password echoed in the path, query values) and the
    /// query is left out, as it may hold secrets only a cassette's own rules name.
    private static func unroutedText(_ request: URLRequest) -> String {
        let shown = Redaction.default.redact(RecordedRequest(request, body: request.httpBody)).stored
        return "\(shown.method) \(URLParts.withoutQuery(shown.url))"
    }

    override func stopLoading() {
        // swift-corelibs-foundation calls this when the task is suspended too (and startLoading() again when it is
        // resumed). A cassette cannot pause an answer: it goes on, and the task gets it as if never suspended;
        // taken as a cancel, the answer was dropped and the task never completed, not even at its timeout.
        if task?.state == .suspended { return }
        stopped.withLock { $0 = true }
        let cancel = cancellation.withLock { state -> (@Sendable () -> Void)? in
            defer { state = nil }
            return state
        }
        cancel?()
    }

    /// Delivers a replayed outcome after `delay` seconds (see ``ReplayLatency``), unless the task was stopped
    /// meanwhile; a delay that reaches the request's timeout (``AppSession/timeout(of:)``) fails it then, as
    /// `URLError(.timedOut)`.
    ///
    /// The answer comes from a timer on a global queue, so on corelibs it hops to the task's own work queue, found
    /// by reflection for each waiting replay (and each replay that asked the task's delegate) (see
    /// ``ClientQueues/workQueue(of:)``; pinned by `ClientQueuesTests`), and on Apple's platforms to the client thread.
    private func deliver(_ outcome: Outcome, after delay: TimeInterval, cookies: AppSession) {
        var answer = outcome
        var wait = delay
        let timeout = cookies.timeout(of: request)
        if timeout > 0, delay >= timeout, let url = request.url {
            wait = timeout
            answer = .failure(URLError(code: URLError.timedOut.rawValue, failingURL: url, description: "The request timed out."))
        }
        // As in startLoading(): the protocol goes to the queue that answers; its own mutable state is in LockedBoxes.
        nonisolated(unsafe) let loader = self
        later(wait) { [answer] in loader.deliverUnlessStopped(answer, cookies: cookies) }
    }

    /// Runs `work` after `seconds`, from a timer on a global queue, on the task's own work queue (found by
    /// reflection on corelibs: see ``ClientQueues/workQueue(of:)``), or on Apple's platforms on the client thread (see
    /// ``ClientThread``); where there is neither, on the timer's queue.
    func later(_ seconds: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        let workQueue = task.flatMap(ClientQueues.workQueue(of:))
        nonisolated(unsafe) let loader = self
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { loader.onClient(workQueue, work) }
    }

    /// Serves a replayed `outcome`, on the task's work queue: a stream piece by piece to a task that hears it so (see
    /// ``StreamDelivery``); anything else at once, unless `delay` says to wait (see ``ReplayLatency``).
    func replay(_ outcome: Outcome, after delay: TimeInterval, cassette: CassetteSession) {
        if case .stream(let response, let data, let setCookies, let stream) = outcome,
           CorelibsReflection.hearsPieces(task, session: CorelibsReflection.session(of: task)) {
            return StreamDelivery(loader: self, response: response, body: data, setCookies: setCookies, stream: stream,
                                  latency: cassette.settings.options.latency, timeout: cassette.appSession.timeout(of: request),
                                  cookies: cassette.appSession).start()
        }
        // A request held open delivers nothing at its recorded time: its timeout counts from its start, as live.
        if case .heldOpen = outcome { return deliver(outcome, cookies: cassette.appSession) }
        guard delay > 0 else { return deliver(outcome, cookies: cassette.appSession) }
        deliver(outcome, after: delay, cookies: cassette.appSession)
    }

    /// Hands the client a live response as its headers arrive (see ``Recorder/PassThrough``), storing its cookies
    /// first, unless the task was stopped.
    private func pass(_ response: HTTPURLResponse, cookies: AppSession) {
        guard !stopped.withLock({ $0 }) else { return }
        let setCookies = AppSession.setCookie(in: response.headerFields, from: nil).map { [$0] } ?? []
        begin(response, Data(), setCookies, cookies: cookies)
    }

    /// Hands the client a piece of a live body as it arrives, unless the task was stopped.
    private func pass(_ data: Data) {
        guard !stopped.withLock({ $0 }), !data.isEmpty else { return }
        client?.urlProtocol(self, didLoad: data)
    }

    /// Delivers an outcome that comes after `startLoading()` returned (a live answer, or a replay that waited),
    /// unless the task was stopped (cancelled) meanwhile.
    func deliverUnlessStopped(_ outcome: Outcome, cookies: AppSession?) {
        guard !stopped.withLock({ $0 }) else { return }
        deliver(outcome, cookies: cookies)
    }

    /// Hands the client an outcome, first storing the cookies its redirects and response set, as the session's
    /// own loading would; when the client has the response already (see ``began``), only the ending.
    ///
    /// A stream delivered whole (to a task that does not hear pieces) ends as it was recorded: complete, cut with
    /// its `URLError`, or, when the app cancelled it live, held open until the app cancels again or its timeout
    /// passes.
    private func deliver(_ outcome: Outcome, cookies: AppSession?) {
        switch outcome {
        case .response(let response, let data, let setCookies):
            begin(response, data, setCookies, cookies: cookies)
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let error):
            client?.urlProtocol(self, didFailWithError: error)
        case .truncated(let response, let data, let setCookies, let error):
            begin(response, data, setCookies, cookies: cookies)
            client?.urlProtocol(self, didFailWithError: error)
        case .stream(let response, let data, let setCookies, let stream):
            begin(response, data, setCookies, cookies: cookies)
            end(stream.end, url: response.url, holdingFor: cookies?.timeout(of: request) ?? 0)
        case .heldOpen:
            end(.cancelled, url: request.url, holdingFor: cookies?.timeout(of: request) ?? 0)
        case .refusedChallenge(let response):
            if CorelibsReflection.hearsPieces(task, session: CorelibsReflection.session(of: task)) {
                client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            }
            client?.urlProtocol(self, didFailWithError: Outcome.cancelledByDelegate(response.url))
        }
    }

    /// Stores the cookies of a response, then hands the client the response and its body; nothing, when the client
    /// has the response already (it was handed the body as it arrived).
    func begin(_ response: HTTPURLResponse, _ data: Data, _ setCookies: [AppSession.SetCookie], cookies: AppSession?) {
        guard !began.withLock({ state in defer { state = true }; return state }) else { return }
        if let cookies {
            for setCookie in setCookies {
                cookies.store(setCookie, responseURL: response.url, mainDocumentURL: request.mainDocumentURL)
            }
        }
        client?.urlProtocol(self, didReceive: response.withoutUnanswerableChallenge, cacheStoragePolicy: .notAllowed)
        if !data.isEmpty { client?.urlProtocol(self, didLoad: data) }
    }
}
