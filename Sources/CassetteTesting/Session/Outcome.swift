import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the cassette protocol hands its client for one request.
enum Outcome: Sendable {
    /// A response and its complete body, with the redirects whose cookies the session must still store (replay
    /// only: while recording, cookies of redirects are stored as each redirect happens).
    case response(HTTPURLResponse, Data, redirects: [RecordedRedirect])
    /// A failure: a transport error, or the cassette's own error.
    case failure(any Error)
}
