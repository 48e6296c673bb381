import Foundation

/// How long recordings stay true: each new recording is due to be recorded again after an interval, and what a
/// run that cannot reach the network does with one that is due.
///
/// A recording carries its date as its cache entry's expiration (``Interaction/expiresAt``; a `beforeRecord` hook
/// may set another per interaction). When a cassette opens:
///
/// - in a mode that may reach the network (`once`, `new`, `all`), an expired recording is not replayed: its request
///   is recorded again, and the expired recording leaves the file when the cassette saves (one whose request the
///   run did not send stays, still expired);
/// - a drift check (``RecordMode/drift``) sends everything live and ignores expiry;
/// - in mode `never` (CI), an expired recording is never replayed silently: ``ExpiredPolicy/warn`` replays it and says
///   so, ``ExpiredPolicy/fail`` fails the test before its body runs, naming each one and the command that
///   records them again.
///
/// ```swift
/// try await Cassette.use("rates/today", options: .init(expiry: .after(days: 30))) { session in ... }
/// @Suite(.cassette(options: .init(expiry: .after(days: 7, otherwise: .fail)))) struct PricingTests { ... }
/// ```
public struct Expiry: Sendable, Hashable {
    /// How long a new recording stays valid, in seconds; infinite for ``never``.
    public var interval: TimeInterval
    /// What a run that cannot record does with an expired recording.
    public var otherwise: ExpiredPolicy

    /// Recordings never expire (the default).
    public static let never = Expiry(interval: .infinity, otherwise: .warn)

    /// Whether recordings made under this expiry expire at all.
    package var expires: Bool { interval.isFinite }

    /// Recordings made from now on expire `seconds` after they are made.
    public static func after(_ seconds: TimeInterval, otherwise: ExpiredPolicy = .warn) -> Expiry {
        Expiry(interval: max(0, seconds), otherwise: otherwise)
    }

    /// Recordings made from now on expire `days` days after they are made.
    public static func after(days: Double, otherwise: ExpiredPolicy = .warn) -> Expiry {
        after(days * 86_400, otherwise: otherwise)
    }
}

/// What a run that cannot record (mode `never`) does with an expired recording.
public enum ExpiredPolicy: Sendable, Hashable {
    /// Replays it, and says which recordings expired (like ``UnusedInteractions/warn``).
    case warn
    /// Fails before the test's body runs.
    case fail
}
