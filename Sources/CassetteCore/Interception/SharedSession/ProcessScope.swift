import Locking

/// The turn of the one process-scoped cassette that may be open in this process (see ``CassetteScope/process``),
/// and the ones waiting for it, first come first served. It orders cassettes only: whether the shared session's
/// requests go to a cassette is its route's (``ProtocolRoutes/takesSharedSessionRequest(_:)``).
///
/// Waiting is asynchronous and cancellable: a waiter that is cancelled leaves the queue with `CancellationError`, and
/// the turn goes to the next. The synchronous entry points only ever take a free turn (``tryTake()``).
package enum ProcessScope {
    /// A turn: held by the cassette that took it, given back when it closes.
    package struct Turn: Sendable, Hashable {
        fileprivate let number: UInt64
    }

    private struct State {
        var holder: Turn?
        var next: UInt64 = 0
        var waiting: [(turn: Turn, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    private static let state = LockedBox(State())

    /// Takes the turn when it is free; `nil` when a process-scoped cassette is open.
    package static func tryTake() -> Turn? {
        state.withLock { state in
            guard state.holder == nil, state.waiting.isEmpty else { return nil }
            state.next += 1
            let turn = Turn(number: state.next)
            state.holder = turn
            return turn
        }
    }

    /// Waits, without blocking a thread, until the turn is this caller's; throws `CancellationError` when the
    /// waiting task is cancelled first.
    package static func take() async throws -> Turn {
        let turn = state.withLock { state -> Turn in
            state.next += 1
            return Turn(number: state.next)
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Under the lock the cancellation handler takes too: a cancellation either came before (seen here)
                // or finds this waiter in the queue.
                let now = state.withLock { state -> Bool? in
                    if Task.isCancelled { return nil }
                    if state.holder == nil && state.waiting.isEmpty {
                        state.holder = turn
                        return true
                    }
                    state.waiting.append((turn, continuation))
                    return false
                }
                switch now {
                case true?: continuation.resume()
                case nil: continuation.resume(throwing: CancellationError())
                case false?: break
                }
            }
        } onCancel: {
            let left = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiting.firstIndex(where: { $0.turn == turn }) else { return nil }
                return state.waiting.remove(at: index).continuation
            }
            left?.resume(throwing: CancellationError())
        }
        // Cancelled after the turn came: it is this caller's to give back, which the caller's error path does.
        return turn
    }

    /// Gives `turn` back; the next waiter, if any, gets it.
    package static func give(_ turn: Turn) {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.holder == turn else { return nil }
            guard !state.waiting.isEmpty else {
                state.holder = nil
                return nil
            }
            let (nextTurn, continuation) = state.waiting.removeFirst()
            state.holder = nextTurn
            return continuation
        }
        next?.resume()
    }
}
