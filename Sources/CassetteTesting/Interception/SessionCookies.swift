import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cookie handling of the session under test, done by the cassette as the platform's own HTTP loading does it.
///
/// A custom `URLProtocol` replaces the loading that sends cookies and stores `Set-Cookie` answers, so the cassette
/// does both, with the cookie storage and policies of the configuration it handed out: a recorded request carries
/// exactly the cookies the app's session would have sent, and answers land in the app's storage on record and on
/// replay alike. The recording session keeps no cookies of its own.
struct SessionCookies: Sendable {
    /// The configuration the cassette's sessions are made from. It is read when each request runs, so a
    /// `useConfiguration` body may set its own `httpCookieStorage` before making its session.
    let configuration: URLSessionConfiguration

    /// `request` with a `Cookie` header from the session's storage, when the session sends cookies and the request
    /// has none yet (swift-corelibs-foundation adds it when the task is made; Apple's platforms when it is sent).
    func addingCookies(to request: URLRequest) -> URLRequest {
        guard configuration.httpShouldSetCookies, request.httpShouldHandleCookies,
              request.value(forHTTPHeaderField: "Cookie") == nil,
              let storage = configuration.httpCookieStorage, let url = request.url,
              let cookies = storage.cookies(for: url), !cookies.isEmpty,
              let header = HTTPCookie.requestHeaderFields(with: cookies)["Cookie"], !header.isEmpty else {
            return request
        }
        var request = request
        request.setValue(header, forHTTPHeaderField: "Cookie")
        return request
    }

    /// The next request of a redirect, with the `Cookie` header the session's storage gives its URL (when it has
    /// cookies for it; otherwise the request keeps the header it had), as URLSession configures a redirect.
    func redirecting(_ request: URLRequest) -> URLRequest {
        var cleared = request
        cleared.setValue(nil, forHTTPHeaderField: "Cookie")
        let withCookies = addingCookies(to: cleared)
        return withCookies.value(forHTTPHeaderField: "Cookie") == nil ? request : withCookies
    }

    /// Stores the cookies that `headers` (a response from `url`) set, as the session's policy allows.
    func store(from headers: [String: String], url: URL?, mainDocumentURL: URL?) {
        guard configuration.httpCookieAcceptPolicy != .never, let storage = configuration.httpCookieStorage, let url,
              let setCookie = Self.setCookieHeader(in: headers) else {
            return
        }
        // `cookies(withResponseHeaderFields:for:)` looks the header up by its exact name on some platforms.
        let cookies = HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": setCookie], for: url)
        if !cookies.isEmpty {
            storage.setCookies(cookies, for: url, mainDocumentURL: mainDocumentURL)
        }
    }

    /// Every `Set-Cookie` value in `headers`, whatever the case of its name, joined as URLSession joins them.
    private static func setCookieHeader(in headers: [String: String]) -> String? {
        let values = headers.filter { $0.key.caseInsensitiveCompare("Set-Cookie") == .orderedSame }.map(\.value)
        return values.isEmpty ? nil : values.sorted().joined(separator: ", ")
    }
}
