import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests on a session and validates their answers: the one request path ``Router`` and
/// ``AuthenticatedController`` share. Every task in flight is tracked by id, so ``cancelAll()`` reaches all of them,
/// and also fails every request holding an older ``Ticket`` whose task does not exist yet (one waiting for a token).
final class RequestPerformer: Sendable {
    /// When a request started, relative to ``RequestPerformer/cancelAll()`` calls.
    struct Ticket: Sendable {
        fileprivate let generation: Int
    }

    private struct InFlight {
        var generation = 0
        var nextID = 0
        var tasks: [Int: URLSessionDataTask] = [:]
    }

    let session: URLSession
    private let inFlight = LockedBox(InFlight())

    init(session: URLSession) {
        self.session = session
    }

    /// A ticket for a request starting now.
    func ticket() -> Ticket {
        Ticket(generation: inFlight.withLock { $0.generation })
    }

    /// How many requests are in flight.
    var inFlightCount: Int {
        inFlight.withLock { $0.tasks.count }
    }

    /// Sends `request`; `completion` gets the body and response of a 2xx answer, else a ``NetworkError``
    /// (``NetworkError/cancelled(url:)`` if ``cancelAll()`` was called after `ticket` was taken). Returns the id
    /// ``cancel(_:)`` takes.
    @discardableResult
    func perform(_ request: URLRequest, ticket: Ticket? = nil,
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
        let current = inFlight.withLock { state -> Bool in
            state.tasks[id] = task
            return ticket.map { $0.generation == state.generation } ?? true
        }
        // A task cancelled before it is resumed still completes, with `URLError.cancelled`; no request goes out.
        if current { task.resume() } else { task.cancel() }
        return id
    }

    /// Sends `request`, honouring Swift task cancellation: the task is cancelled and the call throws
    /// ``NetworkError/cancelled(url:)``.
    func perform(_ request: URLRequest, ticket: Ticket? = nil) async throws(NetworkError) -> (Data, HTTPURLResponse) {
        if Task.isCancelled { throw NetworkError.cancelled(url: request.url) }
        // Either side may run first: whichever comes second sees the other's note and cancels.
        let call = LockedBox<(id: Int?, cancelled: Bool)>((nil, false))
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let id = perform(request, ticket: ticket) { continuation.resume(returning: $0) }
                let cancelled = call.withLock { state -> Bool in
                    state.id = id
                    return state.cancelled
                }
                if cancelled { cancel(id) }
            }
        } onCancel: {
            let id = call.withLock { state -> Int? in
                state.cancelled = true
                return state.id
            }
            if let id { cancel(id) }
        }
        return try result.get()
    }

    /// Cancels one request; its completion gets ``NetworkError/cancelled(url:)``.
    func cancel(_ id: Int) {
        inFlight.withLock { $0.tasks[id] }?.cancel()
    }

    /// Cancels every request in flight, and every request holding an older ``Ticket`` that has not started yet.
    func cancelAll() {
        let tasks = inFlight.withLock { state -> [URLSessionDataTask] in
            state.generation += 1
            return Array(state.tasks.values)
        }
        // Outside the lock: `cancel()` synchronises with the session's own queue.
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
