/// Why the child process gave up: printed to standard error before it exits with status 1.
struct ChildFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    let description: String

    /// A failure saying `description`.
    init(_ description: String) {
        self.description = description
    }
}
