import Locking
import Testing

/// The issues a test expects the code under test to record (a trait's failure, a warning), taken out of the run as
/// they are recorded, so that the run does not report them as failures, and kept for the test to assert on.
///
/// ```swift
/// static let noMatch = ExpectedIssues { ($0.error as? CassetteError)?.code == .noMatch }
/// @Test(noMatch.trait) func reportsNoMatch() { ...; #expect(Self.noMatch.issues.count == 1) }
/// ```
///
/// One instance per test: a test runs once at a time, so what it holds is that test's. Issue handling traits came
/// with Swift 6.2; before, the test is skipped (the trait's own minimum, Swift 6.1, is in the macOS CI matrix).
final class ExpectedIssues: Sendable {
    private let isExpected: @Sendable (Issue) -> Bool
    private let kept = LockedBox<[Issue]>([])

    init(_ isExpected: @escaping @Sendable (Issue) -> Bool) {
        self.isExpected = isExpected
    }

    #if compiler(>=6.2)
    /// The trait that hands this the test's issues.
    var trait: IssueHandlingTrait { .filterIssues { [self] issue in admit(issue) } }
    #else
    /// Skips the test: Swift Testing before 6.2 cannot take an issue out of the run.
    var trait: ConditionTrait { .disabled("needs Swift 6.2's issue handling traits") }
    #endif

    /// `false` (out of the run) for an expected issue, which is kept; `true` for any other.
    func admit(_ issue: Issue) -> Bool {
        guard isExpected(issue) else { return true }
        kept.withLock { $0.append(issue) }
        return false
    }

    /// The expected issues recorded so far, in order.
    var issues: [Issue] { kept.withLock { $0 } }
}
