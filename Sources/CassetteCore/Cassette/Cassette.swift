import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An open cassette: the requests of its ``session`` (and of any session made from its ``configuration``) are
/// answered from one cassette file, recorded first when its ``mode`` allows.
///
/// You rarely make one yourself. The `.cassette` test trait opens one around each test, the XCTest helper
/// `withCassette` around its body, and ``use(_:record:matching:redaction:options:isolation:fileID:filePath:line:column:function:_:)``
/// around its closure; inside, ``current`` is that cassette. All of them take the same ``CassetteOptions``.
///
/// ```swift
/// @Test(.cassette) func fetchesAUser() async throws {
///     let session = try #require(Cassette.current).session
///     let user = try await Router<UserAPI>(session: session).decode(User.self, from: .user(id: 1))
///     #expect(user.id == 1)
/// }
/// ```
///
/// Each cassette has a `URLProtocol` class of its own in its configuration, so cassettes open at the same time
/// (tests running in parallel) never see each other's traffic, and no process-wide "current cassette" exists:
/// ``current`` is task-local.
public final class Cassette: Sendable {
    /// The cassette's name: its path below the cassette directory, without `.json` (for a HAR file, its path).
    public let name: String
    /// The cassette file.
    public let file: URL
    /// The record mode in effect, resolved from the options, `CASSETTE_RECORD` and `CI` (never
    /// ``RecordMode/automatic``; ``RecordMode/never`` for a HAR file).
    public let mode: RecordMode
    /// The configuration the cassette's sessions are made from.
    ///
    /// Every session made from it goes through the cassette. Keep its `protocolClasses`: they are how requests find
    /// the cassette. Its cookie settings (`httpCookieStorage`, `httpShouldSetCookies`, `httpCookieAcceptPolicy`),
    /// `httpAdditionalHeaders` and timeouts (`timeoutIntervalForRequest`, `timeoutIntervalForResource`) are yours to
    /// change before you make a session; the cassette reads them for each request, sends a recording with them, and
    /// stores the headers as sent (redacted). On Linux, where a `URLProtocol` cannot see its session's settings, a
    /// recording from a session made from another configuration with other values for these fails, naming them.
    public let configuration: URLSessionConfiguration

    /// The cassette open around the running code (a test with the `.cassette` trait, the body of `Cassette.use` or
    /// of the XCTest helper), or `nil` outside one. Task-local: child tasks see it, detached tasks and Foundation's
    /// queues do not.
    public static var current: Cassette? { Current.value }

    /// A session made from ``configuration``, created when first asked for and invalidated when the cassette closes.
    public var session: URLSession {
        made.withLock { made in
            if let session = made { return session }
            let session = URLSession(configuration: configuration)
            made = session
            return session
        }
    }

    /// What answers the cassette's requests.
    let state: CassetteSession
    /// The protocol class listed in ``configuration``, routed to ``state``.
    private let protocolClass: CassetteURLProtocol.Type
    /// Whether closing after a failed body still saves the recording.
    private let savesOnError: Bool
    /// What closing says about recorded interactions that were never replayed.
    private let unused: UnusedInteractions
    /// The file `CASSETTE_REPORT` names, if any.
    private let unusedReport: URL?
    /// Who opened the cassette: the entry point and the test.
    package var opener: CassetteOpener { state.settings.opener }
    /// The process scope's turn, held while a cassette with ``CassetteScope/process`` is open.
    private let turn: ProcessScope.Turn?
    private let made = LockedBox<URLSession?>(nil)

    /// Opens the cassette `source` with `options` over those of the `.cassette` traits around the running code
    /// (see ``CassetteOptions``) for `opener`, which must own the file in this run (see ``OpenCassettes``);
    /// `filePath` locates the package's `Cassettes/`.
    ///
    /// A cassette with ``CassetteScope/process`` takes the process scope's turn if it is free, or fails: this
    /// initializer never waits (``opened(_:options:filePath:opener:)`` does).
    package convenience init(_ source: Source, options: CassetteOptions, filePath: String, opener: CassetteOpener) throws(CassetteError) {
        try self.init(source, options: options, filePath: filePath, opener: opener, turn: nil)
    }

    /// Opens a cassette as ``init(_:options:filePath:opener:)`` does, first waiting, without blocking a thread,
    /// for the process scope's turn when the options say ``CassetteScope/process``: the asynchronous entry points
    /// open cassettes through this. Throws `CancellationError` when the waiting task is cancelled.
    package static func opened(_ source: Source, options: CassetteOptions, filePath: String, opener: CassetteOpener) async throws -> Cassette {
        guard CassetteOptions.effective(options).scope == .process else {
            return try Cassette(source, options: options, filePath: filePath, opener: opener)
        }
        // Nested in a process-scoped cassette, the turn would never come: it is the outer one's until it closes.
        try checkNotNested()
        let turn = try await ProcessScope.take()
        return try Cassette(source, options: options, filePath: filePath, opener: opener, turn: turn)
    }

    /// The cassette, holding the process scope's `given` turn, if any; a turn it holds goes back when it cannot open.
    private init(_ source: Source, options: CassetteOptions, filePath: String, opener: CassetteOpener,
                 turn given: ProcessScope.Turn?) throws(CassetteError) {
        var turn = given
        var opened = false
        defer { if !opened, let turn { ProcessScope.give(turn) } }
        let options = CassetteOptions.effective(options).resolved()
        CassetteOptions.noteOpened()
        // As early as the harness can, so that URLSession.shared can reach a process scope (see SharedSessionCapture).
        let capture = SharedSessionCapture.install()
        if options.scope == .process {
            if case .failure(let error) = capture { throw error }
            if turn == nil {
                try Self.checkNotNested()
                guard let free = ProcessScope.tryTake() else {
                    throw CassetteError(.processScopeBusy, """
                        Another cassette with scope: .process is open in this process, and this synchronous call \
                        cannot wait for it without blocking a thread. Open this one with an asynchronous form \
                        (Cassette.use in an async context, the .cassette trait, the async withCassette), which waits \
                        its turn; or give the tests that share URLSession.shared .serialized.
                        """)
                }
                turn = free
            }
        }
        let file: URL, mode: RecordMode, preloaded: [Interaction]?, fileKey: OpenCassettes.Key
        var recordsByDefault = false
        switch source.kind {
        case .named(let name):
            let location = try CassetteLocation(name: name, directory: options.directory.url(), environment: options.environment,
                                                filePath: filePath)
            file = location.file
            let resolution = try options.record.resolution(in: options.environment)
            // A bundle's cassettes are only replayed, and a cassette missing there is no first recording.
            (mode, recordsByDefault) = options.directory.replaysOnly ? (try resolution.mode.replayingOnly(), false) : resolution
            preloaded = nil
            fileKey = try OpenCassettes.admit(location, by: opener)
        case .har(let har):
            // A HAR file is only replayed, whatever the options or `CASSETTE_RECORD` say.
            file = har
            mode = .never
            preloaded = options.redaction.redacting(try HTTPArchive.interactions(contentsOf: har).interactions)
            // Never written: tests share a HAR file freely.
            fileKey = OpenCassettes.Key(har)
        }
        let settings = CassetteSettings(options, file: file, mode: mode, opener: opener, fileKey: fileKey, callerFilePath: filePath,
                                        recordsByDefault: recordsByDefault, preloaded: preloaded)
        let configuration = URLSessionConfiguration.ephemeral
        // In the process scope the shared session's requests come too: the cassette reads its settings (cookies,
        // headers, timeouts) for every request, so it takes on the shared session's.
        if options.scope == .process { Self.takeSettings(of: URLSession.shared.configuration, into: configuration) }
        protocolClass = ProtocolRoutes.newProtocolClass()
        configuration.protocolClasses = [protocolClass]
        // Nothing is cached: every request reaches the cassette, and the cassette's answers are never stored.
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        state = try CassetteSession(settings: settings, configuration: configuration)
        savesOnError = options.savesOnError
        unused = options.unused
        unusedReport = options.environment[UnusedReport.variable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        ProtocolRoutes.open(protocolClass, to: state)
        if options.scope == .process { ProtocolRoutes.open(SharedSessionRouter.self, to: state) }
        self.turn = turn
        opened = true
        self.name = source.description
        self.file = file
        self.mode = settings.mode
        self.configuration = configuration
    }

    /// Runs `body` with this cassette as ``current``.
    package func makeCurrent<T>(isolation: isolated (any Actor)? = #isolation,
                                _ body: () async throws -> T) async rethrows -> T {
        try await Current.$value.withValue(self, operation: body, isolation: isolation)
    }

    /// Runs `body` with this cassette as ``current``.
    package func makeCurrent<T>(_ body: () throws -> T) rethrows -> T {
        try Current.$value.withValue(self, operation: body)
    }

    /// Ends the cassette: finishes (or, when the body failed, cancels) the session it made, saves what it recorded
    /// (unless the body failed and `savesOnError` is false) and returns every failure its requests met, then the
    /// save's, each redacted, and what it has to say about interactions it never replayed (see
    /// ``UnusedInteractions``). After this, requests through its sessions fail with a "closed" error.
    ///
    /// `bodyError` is what the body threw, if anything: when it is a network error the cassette cannot have given,
    /// a request went past the cassette, and a failure says so (see ``BypassReport/failure(for:)``).
    package func close(bodyError: (any Error)?) -> Ending {
        let bodyFailed = bodyError != nil
        if let session = made.withLock({ $0 }) {
            if bodyFailed { session.invalidateAndCancel() } else { session.finishTasksAndInvalidate() }
        }
        defer {
            ProtocolRoutes.close(protocolClass, file: file)
            if let turn {
                ProtocolRoutes.close(SharedSessionRouter.self, file: file)
                ProcessScope.give(turn)
            }
        }
        let closing = state.close(save: !bodyFailed || savesOnError)
        var ending = Ending(failures: closing.problems, saved: closing.saved, entryPoint: opener.entryPoint)
        let bypassed = state.bypass.failure(for: bodyError)
        if let bypassed { ending.failures.append(bypassed) }
        ending.bodyErrorExplained = bypassed != nil || bodyError.map(Ending.carriesCassetteError) == true
        // A request noted going past the cassette that the failure names already is not warned about as well.
        ending.warnings += state.warnings().filter { bypassed == nil || $0.code != .bypassedCassette }
        if let expired = state.expiredWarning() { ending.warnings.append(expired) }
        // A body that threw stopped early, and a request that failed explains itself better (a request that found
        // no match names the recordings closest to it): what was not replayed then says nothing more.
        let failed = bodyFailed || !ending.failures.isEmpty
        let never = failed ? [] : state.unusedInteractions()
        // Every use of a cassette file is reported, so that `cassette prune` removes only what no use replayed and
        // leaves alone a cassette whose test failed. A HAR file is no cassette to prune.
        if let unusedReport, state.settings.preloaded == nil {
            do { try UnusedReport.append(never, failed: failed, cassette: file, name: name, to: unusedReport) } catch { ending.failures.append(error) }
        }
        guard !never.isEmpty else { return ending }
        switch unused {
        case .ignore: break
        case .warn: ending.warnings.append(unusedError(never))
        case .fail: ending.failures.append(unusedError(never))
        }
        return ending
    }

    /// Fails when the running code is inside a process-scoped cassette: another cannot open until that one closes.
    private static func checkNotNested() throws(CassetteError) {
        guard let outer = current, outer.turn != nil else { return }
        throw CassetteError(.processScopeBusy, """
            This cassette has scope: .process (given here or by the .cassette traits around it) and opens inside \
            \(outer.name), which has it too: the process has one shared session, so process-scoped cassettes do not \
            nest. Open this one with options: .init(scope: .session), or send its requests through the outer one.
            """)
    }

    /// Gives `configuration` the settings of `shared` that the cassette reads for each request (see ``AppSession``).
    private static func takeSettings(of shared: URLSessionConfiguration, into configuration: URLSessionConfiguration) {
        configuration.httpCookieStorage = shared.httpCookieStorage
        configuration.httpShouldSetCookies = shared.httpShouldSetCookies
        configuration.httpCookieAcceptPolicy = shared.httpCookieAcceptPolicy
        configuration.httpAdditionalHeaders = shared.httpAdditionalHeaders
        configuration.timeoutIntervalForRequest = shared.timeoutIntervalForRequest
        configuration.timeoutIntervalForResource = shared.timeoutIntervalForResource
        configuration.urlCredentialStorage = shared.urlCredentialStorage
    }

    /// The error naming the interactions never replayed (the first few, URLs shortened, then how many more: see
    /// ``CassetteSettings/listed``).
    private func unusedError(_ never: [(position: Int, interaction: Interaction)]) -> CassetteError {
        let shown = never.prefix(CassetteSettings.listed).map {
            "#\($0.position) \($0.interaction.requestHead.method) \(URLParts.shortened($0.interaction.requestHead.url))"
        }
        let more = never.count > shown.count ? " and \(never.count - shown.count) more" : ""
        return CassetteError(.unusedInteractions, """
            \(never.count) recorded interaction(s) were never replayed: \(shown.joined(separator: "; "))\(more). If the \
            test no longer sends them, record the cassette again (\(state.settings.recordCommand(mode: .all))); if it \
            sends them only sometimes, pass options: .init(unused: .ignore).
            """, cassette: file)
    }
}

/// The task-local behind ``Cassette/current``; set only through ``Cassette/makeCurrent(isolation:_:)``.
private enum Current {
    @TaskLocal static var value: Cassette?
}
