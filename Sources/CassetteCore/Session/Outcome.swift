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
