import Foundation

/// Where URLSession sends the request that follows a redirect, from the `Location` it got.
///
/// Apple's loading system resolves `Location` against the request's URL as RFC 3986 says (`?a=1` keeps the path,
/// `../x` climbs from it). swift-corelibs-foundation does not (its `_HTTPURLProtocol.redirectRequest`): a `Location`
/// with a scheme and a host is taken whole; any other keeps the request's scheme (and its host and port, unless the
/// `Location` names a host), takes the `Location`'s path as it is, made absolute by a leading `/` (`?a=1` goes to
/// `/?a=1`, `../x` to `/../x`), and the `Location`'s query and fragment. Through a cassette the delegate is proposed
/// what the platform would propose live (pinned on Linux by `LiveFidelityTests`).
enum RedirectTarget {
    /// The followed URL for `location`, sent from `base`; `nil` when `location` is no URL.
    static func url(for location: String, from base: URL) -> URL? {
        #if canImport(FoundationNetworking)
        guard let target = URL(string: location) else { return nil }
        if target.scheme != nil, target.host != nil { return target }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        if target.host != nil {
            components.host = target.host
            components.port = target.port
        }
        components.path = target.path.hasPrefix("/") ? target.path : "/" + target.path
        components.percentEncodedQuery = target.query
        components.percentEncodedFragment = target.fragment
        return components.url
        #else
        return URL(string: location, relativeTo: base)?.absoluteURL
        #endif
    }
}
