import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Performs real requests for a recording cassette, on a plain session that no cassette intercepts.
final class Recorder: Sendable {
    private let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
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
        // The task, once made; `cancelled` stops it being made at all when cancel() comes first.
        let handle = LockedBox<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))
        // Creating or starting a task on another session inside `startLoading()` trips libdispatch on corelibs
        // (`dispatch_sync` on a queue the thread already owns): do both on another queue.
        DispatchQueue.global().async {
            let task = session.dataTask(with: outgoing) { data, response, error in
                if let response = response as? HTTPURLResponse {
                    completion(.success((response, data ?? Data())))
                } else {
                    completion(.failure(error ?? URLError(.badServerResponse)))
                }
            }
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
