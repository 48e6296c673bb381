import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one ``StubServer`` answers and remembers. ``StubProtocol`` finds it by the request's host, so tests running
/// in parallel never share one: there is no process-wide "current handler".
final class StubRoute: Sendable {
    private static let routes = LockedBox<[String: StubRoute]>([:])

    private struct Log {
        var received: [URLRequest] = []
        var stops = 0
        var liveLoaders = 0
    }

    private let handler: StubServer.Handler
    private let log = LockedBox(Log())

    init(handler: @escaping StubServer.Handler) {
        self.handler = handler
    }

    static func register(_ route: StubRoute, host: String) {
        routes.withLock { $0[host] = route }
    }

    static func unregister(host: String) {
        routes.withLock { _ = $0.removeValue(forKey: host) }
    }

    static func route(host: String) -> StubRoute? {
        routes.withLock { $0[host] }
    }

    var received: [URLRequest] { log.withLock { $0.received } }
    var stops: Int { log.withLock { $0.stops } }
    var liveLoaders: Int { log.withLock { $0.liveLoaders } }

    /// Records `request` (its body read from a stream if the platform sent one) and asks the handler.
    func answer(_ request: URLRequest) -> StubServer.Response {
        var recorded = request
        if recorded.httpBody == nil, let stream = request.httpBodyStream { recorded.httpBody = Data(reading: stream) }
        let copy = recorded
        log.withLock { $0.received.append(copy) }
        return handler(recorded)
    }

    func loaderStarted() { log.withLock { $0.liveLoaders += 1 } }
    func loaderStopped() { log.withLock { $0.stops += 1 } }
    func loaderReleased() { log.withLock { $0.liveLoaders -= 1 } }
}

extension Data {
    /// The bytes of `stream`, read to its end.
    init(reading stream: InputStream) {
        self.init()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 { append(buffer, count: count) }
    }
}
