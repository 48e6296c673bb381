import Foundation

/// One recorded exchange: a request and what the network answered, either a response or a transport failure.
public struct Interaction: Sendable, Hashable, Codable {
    /// The request, as redacted for storage.
    public var request: RecordedRequest
    /// The response, or `nil` when the request failed in transport.
    public var response: RecordedResponse?
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
        self.response = response
        self.failure = failure
        self.recordedAt = recordedAt
        self.duration = duration
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
