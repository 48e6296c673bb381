import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request URLSession proposes for a redirect (RFC 9110, section 15.4), as swift-corelibs-foundation builds
/// it: the request that was sent, pointed at the `Location` (resolved as the platform does, see ``RedirectTarget``), with `POST`
/// turned into `GET` (and its body dropped) for `301` and `302`, any method turned into `GET` for `303`, and the
/// method kept for `305`, `307` and `308`. `nil` when the response is not a redirect URLSession follows: another
/// status, or no usable `Location`.
///
/// The app's delegate is handed this request, on record and on replay alike (see ``TaskDelegate``).
enum RedirectRequest {
    /// The statuses URLSession follows when they carry a `Location`.
    static func isFollowed(_ status: Int) -> Bool {
        (301...303).contains(status) || (305...308).contains(status)
    }

    /// Whether `response` is a redirect URLSession may follow: a followed status with a `Location`.
    static func mayFollow(_ response: HTTPURLResponse) -> Bool {
        isFollowed(response.statusCode) && response.headerFields.value(caseInsensitiveKey: "Location") != nil
    }

    /// The request that follows `response`, proposed from `request` (the one that got it).
    static func next(after response: HTTPURLResponse, from request: URLRequest) -> URLRequest? {
        guard isFollowed(response.statusCode), let location = response.headerFields.value(caseInsensitiveKey: "Location"),
              let base = request.url ?? response.url, let target = RedirectTarget.url(for: location, from: base) else {
            return nil
        }
        var next = request
        if response.statusCode == 303 || (response.statusCode <= 302 && request.httpMethod == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
        }
        next.url = target
        return next
    }
}
