import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the cassette protocol hands its client for one request.
enum Outcome: Sendable {
    /// A response and its complete body.
    case response(HTTPURLResponse, Data)
    /// A failure: a replayed transport error, or the cassette's own error.
    case failure(any Error)
}
