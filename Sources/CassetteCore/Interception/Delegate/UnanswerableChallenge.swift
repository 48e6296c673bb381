import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPURLResponse {
    /// The response as this platform's URLSession can deliver it.
    ///
    /// swift-corelibs-foundation turns a `401` it reads as a challenge (see ``AuthenticationRequest``) into an
    /// authentication challenge for the session's delegate, which the cassette has already asked (see
    /// ``TaskDelegate``); with no delegate, or one that gives no credential, it never completes the task, not even at
    /// its timeout, where Apple's platforms deliver the response. So on corelibs the `WWW-Authenticate` header of
    /// such a `401` is withheld from the client (the cassette keeps it) and the code under test gets the `401`, as it
    /// would on Apple's platforms. Any other `401`, and a `407`, is delivered as it is, as corelibs delivers it.
    var withoutUnanswerableChallenge: HTTPURLResponse {
        #if canImport(FoundationNetworking)
        guard statusCode == 401, let url, AuthenticationRequest.isChallenge(self) else { return self }
        var headers: [String: String] = [:]
        for (name, value) in allHeaderFields {
            let name = String(describing: name)
            if !name.equalsIgnoringASCIICase("WWW-Authenticate") { headers[name] = String(describing: value) }
        }
        return HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers) ?? self
        #else
        return self
        #endif
    }
}
