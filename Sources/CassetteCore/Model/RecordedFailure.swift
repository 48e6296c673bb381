import Foundation

/// A transport failure the real network gave (connection refused, timeout, ...), replayed as the same `URLError`.
public struct RecordedFailure: Sendable, Hashable, Codable {
    /// The `URLError.Code` raw value, e.g. `-1004` for "could not connect to the server".
    public var code: Int
    /// The error's description when it was recorded, for a person reading the cassette.
    public var description: String
    /// The `userInfo` keys the error carried (`NSErrorFailingURLKey`, `NSErrorFailingURLStringKey`,
    /// `NSLocalizedDescription`, `NSUnderlyingError`), so replay gives the code an error of the same shape; `nil`
    /// in cassettes recorded before this was kept (replay then names the failing URL and the description).
    public var userInfoKeys: [String]?
    /// The domain and code of the underlying error, when the error carried one.
    public var underlying: Underlying?

    /// An underlying error, by domain and code.
    public struct Underlying: Sendable, Hashable, Codable {
        /// The error domain, e.g. `NSURLErrorDomain`.
        public var domain: String
        /// The error code.
        public var code: Int

        /// Creates an underlying error's description.
        public init(domain: String, code: Int) {
            self.domain = domain
            self.code = code
        }
    }

    /// Creates a recorded failure.
    public init(code: Int, description: String, userInfoKeys: [String]? = nil, underlying: Underlying? = nil) {
        self.code = code
        self.description = description
        self.userInfoKeys = userInfoKeys
        self.underlying = underlying
    }

    /// The `userInfo` keys a recording keeps, each rebuilt on replay without storing a value that could hold a
    /// secret (the URL comes from the replayed request).
    static let keptKeys = [NSURLErrorFailingURLErrorKey, failingURLStringKey, NSLocalizedDescriptionKey, NSUnderlyingErrorKey]

    /// The key URLSession still fills with the failing URL's text (Foundation's constant for it is deprecated).
    private static let failingURLStringKey = "NSErrorFailingURLStringKey"

    /// Captures an error from a real request, with its description as it may be stored (redacted).
    init(_ error: any Error, description: String) {
        let nsError = error as NSError
        let code = nsError.domain == NSURLErrorDomain ? nsError.code : URLError.Code.unknown.rawValue
        let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).map { Underlying(domain: $0.domain, code: $0.code) }
        self.init(code: code, description: description,
                  userInfoKeys: Self.keptKeys.filter { nsError.userInfo[$0] != nil }, underlying: underlying)
    }

    /// Whether this records the app cancelling the request before any response came (`URLError.cancelled`): replay
    /// then holds the request open until the app cancels it again, and hands it no error of its own.
    public var isCancellation: Bool {
        code == URLError.cancelled.rawValue
    }

    /// The error replay hands to the client for a request to `url`.
    func urlError(for url: URL?) -> URLError {
        guard let keys = userInfoKeys else {
            var info: [String: Any] = [NSLocalizedDescriptionKey: description]
            if let url { info[NSURLErrorFailingURLErrorKey] = url }
            return URLError(.recorded(code), userInfo: info)
        }
        var info: [String: Any] = [:]
        for key in keys {
            switch key {
            case NSURLErrorFailingURLErrorKey: info[key] = url
            case Self.failingURLStringKey: info[key] = url?.absoluteString
            case NSLocalizedDescriptionKey: info[key] = description
            case NSUnderlyingErrorKey: info[key] = underlying.map { NSError(domain: $0.domain, code: $0.code) }
            default: break
            }
        }
        return URLError(.recorded(code), userInfo: info)
    }
}
