import Locking

/// Calls a function with the first value it is given, and ignores the rest: a delegate that calls its completion
/// handler twice decides once.
struct Once<Value: Sendable>: Sendable {
    private let function: LockedBox<(@Sendable (Value) -> Void)?>

    init(_ function: @escaping @Sendable (Value) -> Void) {
        self.function = LockedBox(function)
    }

    func call(_ value: Value) {
        let first = function.withLock { state -> (@Sendable (Value) -> Void)? in
            defer { state = nil }
            return state
        }
        first?(value)
    }
}
