import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a cassette says about requests that went past it to the network instead of through it: sent by
/// `URLSession.shared`, or by a session made from another configuration.
struct BypassReport: Sendable {
    let settings: CassetteSettings
    let opened: OpenedCassette

    /// The failure naming a request that went past the cassette, when the body's `error` is a network error (no
    /// connection, no host, a timeout, TLS) that this cassette cannot have given: it reaches no network, it injects no
    /// ``Fault``, its latency times nothing out, and no recording of it ends with that code (a failure, a stream cut
    /// short or held open). Such a request was sent by `URLSession.shared` or a session made from another
    /// configuration, and failed for want of a network (as in CI). `nil` for any other error, and for a cassette that
    /// records (a bypassing request then succeeds, and only "Nothing was recorded" can tell).
    ///
    /// The network error may be wrapped by the code under test (see ``CarriedErrors``).
    func failure(for error: (any Error)?) -> CassetteError? {
        guard let error, !opened.recordsMisses, settings.options.faults.isEmpty,
              let nsError = CarriedErrors.first(in: error, CarriedErrors.urlError) else { return nil }
        guard Self.connectionFailures.contains(nsError.code),
              nsError.code != URLError.timedOut.rawValue || settings.options.latency == .immediate,
              !opened.previous.contains(where: { Self.mayGive($0, code: nsError.code) }) else {
            return nil
        }
        let failingURL = (nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL)
            ?? (nsError.userInfo["NSErrorFailingURLStringKey"] as? String).flatMap(URL.init(string:))
        let place = failingURL.map { url in
            " for " + URLParts.withoutQuery(settings.options.redaction.redact(RecordedRequest(URLRequest(url: url), body: nil)).stored.url)
        } ?? ""
        let wrapping = CarriedErrors.urlError(error) == nil ? " (wrapped in \(type(of: error)))" : ""
        return CassetteError(.bypassedCassette, """
            \(settings.opener.entryPoint.thrower) threw URLError \(nsError.code)\(place)\(wrapping), which this cassette cannot have given: in record mode \
            "\(settings.mode)" it reaches no network and holds no recorded failure with that code. The request went \
            past the cassette (sent by URLSession.shared, or by a session made from another configuration) and failed \
            for want of a network. Send it through the session or configuration the cassette gives \(settings.opener.entryPoint.body) (see "What a \
            cassette cannot see" in the CassetteTesting documentation, ReplayComparedWithLive.md).
            """, cassette: settings.file)
    }

    /// The warning for `request`, seen going through `URLSession.shared` past this cassette while `openCassettes`
    /// were open and no process-scoped one was (the request may be another test's running beside; in CI, where there
    /// is no network, the failure the body then throws is ``failure(for:)``); and the place it names, method and URL,
    /// by which a request is noted once. The URL is redacted with the cassette's rules and `learned`, and shown
    /// without its query.
    func passedWarning(_ request: URLRequest, learned: [InteractionSecret], openCassettes: [URL]) -> (place: String, warning: CassetteError) {
        let shown = settings.options.redaction.redact(RecordedRequest(request, body: request.httpBody), learned: learned).stored
        let place = "\(shown.method) \(URLParts.withoutQuery(shown.url))"
        let others = openCassettes.filter { $0 != settings.file }
        let warning = CassetteError(.bypassedCassette, """
            \(place) was sent through URLSession.shared (or, on Apple's platforms, a session made from .default or \
            .ephemeral), past \(others.isEmpty ? "this cassette" : "the \(openCassettes.count) cassettes open then (this one, \(others.map(\.path).joined(separator: ", ")))"): \
            such a request reaches the network unless a cassette opened with scope: .process is open. If it is this \
            test's, send it through the cassette's session, or open the cassette with options: .init(scope: .process).
            """, cassette: settings.file)
        return (place, warning)
    }

    /// Whether replaying `interaction` may end in the `URLError` `code`: its recorded failure, the end of a stream
    /// cut short, or the timeout of a request or stream held open (one the app cancelled live).
    private static func mayGive(_ interaction: Interaction, code: Int) -> Bool {
        if let failure = interaction.failure {
            return failure.isCancellation ? code == URLError.timedOut.rawValue : failure.code == code
        }
        switch interaction.response?.stream?.end {
        case .failed(let end)?: return end == code
        case .cancelled?: return code == URLError.timedOut.rawValue
        default: return false
        }
    }

    /// The `URLError` codes of a request that found no network: what a request past the cassette gets in CI.
    private static let connectionFailures: Set<Int> = [
        URLError.cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed, .notConnectedToInternet,
        .timedOut, .secureConnectionFailed, .cannotLoadFromNetwork, .internationalRoamingOff, .dataNotAllowed,
    ].reduce(into: []) { $0.insert($1.rawValue) }
}
