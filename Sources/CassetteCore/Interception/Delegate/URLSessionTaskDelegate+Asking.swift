import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The two questions ``TaskDelegate`` asks an app's delegate, with the answer URLSession gives itself when the
/// delegate has no method for it.
///
/// On swift-corelibs-foundation the methods are Swift requirements with default implementations (follow the
/// redirect; `.performDefaultHandling`). On Apple's platforms they are Objective-C `optional` requirements, called as
/// optionals; a delegate without one gets what Apple's documentation of each method says URLSession does then: it
/// follows the redirect (`urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`), and it
/// handles the challenge by default (`urlSession(_:task:didReceive:completionHandler:)`).
extension URLSessionTaskDelegate {
    /// Asks whether to follow `response` with `proposed`.
    func askRedirect(_ session: URLSession, _ task: URLSessionTask, _ response: HTTPURLResponse, _ proposed: URLRequest,
                     _ decided: @escaping @Sendable (URLRequest?) -> Void) {
        #if canImport(FoundationNetworking)
        urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: proposed, completionHandler: decided)
        #else
        if urlSession?(session, task: task, willPerformHTTPRedirection: response, newRequest: proposed, completionHandler: decided) == nil {
            decided(proposed)
        }
        #endif
    }

    /// Asks how to answer `challenge`.
    func askChallenge(_ session: URLSession, _ task: URLSessionTask, _ challenge: URLAuthenticationChallenge,
                      _ answered: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        #if canImport(FoundationNetworking)
        urlSession(session, task: task, didReceive: challenge, completionHandler: answered)
        #else
        if urlSession?(session, task: task, didReceive: challenge, completionHandler: answered) == nil {
            answered(.performDefaultHandling, nil)
        }
        #endif
    }
}
