import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the app's delegate is asked about one task's redirects and challenges, on record and on replay.
enum DelegateRoute: Sendable {
    /// Not at all: redirects are followed and challenges declined, as a session with no delegate does (a task with
    /// none, as swift-corelibs-foundation shows it).
    case none
    /// The task's delegate, asked directly (swift-corelibs-foundation, see ``TaskDelegate``).
    case task(TaskDelegate)
    /// The loading system, through the protocol's client (Apple's platforms, see ``ClientRoute``): it asks the
    /// session's or task's delegate itself, and starts the request a followed redirect leads to. With
    /// `stopsAtRedirects`, a recording stops at each redirect for the system to ask; without (a drift check, which
    /// compares the chain's end), the recorder follows them, and only challenges go to the app.
    case client(ClientRoute, stopsAtRedirects: Bool)

    /// Whether the loading system asks the delegate, rather than the cassette: on Apple's platforms. (Tests on Linux
    /// choose ``ClientRoute`` for a cassette through ``CassetteOptions``' package-level `clientRoute`.)
    static let platformAsksThroughClient: Bool = {
        #if canImport(FoundationNetworking)
        false
        #else
        true
        #endif
    }()

    /// Whether a recording stops at each redirect, for the loading system to ask the app whether to follow it.
    var stopsAtRedirects: Bool {
        if case .client(_, true) = self { return true }
        return false
    }

    /// This route with the recorder following redirects itself.
    var followingRedirects: DelegateRoute {
        if case .client(let client, _) = self { return .client(client, stopsAtRedirects: false) }
        return self
    }
}
