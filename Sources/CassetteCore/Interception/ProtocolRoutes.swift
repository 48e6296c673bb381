import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a request finds its cassette: each open cassette has a `URLProtocol` class of its own.
///
/// Design note. A protocol sees its request and (on some platforms) its task, but no public API leads from either
/// to the session or configuration it came from: corelibs keeps `URLSessionTask.session` internal, Apple's
/// `NSURLSessionTask` is not a Swift class `Mirror` can read, Apple's loading system does not consult a session's
/// `URLCache` for custom protocols, and a configuration's `httpAdditionalHeaders` reach a custom protocol on Apple's
/// platforms but not on Linux. What both platforms do, publicly, is instantiate the protocol classes listed in the
/// session's `configuration.protocolClasses`, and a protocol always knows its own class (`type(of: self)`). So every
/// cassette's configuration lists a class made for it alone, and ``cassette(for:)`` maps that class back to the
/// cassette: one lock and one dictionary lookup per request, the same on Linux and Apple's platforms. Routing itself
/// reflects on nothing (`RoutingTests.routesWithoutATask` routes a protocol that has no task at all). Other steps of
/// answering do read corelibs internals by reflection, each pinned by a test: an upload task's body
/// (``UploadTaskBody``, for every upload task, replayed or recorded), and the work queue an answer given after
/// `startLoading()` is delivered on (``ClientQueues``: once per recording cassette, and once per replay that waits).
///
/// The classes are instantiations of the generic ``RoutedURLProtocol``, made at run time by nesting two generic
/// tags around a root: the cassette numbered `n` gets the tags for `n`'s binary digits (`Bit1<Bit0<Bit1<Root>>>`
/// for 5), so each class is distinct and its type is at most 64 levels deep. Numbers only grow: a class is never
/// handed to a second cassette, so a session kept past its cassette's end gets a clear "closed" error, never the
/// answers of another test's cassette. The cost is the runtime's metadata for one class per cassette opened, never
/// freed, and a small entry here: measured on Linux in a release build, 3.4 µs and about 1 KB per class (100,000
/// classes), next to the hundreds of microseconds a test's session costs anyway.
enum ProtocolRoutes {
    private struct Table {
        /// The routes to open cassettes, by protocol class: as many as are open at once, which is what the shared
        /// session's requests past them look through.
        var open: [ObjectIdentifier: CassetteSession] = [:]
        /// The files of the cassettes that ended, by protocol class, one for every cassette the process opened: kept
        /// so that a late request is told which cassette it belonged to.
        var closed: [ObjectIdentifier: URL] = [:]
        var opened: UInt64 = 0
    }

    private static let table = LockedBox(Table())

    /// A protocol class no cassette has used before, for a new cassette's configuration.
    static func newProtocolClass() -> CassetteURLProtocol.Type {
        let number = table.withLock { table in
            table.opened &+= 1
            return table.opened
        }
        var tag: any RouteTag.Type = Root.self
        var rest = number
        while rest > 0 {
            tag = tagging(tag, withBit: rest & 1 == 1)
            rest >>= 1
        }
        return protocolClass(tagged: tag)
    }

    /// Routes the requests of `protocolClass` to `cassette`.
    static func open(_ protocolClass: CassetteURLProtocol.Type, to cassette: CassetteSession) {
        table.withLock { table in
            table.closed[ObjectIdentifier(protocolClass)] = nil
            table.open[ObjectIdentifier(protocolClass)] = cassette
        }
    }

    /// Ends the route of `protocolClass`: later requests fail with a message that names `file`.
    static func close(_ protocolClass: CassetteURLProtocol.Type, file: URL) {
        table.withLock { table in
            table.open[ObjectIdentifier(protocolClass)] = nil
            table.closed[ObjectIdentifier(protocolClass)] = file
        }
    }

    /// The cassette a protocol of class `protocolClass` answers from, or why there is none.
    static func cassette(for protocolClass: URLProtocol.Type) -> Result<CassetteSession, CassetteError> {
        let route = ObjectIdentifier(protocolClass)
        let (cassette, closedFile) = table.withLock { table -> (CassetteSession?, URL?) in
            if let cassette = table.open[route] { return (cassette, nil) }
            return (nil, table.closed[route])
        }
        if let cassette { return .success(cassette) }
        if let closedFile {
            return .failure(CassetteError(.unroutedRequest,
                                          "the request came from a session made for this cassette after the cassette closed (its Cassette.use call or test had returned). Make sessions inside the body, and finish their requests before it returns.",
                                          cassette: closedFile))
        }
        return .failure(CassetteError(.unroutedRequest,
                                      "the request came from a session that no cassette owns. Use the session (or configuration) that the .cassette trait, Cassette.use or the XCTest helper gives you, and keep its protocolClasses."))
    }

    /// Whether ``SharedSessionRouter`` takes `request`: it is routed to an open process-scoped cassette. When it is
    /// not, the open cassettes are told that `request` went past them.
    static func takesSharedSessionRequest(_ request: URLRequest) -> Bool {
        let open = table.withLock { table -> [CassetteSession]? in
            table.open[router] == nil ? Array(table.open.values) : nil
        }
        guard let open else { return true }
        let files = open.map(\.settings.file)
        for cassette in open { cassette.notePassed(request, openCassettes: files) }
        return false
    }

    /// Whether a process-scoped cassette is open and routed (see ``SharedSessionRouter``).
    static var routesSharedSession: Bool {
        table.withLock { $0.open[router] != nil }
    }

    /// The route of ``SharedSessionRouter``.
    private static let router = ObjectIdentifier(SharedSessionRouter.self)

    private static func tagging<Tag: RouteTag>(_ tag: Tag.Type, withBit bit: Bool) -> any RouteTag.Type {
        bit ? Bit1<Tag>.self : Bit0<Tag>.self
    }

    private static func protocolClass<Tag: RouteTag>(tagged tag: Tag.Type) -> CassetteURLProtocol.Type {
        RoutedURLProtocol<Tag>.self
    }
}

/// A type that tells one cassette's protocol class from every other's (see ``ProtocolRoutes``).
protocol RouteTag {}

/// The innermost tag.
enum Root: RouteTag {}

/// A binary digit 0, in front of the digits `Rest` stands for.
enum Bit0<Rest: RouteTag>: RouteTag {}

/// A binary digit 1, in front of the digits `Rest` stands for.
enum Bit1<Rest: RouteTag>: RouteTag {}

/// The protocol class of one cassette: everything is inherited from ``CassetteURLProtocol``; `Tag` makes the class
/// distinct.
final class RoutedURLProtocol<Tag: RouteTag>: CassetteURLProtocol {}
