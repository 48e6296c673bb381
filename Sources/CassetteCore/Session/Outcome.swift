import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the cassette protocol hands its client for one request.
enum Outcome: Sendable {
    /// A response and its complete body, with the cookies the session must store when it is delivered: those of
    /// the response and, on replay, of the redirects before it (while recording, each redirect's cookies are
    /// stored as it happens).
    case response(HTTPURLResponse, Data, cookies: [AppSession.SetCookie])
    /// A failure: a transport error, or the cassette's own error.
    case failure(any Error)
    /// A response whose body stops after `data`, then `error` (an injected ``Fault``).
    case truncated(HTTPURLResponse, Data, cookies: [AppSession.SetCookie], then: any Error)
}

extension Outcome {
    /// What a real exchange hands the app: its response, body and `Set-Cookie` values, or, when the app's delegate
    /// cancelled the challenge the response is, the cancellation URLSession gives the task.
    init(_ exchange: Recorder.Exchange) {
        guard !exchange.cancelledByDelegate else {
            self = .failure(Self.cancelledByDelegate(exchange.response.url))
            return
        }
        let setCookie = AppSession.setCookie(in: exchange.response.headerFields, from: nil)
        self = .response(exchange.response, exchange.body, cookies: setCookie.map { [$0] } ?? [])
    }

    /// The error of a task whose delegate cancelled an authentication challenge for `url`.
    static func cancelledByDelegate(_ url: URL?) -> URLError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "cancelled"]
        if let url {
            info[NSURLErrorFailingURLErrorKey] = url
            info["NSErrorFailingURLStringKey"] = url.absoluteString
        }
        return URLError(.cancelled, userInfo: info)
    }
}
