import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers requests from the ``StubServer`` that owns the request's host. The handler runs on a global queue, so
/// answers arrive asynchronously, as from a real server; a request the handler never answers waits for cancellation.
final class StubProtocol: URLProtocol {
    private struct Loading {
        var route: StubRoute?
        var stopped = false
    }

    private let loading = LockedBox(Loading())

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let request = request
        guard let route = request.url?.host.flatMap(StubRoute.route(host:)) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            return
        }
        loading.withLock { $0.route = route }
        route.loaderStarted()
        let deliveryQueue = Self.loadingQueue(of: task)
        // URLProtocol is not Sendable, yet answering asynchronously means reaching it from another queue. Safe here:
        // its mutable state is in `loading` (a LockedBox), and the client is called on the loading queue (below).
        nonisolated(unsafe) let loader = self
        DispatchQueue.global().async {
            let response = route.answer(request)
            if case .never = response { return }
            guard let deliveryQueue else { return loader.deliver(response) }
            deliveryQueue.async { loader.deliver(response) }
        }
    }

    override func stopLoading() {
        let route = loading.withLock { state -> StubRoute? in
            state.stopped = true
            return state.route
        }
        route?.loaderStopped()
    }

    deinit {
        loading.withLock { $0.route }?.loaderReleased()
    }

    private func deliver(_ response: StubServer.Response) {
        // Never answer a request that was stopped (cancelled): on corelibs this check and `stopLoading()` both run on
        // the task's queue, so they cannot interleave.
        guard !loading.withLock({ $0.stopped }) else { return }
        switch response {
        case .respond(let status, let headers, let body):
            guard let url = request.url,
                  let answer = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
                return client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse)) ?? ()
            }
            client?.urlProtocol(self, didReceive: answer, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
            client?.urlProtocolDidFinishLoading(self)
        case .fail(let error):
            client?.urlProtocol(self, didFailWithError: error)
        case .never:
            break
        }
    }

    /// The queue the client must be called on.
    ///
    /// swift-corelibs-foundation calls `startLoading()` on the task's internal `workQueue`, and its client reads the
    /// session's task registry, which only that queue may touch: calling the client from any other queue races with
    /// tasks being created on the same session (it crashed in `URLSession.behaviour(for:)` under 20 concurrent
    /// requests). The queue is internal, so it is found by reflection; `StubProtocolTests` pins that it is found.
    /// `nil` on Apple's platforms, where the client is called from the answering queue.
    static func loadingQueue(of task: URLSessionTask?) -> DispatchQueue? {
        #if canImport(FoundationNetworking)
        var mirror = task.map { Mirror(reflecting: $0) }
        while let current = mirror {
            for child in current.children where child.label == "workQueue" {
                if let queue = child.value as? DispatchQueue { return queue }
            }
            mirror = current.superclassMirror
        }
        #endif
        return nil
    }
}
