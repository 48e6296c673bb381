import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Replays a recorded stream (see ``RecordedStream``) to a task that hears its body piece by piece
/// (``CorelibsReflection/hearsPieces(_:session:)``): the response, then each piece of the body in order, then the
/// ending, each at its recorded time as ``ReplayLatency`` scales it (all at once by default).
///
/// Steps with no wait run at once, on the queue `start()` is called on (the task's work queue, inside
/// `startLoading()`). A step that waits runs from a timer, on the task's own work queue (see
/// ``ClientQueues/workQueue(of:)``), and only after the step before it, so pieces never overtake each other. A wait
/// from one step to the next as long as the request's timeout fails the task then, with `URLError(.timedOut)`, as
/// an idle stream does live; a stopped (cancelled) task gets nothing more.
struct StreamDelivery {
    let loader: CassetteURLProtocol
    let response: HTTPURLResponse
    let body: Data
    let setCookies: [AppSession.SetCookie]
    let stream: RecordedStream
    let latency: ReplayLatency
    /// The request's timeout (see ``AppSession/timeout(of:)``); 0 or less for none.
    let timeout: TimeInterval
    let cookies: AppSession

    /// One thing handed to the client, and when.
    private struct Step {
        let at: TimeInterval
        let range: Range<Int>?
    }

    /// The response first, then each piece; the ending follows the last.
    private var steps: [Step] {
        var steps = [Step(at: latency.delay(recorded: stream.head), range: nil)]
        var offset = 0
        for chunk in stream.chunks {
            let end = min(body.count, offset + chunk.size)
            steps.append(Step(at: latency.delay(recorded: chunk.at), range: offset..<end))
            offset = end
        }
        // What the pieces leave over (none, for a recording's own sizes) comes with the last.
        if offset < body.count { steps.append(Step(at: steps[steps.count - 1].at, range: offset..<body.count)) }
        return steps
    }

    /// Begins the delivery.
    func start() {
        run(steps, from: 0, started: DispatchTime.now())
    }

    /// Hands the client `steps[index]` and every step after it that is due, then waits for the next one.
    private func run(_ steps: [Step], from index: Int, started: DispatchTime) {
        var index = index
        while index < steps.count {
            guard !loader.stopped.withLock({ $0 }) else { return }
            let step = steps[index]
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- started.uptimeNanoseconds) / 1e9
            if step.at > elapsed {
                return wait(step.at - elapsed, since: index == 0 ? 0 : steps[index - 1].at, then: index, of: steps, started: started)
            }
            if let range = step.range {
                if !range.isEmpty { loader.client?.urlProtocol(loader, didLoad: body.subdata(in: range)) }
            } else {
                loader.begin(response, Data(), setCookies, cookies: cookies)
            }
            index += 1
        }
        guard !loader.stopped.withLock({ $0 }) else { return }
        loader.end(stream.end, url: response.url, holdingFor: timeout)
    }

    /// Waits `seconds`, then goes on from `steps[index]` on the task's work queue; a wait that reaches the timeout
    /// counted from the previous step (at `previous`) fails the task there instead.
    private func wait(_ seconds: TimeInterval, since previous: TimeInterval, then index: Int, of steps: [Step], started: DispatchTime) {
        let timesOut = timeout > 0 && steps[index].at - previous >= timeout
        let delay = timesOut ? max(0, previous + timeout - (Double(DispatchTime.now().uptimeNanoseconds &- started.uptimeNanoseconds) / 1e9)) : seconds
        // As in CassetteURLProtocol.startLoading(): Foundation does not mark a URLProtocol Sendable, yet documents its
        // client as callable from the queue that finishes the work; the protocol's own state is in lock boxes.
        nonisolated(unsafe) let delivery = self
        loader.later(delay) {
            if timesOut {
                delivery.loader.deliverUnlessStopped(.failure(URLError(code: URLError.timedOut.rawValue, failingURL: delivery.response.url)),
                                                     cookies: nil)
            } else {
                delivery.run(steps, from: index, started: started)
            }
        }
    }
}

extension CassetteURLProtocol {
    /// Ends a replayed stream as it was recorded: finished, failed with its `URLError`, or held open (a stream the
    /// app cancelled live) until the app cancels or `timeout` seconds pass (then `URLError(.timedOut)`; never, for 0).
    func end(_ end: RecordedStream.End, url: URL?, holdingFor timeout: TimeInterval) {
        switch end {
        case .complete:
            client?.urlProtocolDidFinishLoading(self)
        case .failed(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code: code, failingURL: url))
        case .cancelled:
            guard timeout > 0 else { return }
            nonisolated(unsafe) let loader = self
            later(timeout) { loader.deliverUnlessStopped(.failure(URLError(code: URLError.timedOut.rawValue, failingURL: url)), cookies: nil) }
        }
    }
}
