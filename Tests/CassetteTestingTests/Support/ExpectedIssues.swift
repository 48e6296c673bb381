import Locking
import Testing

/// The issues a test expects the code under test to record (a trait's failure, a warning), taken out of the run as
/// they are recorded, so that the run does not report them as failures, and kept for the test to assert on.
///
/// ```swift
/// static let noMatch = ExpectedIssues { ($0.error as? CassetteError)?.code == .noMatch }
/// @Test(.filterIssues { noMatch.admit($0) }) func reportsNoMatch() { ...; #expect(Self.noMatch.issues.count == 1) }
/// ```
///
/// One instance per test: a test runs once at a time, so what it holds is that test's.
final class ExpectedIssues: Sendable {
    private let isExpected: @Sendable (Issue) -> Bool
    private let kept = LockedBox<[Issue]>([])

    init(_ isExpected: @escaping @Sendable (Issue) -> Bool) {
        self.isExpected = isExpected
    }

    /// For `.filterIssues`: `false` (out of the run) for an expected issue, which is kept; `true` for any other.
    func admit(_ issue: Issue) -> Bool {
        guard isExpected(issue) else { return true }
        kept.withLock { $0.append(issue) }
        return false
    }

    /// The expected issues recorded so far, in order.
    var issues: [Issue] { kept.withLock { $0 } }
}
