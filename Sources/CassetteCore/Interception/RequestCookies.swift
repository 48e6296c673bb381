import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// Whether URLSession gives this request the session's cookies. Apple's loading system honours the request's
    /// `httpShouldHandleCookies`; swift-corelibs-foundation never reads it (only the configuration's
    /// `httpShouldSetCookies`), so there a request that says `false` gets them all the same, on every hop of a
    /// redirect (pinned on Linux by `LiveFidelityTests`).
    var getsSessionCookies: Bool {
        #if canImport(FoundationNetworking)
        true
        #else
        httpShouldHandleCookies
        #endif
    }
}
