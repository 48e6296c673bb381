import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Who answers an authentication challenge the recorder's own session gets (see ``RecordingDelegate``): whoever
/// answers it for the app's session live.
///
/// Live, URLSession asks the app's delegate, and without one handles the challenge by default. While recording, the
/// challenge comes to the recorder's session instead, so the recorder decides who is asked:
/// - an HTTP challenge (a `401` asking for Basic, Digest or another HTTP scheme) is the app's: its delegate gives a
///   credential or declines (``TaskDelegate`` on swift-corelibs-foundation, the loading system on Apple's platforms,
///   see ``ClientRoute``), and the recorder sends what it decided;
/// - the server's certificate (server trust) is the app's delegate's to judge when it implements the challenge
///   method (a test that trusts a self-signed certificate, certificate pinning): on Apple's platforms the loading
///   system asks it, and answers by default when there is none; swift-corelibs-foundation never raises it;
/// - everything else (a client certificate, NTLM, Negotiate, an HTTP scheme with no response to show) gets
///   `.performDefaultHandling`, as an app session with no delegate for it would. Declining it instead, as the
///   recorder once did, cancels the task on Apple's platforms, where the recorder's session gets a server-trust
///   challenge for every HTTPS connection (Apple's documentation of `urlSession(_:task:didReceive:completionHandler:)`:
///   with no session-level method, session-wide challenges come to the task-level one).
///
/// The recorder implements only the task-level method on purpose: a session-level one would receive server trust
/// with no task, and so no app, to ask.
enum RecorderChallenge {
    /// Who answers a challenge.
    enum Owner: Equatable {
        /// The app's delegate, about the `401` that carries the challenge.
        case app(HTTPURLResponse)
        /// The app's delegate, if it judges certificates; the platform otherwise.
        case serverTrust
        /// The platform's default handling.
        case platform
    }

    /// The authentication methods whose challenges come with an HTTP response asking for credentials.
    static let httpMethods: Set<String> = [
        NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault,
        NSURLAuthenticationMethodHTMLForm,
    ]

    /// `NSURLAuthenticationMethodServerTrust`, whose value Apple's Foundation defines as its own name; swift-corelibs-
    /// foundation declares it unavailable (it has no Security framework) but its challenges would carry the same.
    static let serverTrustMethod: String = {
        #if canImport(FoundationNetworking)
        "NSURLAuthenticationMethodServerTrust"
        #else
        NSURLAuthenticationMethodServerTrust
        #endif
    }()

    /// Who answers a challenge for `space` that came with `failureResponse`.
    static func owner(of space: URLProtectionSpace, failureResponse: URLResponse?) -> Owner {
        if space.authenticationMethod == serverTrustMethod { return .serverTrust }
        guard httpMethods.contains(space.authenticationMethod), let failure = failureResponse as? HTTPURLResponse else {
            return .platform
        }
        return .app(failure)
    }
}
