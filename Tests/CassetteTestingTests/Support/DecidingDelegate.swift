import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session delegate that decides redirects and challenges the way an app's does, and logs each question it was
/// asked, with what a delegate can read from it, as lines the fidelity suite compares.
final class DecidingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    /// What it does with a redirect.
    enum RedirectPolicy: Sendable {
        case follow
        case stop
        /// Sends the redirect to `path` on the same server instead, with `header` added.
        case rewrite(path: String, header: (name: String, value: String))
    }

    /// What it answers each challenge with, in turn (the last one repeats).
    enum ChallengeAnswer: Sendable {
        case credential(user: String, password: String)
        case cancel
        case reject
        case performDefaultHandling
    }

    private let redirects: RedirectPolicy
    private let challenges: [ChallengeAnswer]
    private let state = LockedBox<(log: [String], challenges: Int)>(([], 0))

    init(redirects: RedirectPolicy = .follow, challenges: [ChallengeAnswer] = [.cancel]) {
        self.redirects = redirects
        self.challenges = challenges
    }

    /// A delegate with the same policies and nothing asked yet.
    func fresh() -> DecidingDelegate { DecidingDelegate(redirects: redirects, challenges: challenges) }

    /// The questions asked so far, in order.
    var log: [String] { state.withLock { $0.log } }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let body = request.httpBody.map { " body \($0.count) bytes" } ?? ""
        state.withLock {
            $0.log.append("redirect \(response.statusCode) \(response.url?.path ?? "-") -> \(request.httpMethod ?? "-") \(request.url?.absoluteString ?? "-")\(body)")
        }
        switch redirects {
        case .follow:
            completionHandler(request)
        case .stop:
            completionHandler(nil)
        case .rewrite(let path, let header):
            var rewritten = request
            var components = URLComponents(url: request.url!, resolvingAgainstBaseURL: true)!
            let parts = path.split(separator: "?", maxSplits: 1)
            components.path = String(parts[0])
            components.percentEncodedQuery = parts.count > 1 ? String(parts[1]) : nil
            rewritten.url = components.url
            rewritten.setValue(header.value, forHTTPHeaderField: header.name)
            completionHandler(rewritten)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let space = challenge.protectionSpace
        let answer = state.withLock { state -> ChallengeAnswer in
            state.log.append("challenge \(space.authenticationMethod) realm \(space.realm ?? "-") \(space.protocol ?? "-")://\(space.host):\(space.port) failures \(challenge.previousFailureCount) proposed \(challenge.proposedCredential?.user ?? "-") failure \((challenge.failureResponse as? HTTPURLResponse)?.statusCode ?? 0)")
            defer { state.challenges += 1 }
            return challenges[min(state.challenges, challenges.count - 1)]
        }
        switch answer {
        case .credential(let user, let password):
            completionHandler(.useCredential, URLCredential(user: user, password: password, persistence: .forSession))
        case .cancel:
            completionHandler(.cancelAuthenticationChallenge, nil)
        case .reject:
            completionHandler(.rejectProtectionSpace, nil)
        case .performDefaultHandling:
            completionHandler(.performDefaultHandling, nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        // What the task holds when it ends: a delegate (Alamofire's) reads its response here, even when it failed.
        let response = task.response as? HTTPURLResponse
        let challenge = response?.value(forHTTPHeaderField: "WWW-Authenticate") == nil ? "" : " with a challenge"
        state.withLock {
            $0.log.append("complete: response \(response.map { "\($0.statusCode)" } ?? "none")\(challenge), error \(error.map { "\(($0 as NSError).code)" } ?? "none")")
        }
    }
}

/// A ``DecidingDelegate`` that is also a data delegate and reads the body piece by piece, as Alamofire's session
/// delegate is: the task runs on its delegate alone (no completion handler), and ``run(_:on:)`` observes what the
/// delegate saw, the task's response when it ended included.
final class PieceReadingDecider: NSObject, URLSessionDataDelegate, Sendable {
    private let decider: DecidingDelegate
    private let body = LockedBox(Data())
    private let completion = Completion()

    init(_ decider: DecidingDelegate) {
        self.decider = decider.fresh()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        body.withLock { $0.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        decider.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        decider.urlSession(session, task: task, didReceive: challenge, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        decider.urlSession(session, task: task, didCompleteWithError: error)
        completion.finish()
    }

    /// Sends `request` on a session made from `configuration` with this delegate; what the delegate saw.
    func run(_ request: URLRequest, on configuration: URLSessionConfiguration) async -> Observation {
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request).resume()
        await completion.wait()
        return Observation(notes: decider.log + ["body \(body.withLock { $0.count }) bytes"], session: session)
    }
}
