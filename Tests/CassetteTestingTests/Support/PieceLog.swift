import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session delegate that reads a response piece by piece, as streaming code does on Linux (where
/// `URLSession.bytes(for:)` does not exist), and notes each call with its time from the request's start.
final class PieceLog: NSObject, URLSessionDataDelegate, Sendable {
    /// One call the delegate got.
    struct Event: Equatable, CustomStringConvertible {
        enum Kind: Equatable { case response(Int), data(Data), end(Int?) }
        let kind: Kind
        /// Seconds from the request's start.
        let at: TimeInterval

        var description: String {
            let time = String(format: "%.3f", at)
            switch kind {
            case .response(let status): return "\(time) response \(status)"
            case .data(let data): return "\(time) data \(data.count) B"
            case .end(let code): return "\(time) end \(code.map(String.init) ?? "ok")"
            }
        }
    }

    /// Cancels the task after this many pieces, if set.
    private let cancelAfter: Int?
    private let state = LockedBox<(start: Date, events: [Event], pieces: Int)>((Date(), [], 0))
    private let completion = Completion()

    init(cancelAfter: Int? = nil) {
        self.cancelAfter = cancelAfter
    }

    /// The calls so far.
    var events: [Event] { state.withLock { $0.events } }

    private func note(_ kind: Event.Kind) {
        state.withLock { $0.events.append(Event(kind: kind, at: Date().timeIntervalSince($0.start))) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        note(.response((response as? HTTPURLResponse)?.statusCode ?? 0))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        note(.data(data))
        let pieces = state.withLock { state -> Int in
            state.pieces += 1
            return state.pieces
        }
        if pieces == cancelAfter { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        note(.end(error.map { ($0 as NSError).code }))
        completion.finish()
    }

    /// Sends `request` on a session made from `configuration` with this delegate, and returns every call once the
    /// task completes. With `suspendedAfter`, the task is suspended after that many seconds; with
    /// `resumedAgainAfter`, it is resumed a second time then; with `cancelledAfter`, it is resumed again and then
    /// cancelled then, as Alamofire's `Request.cancel()` does. With `givingUpAfter`, the events so far are returned
    /// after that many seconds if the task has not completed, and the task is cancelled.
    func run(_ request: URLRequest, on configuration: URLSessionConfiguration, suspendedAfter: TimeInterval? = nil,
             resumedAgainAfter: TimeInterval? = nil, cancelledAfter: TimeInterval? = nil,
             givingUpAfter: TimeInterval? = nil) async -> [Event] {
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        state.withLock { $0.start = Date() }
        let task = session.dataTask(with: request)
        task.resume()
        if let suspendedAfter {
            DispatchQueue.global().asyncAfter(deadline: .now() + suspendedAfter) { task.suspend() }
        }
        if let givingUpAfter {
            DispatchQueue.global().asyncAfter(deadline: .now() + givingUpAfter) { [completion] in
                completion.finish()
                task.cancel()
            }
        }
        if let resumedAgainAfter {
            DispatchQueue.global().asyncAfter(deadline: .now() + resumedAgainAfter) { task.resume() }
        }
        if let cancelledAfter {
            DispatchQueue.global().asyncAfter(deadline: .now() + cancelledAfter) {
                task.resume()
                task.cancel()
            }
        }
        await completion.wait()
        return events
    }
}
