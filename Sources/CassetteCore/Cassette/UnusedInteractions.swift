/// What a cassette does about recorded interactions its test never replayed.
///
/// A recording nobody replays any more is a recording nobody checks: the endpoint changed, or the test stopped
/// calling it. After the test's body returns (not when it throws, nor when a request failed), a cassette that
/// replayed lists each interaction it never replayed, by position, method and URL.
///
/// | policy | `Cassette.use` | `.cassette` trait | XCTest `withCassette` |
/// |---|---|---|---|
/// | ``ignore`` | nothing | nothing | nothing |
/// | ``warn`` (default) | a message on standard error | a warning issue (Swift 6.3+; before, a message) | a message on standard error |
/// | ``fail`` | `use` throws | an issue at the test | a failure at the call |
///
/// With `CASSETTE_REPORT=<file>`, each cassette with unused interactions also appends one JSON line to that file,
/// whatever the policy: `{"cassette": <path>, "name": <name>, "unused": [{"interaction": 2, "method": "GET", "url": …}]}`,
/// one run's worth, for a tool to list or prune (the planned `cassette` command).
///
/// A cassette being recorded from scratch (mode ``RecordMode/all``, or a new file) replays nothing, so it has none.
public enum UnusedInteractions: Sendable, Hashable {
    /// Says nothing.
    case ignore
    /// Says which were never replayed, without failing the test.
    case warn
    /// Fails the test.
    case fail
}
