/// What the jobs of one open cassette (``CassetteReplay``, ``CassetteRecording``, ``DriftCheck``, ``CassetteSave``)
/// share while it is open. It lives in one `LockedBox`, made by ``CassetteSession`` and handed to each job; every
/// read and write happens inside that box's `withLock`.
struct SessionState {
    /// Which recordings each match key has left to replay.
    var index: ReplayIndex
    /// New recordings, in the order their requests started; in mode ``RecordMode/drift``, the requests sent live to
    /// be compared, each dropped once its answer came (or it was cancelled).
    var recorded: [CassetteRecording.Slot] = []
    /// What the requests met, reported when the cassette closes.
    var failures: [CassetteError] = []
    /// What deserves a look without failing the test, reported when the cassette closes.
    var warnings: [CassetteError] = []
    /// The requests seen going past the cassette through `URLSession.shared` (method and URL), each noted once.
    var passed: Set<String> = []
    /// Values earlier responses taught the cassette while recording (or checking drift), with their placeholders.
    var learned: [InteractionSecret] = []
    /// A request failed in transport while recording: nothing is saved.
    var transportFailed = false
    /// Some request reached the cassette (answered, recorded or refused).
    var sawRequest = false
    /// How many requests were answered from the recording, and how many of each match key (for ``Fault``s).
    var replayedRequests = 0
    var replayedByKey: [MatchKey: Int] = [:]
    var isClosed = false
    /// The positions in ``index`` of the recordings a request replayed whose match key redacting did not change: the
    /// next request with that key is answered without redacting it (see ``CassetteSession/replayAsSent(_:url:)``).
    var answeredAsSent: Set<Int> = []

    /// The requests still on the network.
    var inFlight: [RecordedRequest] {
        recorded.compactMap { slot in if case .inFlight(let request) = slot { request } else { nil } }
    }
}
