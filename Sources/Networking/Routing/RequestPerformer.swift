import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests on a session and validates their answers. The one request path that ``Router`` and
/// ``AuthenticatedController`` share.
///
/// Every task in flight is tracked, so ``cancelAll()`` reaches all of them (not only the last one started).
final class RequestPerformer: Sendable {
    let session: URLSession
    private let inFlight = LockedBox(InFlight())

    private struct InFlight {
        var nextID = 0
        var tasks: [Int: URLSessionDataTask] = [:]
    }

    init(session: URLSession) {
        self.session = session
    }

    /// Sends `request`; `completion` gets the body and response for a 2xx status, else a ``NetworkError``.
    /// Returns the id that ``cancel(_:)`` takes.
    @discardableResult
    func perform(_ request: URLRequest,
                 completion: @escaping NetworkResultHandler<(Data, HTTPURLResponse)>) -> Int {
        let url = request.url
        let id = inFlight.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        let task = session.dataTask(with: request) { [inFlight] data, response, error in
            inFlight.withLock { _ = $0.tasks.removeValue(forKey: id) }
            completion(Self.validate(data: data, response: response, error: error, url: url))
        }
        inFlight.withLock { $0.tasks[id] = task }
        task.resume()
        return id
    }

    /// Sends `request`, honouring Swift task cancellation.
    func perform(_ request: URLRequest) async throws(NetworkError) -> (Data, HTTPURLResponse) {
        let call = LockedBox<(id: Int?, cancelled: Bool)>((nil, false))
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let id = perform(request) { continuation.resume(returning: $0) }
                let cancelled = call.withLock { state -> Bool in
                    state.id = id
                    return state.cancelled
                }
                if cancelled { cancel(id) }
            }
        } onCancel: {
            if let id = call.withLock({ state -> Int? in
                state.cancelled = true
                return state.id
            }) {
                cancel(id)
            }
        }
        return try result.get()
    }

    /// Cancels one request; its completion gets ``NetworkError/cancelled(url:)``.
    func cancel(_ id: Int) {
        inFlight.withLock { $0.tasks[id] }?.cancel()
    }

    /// Cancels every request in flight.
    func cancelAll() {
        let tasks = inFlight.withLock { Array($0.tasks.values) }
        tasks.forEach { $0.cancel() }
    }

    private static func validate(data: Data?, response: URLResponse?, error: (any Error)?,
                                 url: URL?) -> Result<(Data, HTTPURLResponse), NetworkError> {
        if let error { return .failure(NetworkError(transport: error, url: url)) }
        guard let response = response as? HTTPURLResponse else { return .failure(.nonHTTPResponse(url: url)) }
        let body = data ?? Data()
        guard (200..<300).contains(response.statusCode) else {
            return .failure(.unacceptableStatus(status: response.statusCode, body: body, url: response.url ?? url))
        }
        return .success((body, response))
    }
}
