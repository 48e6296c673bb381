import Foundation
import Locking

/// How a cassette is opened: every option of `Cassette.use`, `Cassette.useConfiguration`, the `.cassette` trait
/// and XCTest's `withCassette`, in one value those entry points all take as `options:`.
///
/// Every option is optional: `nil` means "not said here", and the value comes from the next level out. The levels,
/// nearest first:
///
/// 1. the call: the labelled arguments (`record:`, `matching:`, `redaction:`) of `Cassette.use`,
///    `useConfiguration`, `withCassette` or the `.cassette` trait, then its `options:`;
/// 2. the `.cassette` trait of the running test (inside it, `Cassette.use` starts from the trait's options too);
/// 3. the `.cassette` traits of its suites, nearest first;
/// 4. the environment: `CASSETTE_RECORD` and `CI` for ``record``, `CASSETTE_DIR` for ``directory``;
/// 5. the defaults each option documents.
///
/// Any option can be set back to its default at any level by giving the default itself (``RecordMode/automatic``,
/// `false`, ``Redaction/default``, ``CassetteDirectory/automatic``, ``Expiry/never``, an empty ``CassetteHooks``…).
///
/// ```swift
/// @Suite(.cassette(record: .never, options: .init(unused: .fail, latency: .recorded)))
/// struct FeedTests {
///     @Test(.cassette(options: .init(latency: ReplayLatency.immediate))) func loadsFast() async throws { ... }
/// }
///
/// try await Cassette.use("feed/first-page", options: .init(repeatsLastResponse: true)) { session in ... }
/// ```
///
/// To add an option: add its property (documented with its default) and its `init` parameter here, one line to
/// ``overridden(by:)``, its decided value and its default to `Resolved`, then use it where the cassette opens
/// (`Cassette`'s initializer). No entry point changes.
public struct CassetteOptions: Sendable {
    /// When to record (see ``RecordMode``). Default: ``RecordMode/automatic``, which reads `CASSETTE_RECORD`, then
    /// `CI`.
    public var record: RecordMode?
    /// How requests find their recordings. Default: ``RequestMatcher/defaults`` (an empty list counts as the
    /// defaults).
    public var matching: [RequestMatcher]?
    /// What never reaches the disk or a message. Default: ``Redaction/default``.
    public var redaction: Redaction?
    /// Where cassette files live. Default: ``CassetteDirectory/automatic`` (`CASSETTE_DIR`, else `Cassettes/` at
    /// the root of the package of the calling test file).
    public var directory: CassetteDirectory?
    /// Whether a request made more often than recorded replays its last response again instead of failing.
    /// Default: `false`.
    public var repeatsLastResponse: Bool?
    /// Whether a recording is saved even when the test's body throws. Default: `false`.
    public var savesOnError: Bool?
    /// Whether a request that fails in transport while recording (refused, DNS, TLS, timeout) is saved and replayed
    /// as the same `URLError`. Default: `false`: the failure fails the test and nothing is saved, so a server that
    /// was down never becomes a fixture.
    public var recordsTransportErrors: Bool?
    /// What to say about recorded interactions the test never replayed (see ``UnusedInteractions``). Default:
    /// ``UnusedInteractions/warn``.
    public var unused: UnusedInteractions?
    /// Code run on each recording before it is stored, and on each recorded response before it is served (see
    /// ``CassetteHooks``); a nearer level's hooks replace a farther one's, both hooks at once. Default: none.
    public var hooks: CassetteHooks?
    /// How long replay waits before each answer (see ``ReplayLatency``). Default: ``ReplayLatency/immediate``.
    public var latency: ReplayLatency?
    /// Failures replay answers some requests with instead of their recordings (see ``Fault``); a nearer level's list
    /// replaces a farther one's. Default: none.
    public var faults: [Fault]?
    /// How long new recordings stay valid, and what mode `never` does with expired ones (see ``Expiry``). Default:
    /// ``Expiry/never``.
    public var expiry: Expiry?
    /// Where `CASSETTE_RECORD`, `CASSETTE_DIR`, `CI` and `CASSETTE_REPORT` are read from. Default: the process's
    /// environment.
    public var environment: [String: String]?
    /// Which requests the cassette sees: its own sessions', or also `URLSession.shared`'s (see ``CassetteScope``).
    /// Default: ``CassetteScope/session``.
    public var scope: CassetteScope?
    /// The clock recordings are dated and expiry is judged by. Default: the system clock (tests inject one).
    package var now: (@Sendable () -> Date)?
    /// Whether the app's delegate is asked through the loading system, as on Apple's platforms (see
    /// ``ClientRoute``). Default: the platform's way (tests on Linux set it, with a stand-in for that system).
    package var asksThroughClient: Bool?

    /// Options that say what they are given; every one left out (`nil`) comes from the next level out.
    public init(record: RecordMode? = nil, matching: [RequestMatcher]? = nil, redaction: Redaction? = nil,
                directory: CassetteDirectory? = nil, repeatsLastResponse: Bool? = nil, savesOnError: Bool? = nil,
                recordsTransportErrors: Bool? = nil, unused: UnusedInteractions? = nil, hooks: CassetteHooks? = nil,
                latency: ReplayLatency? = nil, faults: [Fault]? = nil, expiry: Expiry? = nil,
                environment: [String: String]? = nil, scope: CassetteScope? = nil) {
        self.record = record
        self.matching = matching
        self.redaction = redaction
        self.directory = directory
        self.repeatsLastResponse = repeatsLastResponse
        self.savesOnError = savesOnError
        self.recordsTransportErrors = recordsTransportErrors
        self.unused = unused
        self.hooks = hooks
        self.latency = latency
        self.faults = faults
        self.expiry = expiry
        self.environment = environment
        self.scope = scope
    }

    /// These options with every option `nearer` gives in place of this one's: `nearer` is the nearer level.
    public func overridden(by nearer: CassetteOptions) -> CassetteOptions {
        var merged = nearer
        merged.record = nearer.record ?? record
        merged.matching = nearer.matching ?? matching
        merged.redaction = nearer.redaction ?? redaction
        merged.directory = nearer.directory ?? directory
        merged.repeatsLastResponse = nearer.repeatsLastResponse ?? repeatsLastResponse
        merged.savesOnError = nearer.savesOnError ?? savesOnError
        merged.recordsTransportErrors = nearer.recordsTransportErrors ?? recordsTransportErrors
        merged.unused = nearer.unused ?? unused
        merged.hooks = nearer.hooks ?? hooks
        merged.latency = nearer.latency ?? latency
        merged.faults = nearer.faults ?? faults
        merged.expiry = nearer.expiry ?? expiry
        merged.environment = nearer.environment ?? environment
        merged.scope = nearer.scope ?? scope
        merged.now = nearer.now ?? now
        merged.asksThroughClient = nearer.asksThroughClient ?? asksThroughClient
        return merged
    }

    /// These options, with the call's labelled arguments in place of the fields they give.
    package func overridden(record: RecordMode?, matching: [RequestMatcher]?, redaction: Redaction?) -> CassetteOptions {
        overridden(by: CassetteOptions(record: record, matching: matching, redaction: redaction))
    }

    /// Every option decided: the ones given, the defaults for the rest. The environment's level (`CASSETTE_RECORD`,
    /// `CASSETTE_DIR`) is applied where the mode and the file are resolved, from ``Resolved/environment``.
    package func resolved() -> Resolved {
        Resolved(self)
    }

    /// Every option with its value decided (see ``CassetteOptions/resolved()``): one immutable object, which the
    /// cassette's settings hold and its jobs share.
    package final class Resolved: Sendable {
        package let record: RecordMode
        package let matching: [RequestMatcher]
        package let redaction: Redaction
        package let directory: CassetteDirectory
        package let repeatsLastResponse: Bool
        package let savesOnError: Bool
        package let recordsTransportErrors: Bool
        package let unused: UnusedInteractions
        package let hooks: CassetteHooks
        package let latency: ReplayLatency
        package let faults: [Fault]
        package let expiry: Expiry
        package let environment: [String: String]
        package let scope: CassetteScope
        package let now: @Sendable () -> Date
        package let asksThroughClient: Bool

        /// `options` with the default of every option they leave out.
        init(_ options: CassetteOptions) {
            record = options.record ?? .automatic
            matching = options.matching.flatMap { $0.isEmpty ? nil : $0 } ?? RequestMatcher.defaults
            redaction = options.redaction ?? .default
            directory = options.directory ?? .automatic
            repeatsLastResponse = options.repeatsLastResponse ?? false
            savesOnError = options.savesOnError ?? false
            recordsTransportErrors = options.recordsTransportErrors ?? false
            unused = options.unused ?? .warn
            hooks = options.hooks ?? CassetteHooks()
            latency = options.latency ?? .immediate
            faults = options.faults ?? []
            expiry = options.expiry ?? .never
            environment = options.environment ?? HarnessEnvironment.current
            scope = options.scope ?? .session
            now = options.now ?? { Date() }
            asksThroughClient = options.asksThroughClient ?? DelegateRoute.platformAsksThroughClient
        }
    }
}

extension CassetteOptions {
    /// The options of the `.cassette` traits around the running code (the test's, merged over its suites'), which
    /// every cassette opened inside starts from; `nil` outside such a test.
    package static var scoped: CassetteOptions? { Scoped.value }

    /// Runs `body` with `options` as ``scoped``; with `opened`, a cassette opened inside sets it to `true` (see
    /// ``noteOpened()``).
    package static func withScoped<T>(_ options: CassetteOptions, noticing opened: LockedBox<Bool>? = nil,
                                      isolation: isolated (any Actor)? = #isolation,
                                      _ body: () async throws -> T) async rethrows -> T {
        try await Scoped.$opened.withValue(opened, operation: {
            try await Scoped.$value.withValue(options, operation: body, isolation: isolation)
        }, isolation: isolation)
    }

    /// `options` over those of the `.cassette` traits around the running code (``scoped``): what a cassette opened
    /// here with `options` has.
    package static func effective(_ options: CassetteOptions) -> CassetteOptions {
        (scoped ?? CassetteOptions()).overridden(by: options)
    }

    /// Tells the scope around the running code, if it asked (``withScoped(_:noticing:isolation:_:)``), that a
    /// cassette opened: a parameterized test that opens one per case needs no warning that it has none.
    static func noteOpened() {
        Scoped.opened?.withLock { $0 = true }
    }
}

/// The task-locals behind ``CassetteOptions/scoped``.
private enum Scoped {
    @TaskLocal static var value: CassetteOptions?
    @TaskLocal static var opened: LockedBox<Bool>?
}
