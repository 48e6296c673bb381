import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The redirects a cassette's protocol reported to Apple's loading system (see ``ClientRoute``), each waiting for the
/// request the system starts when the app's delegate follows it.
///
/// The reported request carries the link's token, and the request that follows takes the link and goes on with the
/// chain: one interaction holds the whole chain, whichever platform recorded or replays it. On Apple's platforms the
/// token is a protocol property (`URLProtocol.setProperty(_:forKey:in:)`), which the loading system keeps on the
/// request the delegate returns, copies included (Apple's CustomHTTPProtocol sample removes its own property from a
/// redirect's request for that very reason); a delegate that builds a new request from scratch drops it, and its
/// request is then a new one. swift-corelibs-foundation loses protocol properties when an `NSMutableURLRequest`
/// becomes a `URLRequest` (pinned by `ClientRouteTests`), so there, where only the tests take this route, the token
/// is a header that the protocol removes before anything reads the request.
struct ChainLinks: Sendable {
    /// What a followed redirect goes on with.
    indirect enum Link: Sendable {
        /// A replayed chain at this redirect: the questions left (the delegate's answer to this one is the request
        /// that follows, or `nil` when it stopped), and what the chain ends with.
        case replay(ChainReplay, outcome: Outcome, delay: TimeInterval, asks: CassetteSession.DelegateQuestions)
        /// A recording stopped at this redirect: the request that follows completes it (see
        /// ``CassetteRecording/Stopped``).
        case recording(CassetteRecording.Stopped)
    }

    /// The protocol property that holds a link's token.
    static let propertyKey = "CassetteCore.ChainLink"

    /// The links waiting, by token.
    private let links = LockedBox<[String: Link]>([:])

    /// Keeps `link` and gives `next`, the request a reported redirect proposes, carrying its token.
    func keep(_ link: Link, carriedBy next: URLRequest) -> URLRequest {
        let token = UUID().uuidString
        links.withLock { $0[token] = link }
        return Self.request(next, carrying: token)
    }

    /// The link whose token `request` carries, taken (each is followed once), and `request` as it is sent and
    /// matched (see ``withoutToken(_:)``). A request that carries no token, almost every one, takes no lock.
    func take(from request: URLRequest) -> (link: Link?, request: URLRequest) {
        guard let token = Self.token(of: request) else { return (nil, request) }
        return (links.withLock { $0.removeValue(forKey: token) }, Self.withoutToken(request))
    }

    /// Every link no request followed, taken.
    func takeAll() -> [Link] {
        links.withLock { links in
            defer { links = [:] }
            return Array(links.values)
        }
    }

    /// `request` carrying `token`.
    static func request(_ request: URLRequest, carrying token: String) -> URLRequest {
        #if canImport(FoundationNetworking)
        var carrying = request
        carrying.setValue(token, forHTTPHeaderField: propertyKey)
        return carrying
        #else
        guard let mutable = (request as NSURLRequest).mutableCopy() as? NSMutableURLRequest else { return request }
        URLProtocol.setProperty(token, forKey: propertyKey, in: mutable)
        return mutable as URLRequest
        #endif
    }

    /// The token `request` carries, if any.
    static func token(of request: URLRequest) -> String? {
        #if canImport(FoundationNetworking)
        request.headerValue(propertyKey)
        #else
        URLProtocol.property(forKey: propertyKey, in: request) as? String
        #endif
    }

    /// `request` as it is sent and matched: without the token where it is a header.
    static func withoutToken(_ request: URLRequest) -> URLRequest {
        #if canImport(FoundationNetworking)
        guard request.value(forHTTPHeaderField: propertyKey) != nil else { return request }
        var request = request
        request.setValue(nil, forHTTPHeaderField: propertyKey)
        return request
        #else
        request
        #endif
    }
}
