import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the cassette protocol hands its client for one request.
///
/// `indirect`, like the other answers to a request (`CassetteSession.Answer`, its `Decision`, `ChainLinks.Link`,
/// `ReplayAnswer.Kind`): one reference wide, an outcome is passed and stored with a retain rather than with the copy
/// code the compiler writes for each payload at every site (for these enums, 2% of the module's code), at the cost
/// of an allocation each time one is made (a few per request).
indirect enum Outcome: Sendable {
    /// A response and its complete body, with the cookies the session must store when it is delivered: those of
    /// the response and, on replay, of the redirects before it (while recording, each redirect's cookies are
    /// stored as it happens).
    case response(HTTPURLResponse, Data, cookies: [AppSession.SetCookie])
    /// A failure: a transport error, or the cassette's own error.
    case failure(any Error)
    /// A response whose body stops after `data`, then `error` (an injected ``Fault``, or a recorded stream cut short).
    case truncated(HTTPURLResponse, Data, cookies: [AppSession.SetCookie], then: any Error)
    /// A replayed response whose body streamed: its pieces, their times and its end are `stream`'s, whose sizes add
    /// up to `data`'s (see ``StreamDelivery``).
    case stream(HTTPURLResponse, Data, cookies: [AppSession.SetCookie], RecordedStream)
    /// A replayed request the app cancelled live before any response came: nothing is delivered, as nothing came
    /// live; the request stays open until the app cancels it again, or its timeout passes (`URLError(.timedOut)`).
    case heldOpen
    /// A `401` whose challenge the app's delegate cancelled or rejected: the task fails as cancelled (see
    /// ``cancelledByDelegate(_:)``). A task that hears its body in pieces (a data delegate's, as Alamofire's is)
    /// holds the `401`, challenge header included, as its response then, as on swift-corelibs-foundation live.
    case refusedChallenge(HTTPURLResponse)
}

extension Outcome {
    /// The response the outcome hands the client, if any.
    var response: HTTPURLResponse? {
        switch self {
        case .response(let response, _, _), .truncated(let response, _, _, _), .stream(let response, _, _, _): response
        case .failure, .heldOpen, .refusedChallenge: nil
        }
    }

    /// What a real exchange hands the app: its response, body and `Set-Cookie` values, or, when the app's delegate
    /// cancelled the challenge the response is, the cancellation URLSession gives the task.
    ///
    /// A stream that did not complete ends as it did: cut by the network (its `URLError`), or cancelled.
    init(_ exchange: Recorder.Exchange) {
        guard !exchange.cancelledByDelegate else {
            self = .refusedChallenge(exchange.response)
            return
        }
        let cookies = AppSession.setCookie(in: exchange.response.headerFields, from: nil).map { [$0] } ?? []
        switch exchange.stream?.end {
        case nil, .complete?:
            self = .response(exchange.response, exchange.body, cookies: cookies)
        case .cancelled?:
            self = .truncated(exchange.response, exchange.body, cookies: cookies, then: URLError(.cancelled))
        case .failed(let code)?:
            self = .truncated(exchange.response, exchange.body, cookies: cookies, then: URLError(code: code, failingURL: exchange.response.url))
        }
    }

    /// The error of a task whose delegate cancelled an authentication challenge for `url`.
    static func cancelledByDelegate(_ url: URL?) -> URLError {
        URLError(code: URLError.cancelled.rawValue, failingURL: url, description: "cancelled")
    }
}

extension URLError {
    /// The error with the `URLError` code `code` (see ``URLError/Code/recorded(_:)``)
    /// for a request to `failingURL`, with both failing-URL keys URLSession sets, and `description` if given.
    init(code: Int, failingURL: URL?, description: String? = nil) {
        var info: [String: Any] = [:]
        if let description { info[NSLocalizedDescriptionKey] = description }
        if let failingURL {
            info[NSURLErrorFailingURLErrorKey] = failingURL
            info["NSErrorFailingURLStringKey"] = failingURL.absoluteString
        }
        self.init(.recorded(code), userInfo: info)
    }
}
