import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The settings of the session under test that the platform's own HTTP loading applies, applied by the cassette
/// instead: its cookies (here), its additional headers and its timeouts (`AppSession+Configuration.swift`).
///
/// A custom `URLProtocol` replaces the loading that sends cookies and stores `Set-Cookie` answers, so the cassette
/// does both, with the cookie storage and policies of the configuration it handed out: a recorded request carries
/// exactly the cookies the app's session would have sent, and answers land in the app's storage on record and on
/// replay alike. The recording session keeps no cookies of its own.
struct AppSession: Sendable {
    /// The configuration the cassette's sessions are made from. It is read when each request runs, so a
    /// `useConfiguration` body may set its own `httpCookieStorage`, `httpAdditionalHeaders` or timeouts before making
    /// its session.
    let configuration: URLSessionConfiguration

    /// `request` with a `Cookie` header from the session's storage, when the session sends cookies and the request
    /// has none yet (swift-corelibs-foundation adds it when the task is made; Apple's platforms when it is sent).
    func addingCookies(to request: URLRequest) -> URLRequest {
        guard configuration.httpShouldSetCookies, request.getsSessionCookies,
              request.headerValue("Cookie") == nil,
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

    /// The `Set-Cookie` values of one response, to store when the response is delivered.
    struct SetCookie: Sendable {
        /// Every `Set-Cookie` value, joined as URLSession joins repeated headers.
        let header: String
        /// The URL that sent them; `nil` for the URL the delivered response comes from.
        let url: URL?
    }

    /// The `Set-Cookie` values in `headers` (whatever the case of their name) from `url`, or `nil` when there are none.
    static func setCookie(in headers: [String: String], from url: URL?) -> SetCookie? {
        let values = headers.filter { $0.key.equalsIgnoringASCIICase("Set-Cookie") }.map(\.value)
        return values.isEmpty ? nil : SetCookie(header: values.sorted().joined(separator: ", "), url: url)
    }

    /// Stores the cookies a response set, as the session's policy allows; `responseURL` stands in for a `nil` URL.
    func store(_ setCookie: SetCookie, responseURL: URL?, mainDocumentURL: URL?) {
        guard configuration.httpCookieAcceptPolicy != .never, let storage = configuration.httpCookieStorage,
              let url = setCookie.url ?? responseURL else {
            return
        }
        // `cookies(withResponseHeaderFields:for:)` looks the header up by its exact name on some platforms.
        let cookies = HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": setCookie.header], for: url)
        if !cookies.isEmpty {
            storage.setCookies(cookies, for: url, mainDocumentURL: mainDocumentURL)
        }
    }
}
