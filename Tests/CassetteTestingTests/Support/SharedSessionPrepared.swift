import CassetteTesting
import Testing

/// Prepares the process scope while tests are planned, as the `.cassette` trait does: for suites that open
/// process-scoped cassettes without the trait, in a test process where other tests may make the shared session
/// first (on Linux, `invalidateAndCancel()` on any session does).
struct SharedSessionPrepared: SuiteTrait, TestTrait {
    func prepare(for test: Test) async throws {
        try CassetteScope.prepare()
    }
}

extension Trait where Self == SharedSessionPrepared {
    /// See ``SharedSessionPrepared``.
    static var sharedSessionPrepared: Self { SharedSessionPrepared() }
}
