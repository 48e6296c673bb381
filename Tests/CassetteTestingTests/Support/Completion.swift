import Locking

/// A one-time signal a delegate raises when its task completes, and a test awaits: raised before or after the
/// wait begins, the wait ends.
final class Completion: Sendable {
    private let state = LockedBox<(done: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Raises the signal.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.done = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once the signal is raised.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.done { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
