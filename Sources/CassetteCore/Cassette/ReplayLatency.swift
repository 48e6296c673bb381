import Foundation

/// How long replay waits before it answers: at once (the default), as long as the real exchange took when it was
/// recorded (scaled, if asked), or a fixed time, so that timeouts, spinners and loading states can be tested.
///
/// A wait at least as long as the request's `timeoutInterval` ends at that interval with `URLError(.timedOut)`,
/// as a server that slow would. A task cancelled while it waits fails as cancelled.
///
/// ```swift
/// try await Cassette.use("feed", options: .init(latency: .recorded)) { session in ... }   // as slow as when recorded
/// try await Cassette.use("feed", options: .init(latency: .fixed(2))) { session in ... }   // two seconds, every request
/// ```
///
/// Recordings keep their duration (`duration`, in seconds) from the time they are made; ones recorded before that
/// was kept have none, and `recorded` answers them at once.
public struct ReplayLatency: Sendable, Hashable {
    private enum Kind: Sendable, Hashable {
        case immediate
        case recorded(scale: Double)
        case fixed(TimeInterval)
    }

    private let kind: Kind

    /// Answers at once.
    public static let immediate = ReplayLatency(kind: .immediate)
    /// Waits as long as the real exchange took when it was recorded.
    public static let recorded = ReplayLatency(kind: .recorded(scale: 1))

    /// Waits the recorded duration times `factor` (`0.5` for half as long). A negative factor counts as zero.
    public static func recorded(scaledBy factor: Double) -> ReplayLatency {
        ReplayLatency(kind: .recorded(scale: max(0, factor)))
    }

    /// Waits `seconds` before every answer. A negative time counts as zero.
    public static func fixed(_ seconds: TimeInterval) -> ReplayLatency {
        ReplayLatency(kind: .fixed(max(0, seconds)))
    }

    /// The wait before serving an interaction that took `recorded` seconds (`nil`: not known).
    func delay(recorded: TimeInterval?) -> TimeInterval {
        switch kind {
        case .immediate: 0
        case .recorded(let scale): (recorded ?? 0) * scale
        case .fixed(let seconds): seconds
        }
    }
}
