import Foundation

/// A value guarded by a lock: the package's one `@unchecked Sendable` type.
///
/// Every piece of shared mutable state in `Networking`, `Caching`, `CassetteCore` and `CassetteTesting` lives in a
/// `LockedBox` and is touched only inside ``withLock(_:)``. Keeping the unchecked conformance on this one small type
/// means the compiler checks everything else, but for the `nonisolated(unsafe)` bindings with which
/// `CassetteURLProtocol` takes itself (a `URLProtocol`, which Foundation does not mark `Sendable`) to the queue that
/// answers it; they say why each is safe.
package final class LockedBox<Value>: @unchecked Sendable {
    // Safe because `value` is read or written only while `lock` is held. The value enters through a
    // `sending` parameter and leaves only as a `sending` result, so no other reference to a non-Sendable
    // value can be kept outside the lock (the same contract as the standard library's `Mutex`).
    private let lock = NSLock()
    private var value: Value

    /// Creates a box holding `value`.
    package init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    @inline(__always)
    package func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
