import Foundation
import Locking
@testable import Networking

// Waiting with a deadline: a regression in cancellation must fail a test, not hang the whole run.

/// Waits until `condition` holds, up to `seconds`; returns whether it did. The default is generous because it costs
/// nothing when the condition comes true: under `swift test --sanitize=thread`, with every suite running in
/// parallel on two cores, a task that must run before the condition holds waited over 5 s for a thread.
func eventually(within seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// The result of `task`, or `nil` if it has none after `seconds`.
func result<T: Sendable>(of task: Task<T, any Error>, within seconds: Double = 5) async -> Result<T, any Error>? {
    await firstOf(within: seconds) { deliver in
        Task { deliver(await task.result) }
    }
}

/// What the completion handler `start` is given receives, or `nil` if nothing arrives within `seconds`.
func completion<T: Sendable>(within seconds: Double = 5,
                             _ start: (@escaping NetworkResultHandler<T>) -> Void) async -> Result<T, NetworkError>? {
    await firstOf(within: seconds) { deliver in start { deliver($0) } }
}

/// The first value `start` delivers, or `nil` after `seconds`; later deliveries are ignored.
private func firstOf<T: Sendable>(within seconds: Double, _ start: (@escaping @Sendable (T) -> Void) -> Void) async -> T? {
    let waiting = LockedBox<CheckedContinuation<T?, Never>?>(nil)
    let resume: @Sendable (T?) -> Void = { value in
        waiting.withLock { continuation -> CheckedContinuation<T?, Never>? in
            defer { continuation = nil }
            return continuation
        }?.resume(returning: value)
    }
    return await withCheckedContinuation { continuation in
        waiting.withLock { $0 = continuation }
        start { resume($0) }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            resume(nil)
        }
    }
}
