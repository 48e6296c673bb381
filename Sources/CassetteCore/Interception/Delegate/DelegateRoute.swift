import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the app's delegate is asked about one task's redirects and challenges, on record and on replay.
enum DelegateRoute: Sendable {
    /// Not at all: the task has no delegate (swift-corelibs-foundation shows it), so redirects are followed and
    /// challenges declined, as its session does.
    case none
    /// The task's delegate, asked directly (swift-corelibs-foundation, see ``TaskDelegate``).
    case task(TaskDelegate)
    /// The loading system, through the protocol's client (Apple's platforms, see ``ClientRoute``): it asks the
    /// session's or task's delegate itself, and starts the request a followed redirect leads to.
    case client(ClientRoute)

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
        if case .client = self { return true }
        return false
    }
}
