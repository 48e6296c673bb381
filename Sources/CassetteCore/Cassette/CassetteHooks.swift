/// Code a cassette runs on its interactions: before writing a recording, and before serving a recorded response.
///
/// ```swift
/// let hooks = CassetteHooks(
///     beforeRecord: { interaction in
///         // Drop health checks; keep everything else with the volatile header removed.
///         guard interaction.request.path != "/health" else { return nil }
///         var kept = interaction
///         kept.response?.headers["X-Request-Id"] = nil
///         return kept
///     },
///     beforePlayback: { interaction in
///         var response = interaction.response!   // called only for interactions with a response
///         response.headers["Cache-Control"] = "no-store"
///         return response
///     })
/// try await Cassette.use("users/list", options: .init(hooks: hooks)) { session in ... }
/// ```
public struct CassetteHooks: Sendable {
    /// Sees each new recording once, after its response arrived and before anything is stored: the request as
    /// sent and the response as received, secrets included. It returns what to store (edited or not), or `nil` to
    /// store nothing. Redaction runs after it, on what it returns. The code under test always gets the real
    /// response: the hook changes the file, not the recording run. A recording without a response holds a
    /// ``RecordedFailure`` instead: a request the app cancelled before its answer came
    /// (``RecordedFailure/isCancellation``), or a transport failure when those are recorded.
    public var beforeRecord: (@Sendable (Interaction) -> Interaction?)?
    /// Sees each recorded interaction that has a response once, when the cassette opens, and returns the response
    /// to serve in its place (the file is not changed). Matching still uses the recorded request.
    public var beforePlayback: (@Sendable (Interaction) -> RecordedResponse)?

    /// Creates hooks; either may be left out.
    public init(beforeRecord: (@Sendable (Interaction) -> Interaction?)? = nil,
                beforePlayback: (@Sendable (Interaction) -> RecordedResponse)? = nil) {
        self.beforeRecord = beforeRecord
        self.beforePlayback = beforePlayback
    }
}
