import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The protocol `URLSession.shared` asks before the platform's HTTP protocol, so that a cassette opened with
/// ``CassetteScope/process`` answers what the code sends through it, through the same loading as the cassette's own
/// sessions: it is routed to the open process-scoped cassette as each cassette's own class is to its cassette (see
/// ``ProtocolRoutes``).
///
/// It takes an `http` or `https` request only while it is routed to an open process-scoped cassette (decided under
/// the routes' one lock, so never between a turn and its cassette); otherwise the platform's protocol answers, as if
/// it were not there. A request it declines while other cassettes are open went past them, and they say so
/// (``CassetteSession/notePassed(_:openCassettes:)``): code that uses `URLSession.shared` instead of the cassette's
/// session shows on the first run, not first in CI.
final class SharedSessionRouter: CassetteURLProtocol {
    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return ProtocolRoutes.takesSharedSessionRequest(request)
    }
}

/// Puts ``SharedSessionRouter`` where `URLSession.shared` asks it first, once per process, and says whether that
/// worked.
///
/// - On swift-corelibs-foundation `URLSession.shared` is made on first use (and by `invalidateAndCancel()` on any
///   session, which compares the session with it) with the registered classes as they are then, in that order, and
///   every session registers the built-in ones (appended) when it is made; a class
///   registered later stands behind `_HTTPURLProtocol` and is never asked. So the built-in classes are taken out,
///   the router registered, and they are registered again, which puts it ahead of them; then the shared session is
///   made (if it was not yet) and its list checked by order. A shared session made before any other session lists
///   no class and asks the registry at request time, where the router is now first. One made after another session,
///   before this ran, lists the built-in classes without the router, for the life of the process: opening a process
///   scope then fails (``CassetteError/Code-swift.struct/sharedSessionUnreachable``). Sessions made from `.default`
///   or `.ephemeral` list `_HTTPURLProtocol` themselves and are never reached. (Pinned in child processes by
///   `SharedSessionCaptureTests`.)
/// - On Apple's platforms the registered classes are asked at request time, the last registered first (Apple's
///   documentation of `URLProtocol.registerClass(_:)`), and the default and ephemeral configurations are given the
///   router too (see ``DefaultConfigurations``).
///
/// It runs as early as the harness can: when the `.cassette` trait prepares its tests (before any test runs), when
/// the process's first cassette opens, or when the code calls ``CassetteScope/prepare()``.
package enum SharedSessionCapture {
    /// What the first installation found; later calls give it back. Installed under the lock, so once.
    private static let verdict = LockedBox<Result<Void, CassetteError>?>(nil)

    /// Installs the router (the first time), and whether `URLSession.shared` asks it.
    @discardableResult
    package static func install() -> Result<Void, CassetteError> {
        verdict.withLock { verdict in
            if let verdict { return verdict }
            let made = make()
            verdict = made
            return made
        }
    }

    private static func make() -> Result<Void, CassetteError> {
        #if canImport(FoundationNetworking)
        let builtins = URLSessionConfiguration.default.protocolClasses ?? []
        for builtin in builtins { URLProtocol.unregisterClass(builtin) }
        _ = URLProtocol.registerClass(SharedSessionRouter.self)
        for builtin in builtins { _ = URLProtocol.registerClass(builtin) }
        guard asksRouterFirst(URLSession.shared.configuration.protocolClasses ?? [], builtins: builtins) else {
            return .failure(CassetteError(.sharedSessionUnreachable, """
                URLSession.shared cannot reach a cassette in this process: swift-corelibs-foundation made it \
                (on its first use, or when any session's invalidateAndCancel() ran) after another session and \
                before the harness could register its protocol, and keeps a shared session's protocols as they \
                were then, its own HTTP protocol first, so its requests would reach the network. Call \
                try CassetteScope.prepare() at the start of the test process (the .cassette trait does it while \
                tests are planned, and so does the process's first cassette); or send the requests through the \
                cassette's own session.
                """))
        }
        return .success(())
        #else
        _ = URLProtocol.registerClass(SharedSessionRouter.self)
        DefaultConfigurations.install()
        return .success(())
        #endif
    }

    /// Whether a session whose configuration lists `classes` asks the router before the built-in HTTP protocol
    /// (the first of `builtins`): it lists the router ahead of them, or lists nothing and asks the registry, where
    /// ``install()`` put the router ahead.
    static func asksRouterFirst(_ classes: [AnyClass], builtins: [AnyClass]) -> Bool {
        guard !classes.isEmpty else { return true }
        guard let router = classes.firstIndex(where: { $0 == SharedSessionRouter.self }) else { return false }
        let firstBuiltin = classes.firstIndex { listed in builtins.contains { $0 == listed } }
        return firstBuiltin.map { router < $0 } ?? true
    }
}
