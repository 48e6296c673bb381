import Caching
import Foundation

/// One recorded exchange: a request and what the network answered, either a response or a transport failure.
public struct Interaction: Sendable, Hashable, Codable {
    /// The request, as redacted for storage.
    public var request: RecordedRequest {
        get { shown.request }
        set { change { $0.request = newValue } }
    }
    /// The response, or `nil` when the request failed in transport.
    public var response: RecordedResponse? {
        get { shown.response }
        set { change { $0.response = newValue } }
    }
    /// The transport failure, or `nil` when a response arrived.
    public var failure: RecordedFailure? {
        get { shown.failure }
        set { change { $0.failure = newValue } }
    }
    /// When the exchange was recorded. A re-recording that gets the same answer keeps the old interaction
    /// (this date and the response's `Date` header included), so re-recording an unchanged API leaves the file unchanged.
    public var recordedAt: Date {
        get { storage.stored.recordedAt }
        set { change { $0.recordedAt = newValue } }
    }
    /// How long the real exchange took, from sending the request to the end of the response (or the failure), in
    /// seconds to the millisecond; `nil` for recordings made before it was kept. ``ReplayLatency/recorded`` waits
    /// this long. A re-recording that gets the same answer keeps the old value, like ``recordedAt``.
    public var duration: TimeInterval? {
        get { shown.duration }
        set { change { $0.duration = newValue } }
    }
    /// When the recording is due to be recorded again (see ``Expiry``), or `nil` for never. Kept in the file as its
    /// cache entry's expiration date, not inside the interaction; a `beforeRecord` hook may set it per interaction.
    public var expiresAt: Date?

    /// The members an interaction holds (but ``expiresAt``, its cache entry's).
    struct Contents: Sendable, Hashable {
        var request: RecordedRequest
        var response: RecordedResponse?
        var failure: RecordedFailure?
        var recordedAt: Date
        var duration: TimeInterval?
    }

    /// The members, in one immutable object that copies share: handing an interaction along costs a retain, not a
    /// copy of each member. A change makes a new one (``change(_:)``).
    private var storage: Storage

    private final class Storage: Sendable {
        /// The members, decoded; for an interaction still in the file (see ``PendingInteraction``), what opening the
        /// file read of it: its request's method and URL, and its recording date.
        let stored: Contents
        /// The interaction, while it is still in the file's bytes; `nil` once decoded, and for any other interaction.
        let pending: PendingInteraction?

        init(_ stored: Contents, pending: PendingInteraction? = nil) {
            self.stored = stored
            self.pending = pending
        }
    }

    private enum CodingKeys: String, CodingKey {
        case request, response, failure, recordedAt, duration
    }

    private enum RequestHeadKeys: String, CodingKey {
        case method, url
    }

    /// Creates an interaction.
    public init(request: RecordedRequest, response: RecordedResponse? = nil, failure: RecordedFailure? = nil,
                recordedAt: Date, duration: TimeInterval? = nil) {
        storage = Storage(Contents(request: request, response: response, failure: failure, recordedAt: recordedAt, duration: duration))
    }

    /// Reads the interaction's members; a cassette file read for replay only reads its request's method and URL and
    /// its recording date, and leaves the rest in the file's bytes (see `PendingInteraction`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let tape = decoder as? TapeDecoder, tape.defers {
            let head = try container.nestedContainer(keyedBy: RequestHeadKeys.self, forKey: .request)
            let request = RecordedRequest(method: try head.decode(String.self, forKey: .method), url: try head.decode(String.self, forKey: .url))
            storage = Storage(Contents(request: request, recordedAt: try container.decode(Date.self, forKey: .recordedAt)),
                              pending: PendingInteraction(try tape.deferredValue(Interaction.self)))
            return
        }
        storage = Storage(Contents(request: try container.decode(RecordedRequest.self, forKey: .request),
                                   response: try container.decodeIfPresent(RecordedResponse.self, forKey: .response),
                                   failure: try container.decodeIfPresent(RecordedFailure.self, forKey: .failure),
                                   recordedAt: try container.decode(Date.self, forKey: .recordedAt),
                                   duration: try container.decodeIfPresent(TimeInterval.self, forKey: .duration)))
    }

    /// Writes the interaction's members (``expiresAt`` is its cache entry's, not its own); one still in the file's
    /// bytes is decoded first, and its error thrown, so that nothing is written without it.
    public func encode(to encoder: any Encoder) throws {
        let contents = try self.contents
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(contents.request, forKey: .request)
        try container.encodeIfPresent(contents.response, forKey: .response)
        try container.encodeIfPresent(contents.failure, forKey: .failure)
        try container.encode(contents.recordedAt, forKey: .recordedAt)
        try container.encodeIfPresent(contents.duration, forKey: .duration)
    }

    /// The members, decoded now if the interaction is still in the file (see ``PendingInteraction``); throws the
    /// file's error when they do not decode.
    var contents: Contents {
        get throws(CacheError) { try storage.pending?.contents() ?? storage.stored }
    }

    /// Whether the interaction is still in the file's bytes: not decoded yet, or not decodable.
    var isPending: Bool { storage.pending != nil }

    /// The interaction decoded, if it is still in the file (see ``PendingInteraction``); throws the file's error when
    /// it does not decode.
    func decoded() throws(CacheError) -> Interaction {
        guard storage.pending != nil else { return self }
        var decoded = self
        decoded.storage = Storage(try contents)
        return decoded
    }

    /// About how many bytes the interaction holds: for one still in the file, the bytes of the file it spans (see
    /// ``DeferredValue/byteCount``), else its request and response bodies. What decoding, redacting and answering
    /// it cost grows with this.
    var byteCount: Int {
        if let pending = storage.pending { return pending.byteCount }
        return (storage.stored.request.body?.data.count ?? 0) + (storage.stored.response?.body?.data.count ?? 0)
    }

    /// The request's method and URL, read without decoding the interaction (the request with its headers and body
    /// once decoded): what the replay index keys by method and URL reads, and what reports name a recording by.
    var requestHead: RecordedRequest { storage.stored.request }

    /// The members as the public properties show them: decoded now if the interaction is still in the file, or, when
    /// they do not decode, what opening the file read (only the harness's own reads, through ``contents``, can meet
    /// such an interaction, and they throw the file's error instead).
    private var shown: Contents {
        guard let pending = storage.pending else { return storage.stored }
        return (try? pending.contents()) ?? storage.stored
    }

    /// Applies `edit` to the members, taken out of the file first so that it applies to them.
    private mutating func change(_ edit: (inout Contents) -> Void) {
        var contents = shown
        edit(&contents)
        storage = Storage(contents)
    }

    /// Whether two interactions hold the same members, ``expiresAt`` included. One still in the file's bytes is
    /// compared by what it decodes to (by what opening the file read of it, when it does not decode).
    public static func == (lhs: Interaction, rhs: Interaction) -> Bool {
        lhs.expiresAt == rhs.expiresAt && lhs.shown == rhs.shown
    }

    /// Hashes the members that ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(expiresAt)
        hasher.combine(shown)
    }

    /// Response headers that change on every request without the answer changing.
    static let volatileHeaders: Set<String> = ["date"]

    /// Whether two interactions record the same exchange, whenever each was recorded (so ignoring
    /// ``volatileHeaders``).
    func isSameExchange(as other: Interaction) -> Bool {
        request == other.request && failure == other.failure
            && response?.withoutVolatileHeaders == other.response?.withoutVolatileHeaders
    }
}

extension RecordedResponse {
    /// The response (and its redirects) without headers that change on every request.
    var withoutVolatileHeaders: RecordedResponse {
        var copy = self
        copy.headers = headers.filter { !Interaction.volatileHeaders.contains($0.key.lowercased()) }
        copy.redirects = redirects.map { hop in
            var hop = hop
            hop.headers = hop.headers.filter { !Interaction.volatileHeaders.contains($0.key.lowercased()) }
            return hop
        }
        return copy
    }
}

extension Interaction: CustomReflectable {
    /// The public members, so that `dump`, `print` and test failures show the response rather than how it is kept.
    public var customMirror: Mirror {
        Mirror(self, children: ["request": request, "response": response as Any, "failure": failure as Any,
                                "recordedAt": recordedAt, "duration": duration as Any, "expiresAt": expiresAt as Any],
               displayStyle: .struct)
    }
}
