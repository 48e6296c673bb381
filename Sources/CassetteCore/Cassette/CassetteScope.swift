/// Which requests a cassette sees: those of its own sessions, or also those the code sends through
/// `URLSession.shared`.
///
/// ```swift
/// @Test(.cassette(options: .init(scope: .process))) func loadsTheFeed() async throws {
///     let feed = try await FeedLoader().load()   // uses URLSession.shared inside
///     #expect(feed.items.count == 3)
/// }
/// ```
///
/// | scope | what goes through the cassette |
/// |---|---|
/// | ``session`` | requests of the cassette's own session, and of sessions made from its configuration |
/// | ``process`` | those, and every request sent through `URLSession.shared` while the cassette is open; on Apple's platforms also sessions made from `URLSessionConfiguration.default` or `.ephemeral` while it is open (written, not yet run there) |
///
/// Requests that arrive through the process scope are recorded, redacted, matched, paced and replayed exactly as the
/// cassette's own, read with the shared session's settings: its cookie storage (`HTTPCookieStorage.shared`),
/// credential storage, headers and timeouts, which the cassette's configuration takes on, so its own session shares
/// them too (a session-scoped cassette's storages are its own). Process-scoped cassettes do not nest: one opened
/// inside another fails with ``CassetteError/Code-swift.struct/processScopeBusy``. Process-scoped cassettes are open one at a time in a process: a second one
/// waits, first come first served, until the first closes (`Cassette.use`'s async form, the trait and the async
/// `withCassette` wait without blocking a thread, and can be cancelled; the synchronous forms fail at once rather
/// than block). Session-scoped cassettes keep running beside it. A process-scoped cassette also sees what other
/// tests running at the same time send through `URLSession.shared`: `.serialized` keeps one suite's tests apart, but
/// not other suites running beside it; use the session scope for code that can take a session.
///
/// On Linux only `URLSession.shared` is reached, and only when the harness registered its protocol before the
/// process made its shared session (see ``CassetteError/Code-swift.struct/sharedSessionUnreachable``): sessions
/// made from `.default` or `.ephemeral` use swift-corelibs-foundation's own HTTP protocol first and cannot be
/// reached. Background sessions and WebSocket tasks reach no custom protocol on any platform.
public struct CassetteScope: Sendable, Hashable, CustomStringConvertible {
    private let kind: Kind

    private enum Kind: String {
        case session, process
    }

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The cassette's own sessions only (the default).
    public static let session = CassetteScope(.session)

    /// The cassette's own sessions, and `URLSession.shared` while it is open (see the type's documentation).
    public static let process = CassetteScope(.process)

    /// The scope's name.
    public var description: String { kind.rawValue }

    /// Puts the harness's protocol where `URLSession.shared` asks it first, now, once per process, so that a
    /// cassette with ``process`` can see the shared session's requests; throws
    /// ``CassetteError/Code-swift.struct/sharedSessionUnreachable`` when it cannot.
    ///
    /// The `.cassette` trait does this while Swift Testing plans the tests, and so does the process's first
    /// cassette. Call it yourself only when a test process may use `URLSession.shared`, or call `invalidateAndCancel()`
    /// on any session, before either: on Linux that makes the shared session with the protocols registered then.
    public static func prepare() throws(CassetteError) {
        if case .failure(let error) = SharedSessionCapture.install() { throw error }
    }
}
