import Foundation

/// How a cassette is opened: the options of `Cassette.use`, gathered so the test-framework integrations (the
/// trait, the XCTest helper) can merge and pass them on.
package struct CassetteOptions: Sendable {
    package var mode: RecordMode = .automatic
    package var matchers: [RequestMatcher] = RequestMatcher.defaults
    package var redaction: Redaction = .default
    package var directory: URL?
    package var repeatsLastResponse = false
    package var savesOnError = false
    package var recordsTransportErrors = false
    package var unused: UnusedInteractions = .warn
    package var hooks = CassetteHooks()
    package var latency = ReplayLatency.none
    package var faults: [Fault] = []
    package var expiry: Expiry?
    /// The clock recordings are dated and expiry is judged by (tests inject one).
    package var now: @Sendable () -> Date = { Date() }

    package init() {}

    package init(mode: RecordMode, matchers: [RequestMatcher], redaction: Redaction, directory: URL?,
                 repeatsLastResponse: Bool, savesOnError: Bool, recordsTransportErrors: Bool,
                unused: UnusedInteractions = .warn, hooks: CassetteHooks = CassetteHooks(),
                latency: ReplayLatency = .none, faults: [Fault] = [], expiry: Expiry? = nil) {
        self.mode = mode
        self.matchers = matchers
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
    }
}
