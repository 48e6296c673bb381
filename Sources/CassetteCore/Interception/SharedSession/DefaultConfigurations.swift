import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// On Apple's platforms, sessions made from `URLSessionConfiguration.default` or `.ephemeral` while a process-scoped
/// cassette (``CassetteScope/process``) is open list ``SharedSessionRouter`` first, so that it sees the requests of
/// sessions the code makes itself (Alamofire's `AF`, SDKs that make their own session). Configurations made at any
/// other time are left as they are.
///
/// A session uses only its configuration's `protocolClasses` there, so registering a class does not reach such
/// sessions; AliSoftware/OHHTTPStubs (`OHHTTPStubs+NSURLSessionConfiguration.m`) and kean/Pulse reach them by
/// exchanging the class getters `defaultSessionConfiguration` and `ephemeralSessionConfiguration` for ones that
/// insert their protocol, once, through the Objective-C runtime; this does the same. The router declines every
/// request while no process scope is open, so a session made during one and used after behaves as before then.
/// Written from those peers' code and Apple's runtime documentation; not yet run on an Apple platform.
///
/// swift-corelibs-foundation has no Objective-C runtime, and its default configurations list its own HTTP protocol:
/// there nothing is installed, and such sessions are not reached (see ``CassetteScope``).
enum DefaultConfigurations {
    /// Makes the default and ephemeral configurations list the router first, once (``SharedSessionCapture`` calls
    /// it once, under its lock).
    static func install() {
        #if !canImport(FoundationNetworking) && canImport(ObjectiveC)
        exchange(#selector(getter: URLSessionConfiguration.default), #selector(URLSessionConfiguration.cassetteDefault))
        exchange(#selector(getter: URLSessionConfiguration.ephemeral), #selector(URLSessionConfiguration.cassetteEphemeral))
        #endif
    }

    #if !canImport(FoundationNetworking) && canImport(ObjectiveC)
    /// Exchanges the implementations of the class methods `original` and `replacement` of `URLSessionConfiguration`.
    private static func exchange(_ original: Selector, _ replacement: Selector) {
        guard let originalMethod = class_getClassMethod(URLSessionConfiguration.self, original),
              let replacementMethod = class_getClassMethod(URLSessionConfiguration.self, replacement) else { return }
        method_exchangeImplementations(originalMethod, replacementMethod)
    }
    #endif

    /// `configuration` with the router first in its `protocolClasses`, while a process-scoped cassette is open.
    static func routed(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        guard ProtocolRoutes.routesSharedSession else { return configuration }
        let others = (configuration.protocolClasses ?? []).filter { $0 != SharedSessionRouter.self }
        configuration.protocolClasses = [SharedSessionRouter.self] + others
        return configuration
    }
}

#if !canImport(FoundationNetworking) && canImport(ObjectiveC)
extension URLSessionConfiguration {
    /// The default configuration, routed; once exchanged, calling itself calls the original getter.
    @objc dynamic class func cassetteDefault() -> URLSessionConfiguration {
        DefaultConfigurations.routed(cassetteDefault())
    }

    /// The ephemeral configuration, routed; once exchanged, calling itself calls the original getter.
    @objc dynamic class func cassetteEphemeral() -> URLSessionConfiguration {
        DefaultConfigurations.routed(cassetteEphemeral())
    }
}
#endif
