import Foundation
import Locking
import Testing
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The challenges the recorder's own session gets are answered as the app's session would answer them live: an HTTP
/// challenge by the app's delegate, the server's certificate by it where the platform asks it, and the rest by
/// default. Declining what it does not own (as the recorder once did) cancels every HTTPS recording on Apple's
/// platforms, where the recorder's session is asked about server trust on each connection.
@Suite("Who answers the recorder's challenges")
struct RecorderChallengeTests {
    private static let unauthorized = HTTPURLResponse(url: URL(string: "https://api.test/me")!, statusCode: 401,
                                                      httpVersion: "HTTP/1.1", headerFields: ["WWW-Authenticate": #"Basic realm="R""#])!

    private static func space(_ method: String) -> URLProtectionSpace {
        URLProtectionSpace(host: "api.test", port: 443, protocol: "https", realm: nil, authenticationMethod: method)
    }

    @Test("HTTP schemes with their 401 are the app's; server trust the app's where it judges it; the rest the platform's")
    func owners() {
        for method in [NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault] {
            #expect(RecorderChallenge.owner(of: Self.space(method), failureResponse: Self.unauthorized) == .app(Self.unauthorized))
            #expect(RecorderChallenge.owner(of: Self.space(method), failureResponse: nil) == .platform)
        }
        #expect(RecorderChallenge.owner(of: Self.space("NSURLAuthenticationMethodServerTrust"), failureResponse: nil) == .serverTrust)
        for method in ["NSURLAuthenticationMethodClientCertificate", NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate] {
            #expect(RecorderChallenge.owner(of: Self.space(method), failureResponse: nil) == .platform)
            #expect(RecorderChallenge.owner(of: Self.space(method), failureResponse: Self.unauthorized) == .platform)
        }
    }

    @Test("the recorder's delegate answers what it does not own with .performDefaultHandling, never by cancelling", arguments: [
        "NSURLAuthenticationMethodServerTrust", "NSURLAuthenticationMethodClientCertificate", NSURLAuthenticationMethodNTLM,
        NSURLAuthenticationMethodNegotiate,
    ])
    func defaultHandling(_ method: String) async {
        let delegate = RecordingDelegate()
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "https://api.test/me")!)
        let challenge = URLAuthenticationChallenge(protectionSpace: Self.space(method), proposedCredential: nil, previousFailureCount: 0,
                                                   failureResponse: nil, error: nil, sender: NoSender())
        let answer = LockedBox<URLSession.AuthChallengeDisposition?>(nil)
        delegate.urlSession(session, task: task, didReceive: challenge) { disposition, _ in answer.withLock { $0 = disposition } }
        #expect(answer.withLock { $0 } == .performDefaultHandling)
    }
}

/// A challenge's sender the tests hand over: the delegate answers through its completion handler.
private final class NoSender: NSObject, URLAuthenticationChallengeSender {
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
    func cancel(_ challenge: URLAuthenticationChallenge) {}
    func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
}
