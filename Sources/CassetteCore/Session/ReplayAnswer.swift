import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What replaying one recorded interaction answers, prepared once when the cassette opens: the recorded URL
/// parsed, and whether the response holds placeholders of the request's secrets, so that a replay without any
/// copies a few references and builds only the response object.
struct ReplayAnswer: Sendable {
    private indirect enum Kind: Sendable {
        /// `recordedURL` is the stored final URL when the request was redirected, `nil` when it was not, and
        /// `redirectedTo` that URL parsed. `cookies` are the `Set-Cookie` values of the redirects and the response.
        case response(status: Int, headers: [String: String], body: Data, httpVersion: String, recordedURL: String?,
                      redirectedTo: URL?, redirects: [RecordedRedirect], cookies: [AppSession.SetCookie], stream: RecordedStream?)
        case failure(RecordedFailure)
        /// Neither a response nor a failure was recorded.
        case unusable
    }

    private let kind: Kind
    /// How long the real exchange took when recorded, if known.
    let duration: TimeInterval?
    /// Whether the response holds a placeholder that the live request's secrets turn back into a value.
    private let restores: Bool
    /// Whether a task's delegate is asked about this answer (see ``DelegateReplay``): it went through responses
    /// before the final one, or the final one is a redirect or a challenge.
    let asksDelegate: Bool
    /// Whether answering needs the live request's secrets: to restore placeholders, or to ask the delegate.
    var readsRequestSecrets: Bool { restores || asksDelegate }
    /// Prepares the answer of `interaction`; `placeholderMarkers` are ``Redaction/placeholderMarkers``, worked out
    /// once for the whole cassette.
    init(_ interaction: Interaction, placeholderMarkers: [String]) {
        duration = interaction.duration
        if let failure = interaction.failure {
            kind = .failure(failure)
            restores = false
            asksDelegate = false
        } else if let recorded = interaction.response {
            asksDelegate = !recorded.redirects.isEmpty || RedirectRequest.isFollowed(recorded.status)
                || (recorded.status == 401 && recorded.headers.value(caseInsensitiveKey: "WWW-Authenticate").flatMap(AuthenticationRequest.basicRealm) != nil)
            let body = recorded.body?.data ?? Data()
            let recordedURL = recorded.url == interaction.request.url ? nil : recorded.url
            kind = .response(status: recorded.status, headers: Self.lengthFollowing(body, in: recorded.headers), body: body,
                             httpVersion: recorded.httpVersion, recordedURL: recordedURL,
                             redirectedTo: recordedURL.flatMap(URL.init(string:)), redirects: recorded.redirects,
                             cookies: Self.setCookies(recorded.headers, recorded.redirects), stream: recorded.stream)
            restores = placeholderMarkers.contains { marker in
                recorded.url.containsBytes(of: marker) || recorded.headers.values.contains { $0.containsBytes(of: marker) }
                    || recorded.body?.data.firstOffset(of: Data(marker.utf8)) != nil
                    || recorded.redirects.contains { $0.headers.values.contains { $0.containsBytes(of: marker) } }
            }
        } else {
            kind = .unusable
            restores = false
            asksDelegate = false
        }
    }

    /// The responses before the final one (see ``RecordedRedirect``), as the app's session got them: the live
    /// request's `secrets` put back into their URLs and headers. Empty for a failure.
    func hops(secrets: SecretSet) -> [HTTPURLResponse] {
        guard case .response(_, _, _, let httpVersion, _, _, let redirects, _, _) = kind else { return [] }
        let restorer = secrets.restorer
        return redirects.compactMap { hop in
            let restored = restores ? hop.replacing(with: restorer, inURL: restorer) : hop
            return URL(string: restored.url).flatMap {
                HTTPURLResponse(url: $0, statusCode: restored.status, httpVersion: httpVersion, headerFields: restored.headers)
            }
        }
    }

    /// The outcome for a request to `url` that carried `secrets` (`nil` when the answer does not read them, see
    /// ``readsRequestSecrets``).
    ///
    /// A response that was not redirected answers from the URL the request actually went to, so placeholders in
    /// the stored URL never show through.
    func outcome(for url: URL, secrets: SecretSet?) -> Outcome {
        switch kind {
        case .response(let status, var headers, var body, let httpVersion, let recordedURL, var redirectedTo, let redirects,
                       var cookies, let stream):
            let stored = body
            if restores, let secrets {
                let restorer = secrets.restorer
                body = restorer.apply(to: body)
                headers = Self.lengthFollowing(body, in: headers.mapValues(restorer.apply))
                redirectedTo = recordedURL.flatMap { URL(string: restorer.apply(to: $0)) } ?? redirectedTo
                cookies = Self.setCookies(headers, redirects.map { $0.replacing(with: restorer, inURL: restorer) })
            }
            guard let response = HTTPURLResponse(url: redirectedTo ?? url, statusCode: status,
                                                 httpVersion: httpVersion, headerFields: headers) else {
                return .failure(URLError(.cannotParseResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]))
            }
            if let stream { return .stream(response, body, cookies: cookies, stream.fitted(from: stored, to: body)) }
            return .response(response, body, cookies: cookies)
        case .failure(let failure) where failure.isCancellation:
            return .heldOpen
        case .failure(let failure):
            return .failure(failure.urlError(for: url))
        case .unusable:
            return .failure(URLError(.cannotParseResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        }
    }
}

extension ReplayAnswer {
    /// `headers` with a `Content-Length` equal to the length of `body` when the body is not encoded: a placeholder,
    /// or a restored value, of another length than the recorded value changes it.
    static func lengthFollowing(_ body: Data, in headers: [String: String]) -> [String: String] {
        guard !body.isEmpty, headers.value(caseInsensitiveKey: "Content-Encoding") == nil,
              let name = headers.keys.first(where: { $0.equalsIgnoringASCIICase("Content-Length") }),
              headers[name] != String(body.count) else {
            return headers
        }
        var headers = headers
        headers[name] = String(body.count)
        return headers
    }

    /// The `Set-Cookie` values of `redirects` (from their URLs) and then of the response (from the URL it is
    /// delivered from), in the order the session stores them.
    static func setCookies(_ headers: [String: String], _ redirects: [RecordedRedirect]) -> [AppSession.SetCookie] {
        var cookies = redirects.compactMap { hop in
            AppSession.setCookie(in: hop.headers, from: URL(string: hop.url))
        }
        if let own = AppSession.setCookie(in: headers, from: nil) { cookies.append(own) }
        return cookies
    }
}

extension Redaction {
    /// Text that only a placeholder restored on replay contains: the stem of named placeholders (`<REDACTED:`) and
    /// of the literal secrets' placeholders, percent-encoded too.
    var placeholderMarkers: [String] {
        let stems = [InteractionSecret.named(placeholder, ""), Self.boundaryPlaceholder] + secrets.map(\.placeholder)
        var markers = stems.map { $0.hasSuffix(">") ? String($0.dropLast()) : $0 }
        for marker in markers {
            let encoded = InteractionSecret.percentEncoded(marker)
            if encoded != marker { markers.append(encoded) }
        }
        return markers
    }
}
