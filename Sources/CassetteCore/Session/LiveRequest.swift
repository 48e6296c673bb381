/// A request on its way to the real network: to be recorded (``CassetteRecording``) or compared with its recording
/// (``DriftCheck``), with its place in ``SessionState/recorded``.
struct LiveRequest: Sendable {
    /// The request the recording is of: the app's, or the first of a chain that a followed redirect continues.
    let request: SentRequest
    /// Its place in ``SessionState/recorded``.
    let place: Int
    /// What is sent: `request`'s own, or the request a followed redirect led to (see ``before``).
    var sending: OutgoingRequest
    /// While recording, what came before, when this goes on with a chain the loading system asked the app about
    /// (see ``ClientRoute``); `nil` for a request of the app's own.
    var before: CassetteRecording.Before?
    /// In a drift check, the recording the answer is compared with, and its position in the file (from 1); `nil`
    /// when none matches.
    var compared: (position: Int, interaction: Interaction)?

    init(_ request: SentRequest, place: Int, compared: (position: Int, interaction: Interaction)? = nil) {
        self.request = request
        self.place = place
        sending = request.outgoing
        self.compared = compared
    }
}
