import Foundation

/// What an error thrown by the code under test carries: the error itself, the errors under it
/// (`NSUnderlyingErrorKey`), and the errors an error wrapping another holds as associated values or stored properties
/// (a network layer's `transport(URLError)`, Alamofire's `sessionTaskFailed(error:)`), a few levels deep.
///
/// The harness looks through these for the error a cassette gave a request, or the `URLError` of a request that went
/// past the cassette, however the code under test wrapped it.
enum CarriedErrors {
    /// How deep the search goes: an error, what it wraps, and so on.
    private static let depth = 4
    /// How many stored values of one wrapper the search reads.
    private static let width = 8

    /// The first value carried by `error` (itself first) that `match` turns into a result.
    static func first<T>(in error: any Error, _ match: (Any) -> T?) -> T? {
        first(in: error as Any, depth: 0, match)
    }

    private static func first<T>(in value: Any, depth: Int, _ match: (Any) -> T?) -> T? {
        if let found = match(value) { return found }
        guard depth < Self.depth else { return nil }
        if let error = value as? URLError {
            return error.userInfo[NSUnderlyingErrorKey].flatMap { first(in: $0, depth: depth + 1, match) }
        }
        if let error = value as? NSError, type(of: value) is NSError.Type {
            return error.userInfo[NSUnderlyingErrorKey].flatMap { first(in: $0, depth: depth + 1, match) }
        }
        for child in Mirror(reflecting: value).children.prefix(width) {
            if let found = first(in: child.value, depth: depth + 1, match) { return found }
        }
        return nil
    }

    /// The `URLError` code and user info of a URL-loading error `value` (a `URLError`, or an `NSError` in its
    /// domain); `nil` for any other value.
    static func urlError(_ value: Any) -> NSError? {
        if let error = value as? URLError { return error as NSError }
        if type(of: value) is NSError.Type, let error = value as? NSError, error.domain == NSURLErrorDomain { return error }
        return nil
    }
}
