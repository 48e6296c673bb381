import Foundation

/// A transport failure the real network gave (connection refused, timeout, ...), replayed as the same `URLError`.
public struct RecordedFailure: Sendable, Hashable, Codable {
    /// The `URLError.Code` raw value, e.g. `-1004` for "could not connect to the server".
    public var code: Int
    /// The error's description when it was recorded, for a person reading the cassette.
    public var description: String

    /// Creates a recorded failure.
    public init(code: Int, description: String) {
        self.code = code
        self.description = description
    }

    /// Captures an error from a real request, with its description as it may be stored (redacted).
    init(_ error: any Error, description: String) {
        let nsError = error as NSError
        let code = nsError.domain == NSURLErrorDomain ? nsError.code : URLError.Code.unknown.rawValue
        self.init(code: code, description: description)
    }

    /// The error replay hands to the client.
    func urlError(for url: URL?) -> URLError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(URLError.Code(rawValue: code) ?? .unknown, userInfo: info)
    }
}
