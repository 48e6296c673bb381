import Foundation

/// Where a cassette works out answers that take long: on its own serial queue, not in the protocol's
/// `startLoading()`.
///
/// On swift-corelibs-foundation every session's `startLoading()` runs on one queue the whole process shares (see
/// ``ClientQueues``), and real transfers' data comes through it too: work done there holds every other session's
/// requests, responses and stream pieces. Redacting a 10 MB upload there (2 to 4 seconds in a debug build) stalled a
/// stream another test was recording for 3.5 seconds, and the recording kept the stall. A request whose answer may
/// take long (a large body, or a cassette holding a large recording) is answered here instead, one at a time in the
/// order their tasks started, and then goes on where the task started. Small requests, the usual case, are answered
/// at once: they cost less than the hop.
struct AsideAnswers: Sendable {
    /// The queue long answers are made on; ``key`` is `true` on it.
    let queue = DispatchQueue(label: "CassetteCore.AsideAnswers")
    static let key = DispatchSpecificKey<Bool>()
    /// Whether some recording holds at least ``largeBody`` bytes: answering from it costs in proportion.
    private let holdsLargeRecordings: Bool

    /// The size from which a body or a recording is large: redacting, matching and decoding cost time in proportion
    /// to the bytes.
    static let largeBody = 64 << 10

    /// For a cassette whose file held `recordings`.
    init(_ recordings: [Interaction]) {
        holdsLargeRecordings = recordings.contains { $0.byteCount >= Self.largeBody }
        queue.setSpecific(key: Self.key, value: true)
    }

    /// Whether the answer to `outgoing` is made on ``queue``: its body is large, or a recording it may replay is.
    func applies(to outgoing: OutgoingRequest) -> Bool {
        (outgoing.body?.count ?? 0) >= Self.largeBody || holdsLargeRecordings
    }
}
