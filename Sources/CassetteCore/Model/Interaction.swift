import Caching
import Foundation

/// One recorded exchange: a request and what the network answered, either a response or a transport failure.
public struct Interaction: Sendable, Hashable, Codable {
    /// The request, as redacted for storage.
    public var request: RecordedRequest
    /// The response, or `nil` when the request failed in transport.
    public var response: RecordedResponse? {
        get { storedResponse.value }
        set { storedResponse = StoredResponse(newValue) }
    }
    /// The response, decoded or (for a cassette that only replays) still in the file (see ``StoredResponse``).
    private(set) var storedResponse: StoredResponse
    /// The transport failure, or `nil` when a response arrived.
    public var failure: RecordedFailure?
    /// When the exchange was recorded. A re-recording that gets the same answer keeps the old interaction
    /// (this date and the response's `Date` header included), so re-recording an unchanged API leaves the file unchanged.
    public var recordedAt: Date
    /// How long the real exchange took, from sending the request to the end of the response (or the failure), in
    /// seconds to the millisecond; `nil` for recordings made before it was kept. ``ReplayLatency/recorded`` waits
    /// this long. A re-recording that gets the same answer keeps the old value, like ``recordedAt``.
    public var duration: TimeInterval?
    /// When the recording is due to be recorded again (see ``Expiry``), or `nil` for never. Kept in the file as its
    /// cache entry's expiration date, not inside the interaction; a `beforeRecord` hook may set it per interaction.
    public var expiresAt: Date?

    private enum CodingKeys: String, CodingKey {
        case request, response, failure, recordedAt, duration
    }

    /// Creates an interaction.
    public init(request: RecordedRequest, response: RecordedResponse? = nil, failure: RecordedFailure? = nil,
                recordedAt: Date, duration: TimeInterval? = nil) {
        self.request = request
        storedResponse = StoredResponse(response)
        self.failure = failure
        self.recordedAt = recordedAt
        self.duration = duration
    }

    /// Reads the interaction's members; a cassette file read for replay only leaves the response in the file's bytes
    /// (see ``StoredResponse``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        request = try container.decode(RecordedRequest.self, forKey: .request)
        if let tape = decoder as? TapeDecoder, tape.defers {
            storedResponse = try tape.deferred(RecordedResponse.self, forKey: CodingKeys.response)
                .map(StoredResponse.init(deferred:)) ?? StoredResponse(nil)
        } else {
            storedResponse = StoredResponse(try container.decodeIfPresent(RecordedResponse.self, forKey: .response))
        }
        failure = try container.decodeIfPresent(RecordedFailure.self, forKey: .failure)
        recordedAt = try container.decode(Date.self, forKey: .recordedAt)
        duration = try container.decodeIfPresent(TimeInterval.self, forKey: .duration)
    }

    /// Writes the interaction's members (``expiresAt`` is its cache entry's, not its own); a response still in the
    /// file's bytes is decoded first, and its error thrown, so that nothing is written without it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(request, forKey: .request)
        try container.encodeIfPresent(try storedResponse.decoded(), forKey: .response)
        try container.encodeIfPresent(failure, forKey: .failure)
        try container.encode(recordedAt, forKey: .recordedAt)
        try container.encodeIfPresent(duration, forKey: .duration)
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
