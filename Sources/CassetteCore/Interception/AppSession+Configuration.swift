import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AppSession {
    /// `request` with each of the configuration's `httpAdditionalHeaders` it does not set itself (its own header wins,
    /// names compared ignoring case), as URLSession sends it: the stored request holds what was sent, so a token there
    /// is redacted like one on the request. On swift-corelibs-foundation only the built-in HTTP protocol adds them, so
    /// a custom protocol never sees them; on Apple's platforms the request has them already, and this adds nothing.
    func addingAdditionalHeaders(to request: URLRequest) -> URLRequest {
        guard let additional = configuration.httpAdditionalHeaders, !additional.isEmpty else { return request }
        var request = request
        for (name, value) in Self.strings(additional) where request.value(forHTTPHeaderField: name) == nil {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    /// The timeouts the app's session would send a request with, which a recording uses (see ``Recorder``).
    var timeouts: Recorder.Timeouts {
        Recorder.Timeouts(request: configuration.timeoutIntervalForRequest, resource: configuration.timeoutIntervalForResource)
    }

    /// How long URLSession lets `request` wait for its answer: the request's own `timeoutInterval` when it is not
    /// URLRequest's default (60 s), else the configuration's `timeoutIntervalForRequest`, and never past
    /// `timeoutIntervalForResource`; 0 or less for none. A replay that waits (``ReplayLatency``) times out there.
    func timeout(of request: URLRequest) -> TimeInterval {
        let own = request.timeoutInterval
        let perRequest = own != Self.defaultRequestTimeout ? own : configuration.timeoutIntervalForRequest
        let resource = configuration.timeoutIntervalForResource
        guard resource > 0 else { return perRequest }
        return perRequest > 0 ? min(perRequest, resource) : resource
    }

    /// `URLRequest`'s default `timeoutInterval`.
    private static let defaultRequestTimeout = URLRequest(url: URL(fileURLWithPath: "/")).timeoutInterval

    /// Why a request from a task of `session` (found by ``CorelibsReflection/session(of:)``) cannot be recorded as
    /// that session would send it, or `nil` when it can.
    ///
    /// The cassette reads its own configuration (``configuration``) when a request runs. A session made from another
    /// configuration that lists the cassette's protocol class sends additional headers and timeouts that, on
    /// swift-corelibs-foundation, a protocol cannot see: recording would send the server another request than live,
    /// and replay could not put back a secret the server echoes from those headers. So while recording, the task's
    /// session's configuration is read, and a request whose session differs
    /// from the cassette's configuration in those settings fails at once, naming them. On Apple's platforms the
    /// request itself carries its session's headers, and nothing is checked.
    func unseenSettings(of session: URLSession?) -> Unservable? {
        #if canImport(FoundationNetworking)
        guard let session else { return nil }
        let theirs = session.configuration
        var differing: [String] = []
        if Self.strings(theirs.httpAdditionalHeaders ?? [:]) != Self.strings(configuration.httpAdditionalHeaders ?? [:]) {
            differing.append("httpAdditionalHeaders")
        }
        if theirs.timeoutIntervalForRequest != configuration.timeoutIntervalForRequest { differing.append("timeoutIntervalForRequest") }
        if theirs.timeoutIntervalForResource != configuration.timeoutIntervalForResource { differing.append("timeoutIntervalForResource") }
        guard !differing.isEmpty else { return nil }
        return Unservable(
            what: "a request from a session made from a configuration other than the cassette's, whose \(differing.joined(separator: ", ")) a URLProtocol cannot see on this platform (it would be recorded without them)",
            workaround: "make the session from the cassette's configuration (Cassette.current?.configuration, or the one useConfiguration gives) and set \(differing.joined(separator: ", ")) on it")
        #else
        return nil
        #endif
    }

    /// Header fields as strings (URLSessionConfiguration keeps them as `[AnyHashable: Any]`).
    private static func strings(_ fields: [AnyHashable: Any]) -> [String: String] {
        var strings: [String: String] = [:]
        for (name, value) in fields {
            strings[(name.base as? String) ?? String(describing: name.base)] = (value as? String) ?? String(describing: value)
        }
        return strings
    }
}
