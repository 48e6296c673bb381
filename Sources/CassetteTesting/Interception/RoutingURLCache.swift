import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `urlCache` of a cassette's session configuration: it caches nothing, and tells ``TaskRoutes`` which
/// cassette each of the session's tasks belongs to.
final class RoutingURLCache: URLCache, @unchecked Sendable {
    // The compiler requires restating URLCache's own `@unchecked Sendable`; this subclass adds no mutable state
    // (its one stored property is a `let` of a Sendable type).
    let cassette: CassetteSession

    init(cassette: CassetteSession) {
        self.cassette = cassette
        super.init(memoryCapacity: 0, diskCapacity: 0, diskPath: nil)
    }

    override func getCachedResponse(for dataTask: URLSessionDataTask,
                                     completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void) {
        TaskRoutes.note(dataTask, belongsTo: cassette)
        completionHandler(nil)
    }

    override func cachedResponse(for request: URLRequest) -> CachedURLResponse? { nil }

    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {}

    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for dataTask: URLSessionDataTask) {}
}
