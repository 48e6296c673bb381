import Foundation

/// When a cassette records real traffic and when it only replays.
///
/// | mode | cassette file exists | cassette file missing |
/// |---|---|---|
/// | ``never`` | replay; an unmatched request fails | fail |
/// | ``once`` | replay; an unmatched request fails | record everything |
/// | ``new`` | replay what matches, record what does not, keep the rest | record everything |
/// | ``all`` | record everything, replacing the file | record everything |
/// | ``drift`` | send everything live, compare each answer with its recording, write nothing | fail |
///
/// The mode comes from, in order: the `record:` of the call (`Cassette.use`, `withCassette`), of the `.cassette`
/// trait on the test, then on its suites (see ``CassetteOptions``); the `CASSETTE_RECORD` environment variable; and
/// the default: ``once``, or ``never`` when `CI` is set. ``automatic`` is that default, stated: it reads the
/// environment, and sets back a mode a suite chose.
///
/// A cassette recorded only by that default (no mode in code, no `CASSETTE_RECORD`, no `CI`) is saved, and then its
/// test fails with ``CassetteError/Code-swift.struct/recordedOnFirstRun``, saying that the next run replays it: a
/// test run whose environment does not reach the tests (`xcodebuild test` passes only `TEST_RUNNER_` variables)
/// never passes on the network unnoticed. A mode given explicitly (`record: .once`, `CASSETTE_RECORD=once`) records
/// and passes.
///
/// When two processes record into one cassette at once, each save re-reads the file under a lock and adds its new
/// recordings to it, so both are kept; in ``all`` the last process to save wins.
public struct RecordMode: Sendable, Hashable, CustomStringConvertible {
    private let kind: Kind

    private enum Kind: String, CaseIterable {
        case never, once, new, all, drift
        case automatic
    }

    /// Replay only; nothing is ever recorded.
    public static let never = RecordMode(kind: .never)
    /// Record a cassette whose file does not exist yet; otherwise replay only.
    public static let once = RecordMode(kind: .once)
    /// Replay what matches and record what does not, keeping the existing interactions.
    public static let new = RecordMode(kind: .new)
    /// Record everything again; the file is replaced, not appended to.
    public static let all = RecordMode(kind: .all)

    /// A check, not a recording: every request goes to the real network and the code under test gets the live
    /// answer; each answer is compared with the recording its request matches (status, content type, and for JSON
    /// the shape: keys and the kinds of values, never the values), every difference is a failure naming the
    /// request, and nothing is written. Run it on a schedule (`CASSETTE_RECORD=drift swift test`) to learn that the
    /// real API moved away from the recordings before users do.
    public static let drift = RecordMode(kind: .drift)

    /// No mode given: use `CASSETTE_RECORD` if set, else ``never`` when `CI` is set, else ``once``.
    public static let automatic = RecordMode(kind: .automatic)

    /// The environment variable that chooses the mode.
    public static let environmentVariable = "CASSETTE_RECORD"

    /// The values `CASSETTE_RECORD` accepts.
    public static let validValues = Kind.allCases.filter { $0 != .automatic }.map(\.rawValue)

    /// The mode's name, as `CASSETTE_RECORD` spells it.
    public var description: String { kind.rawValue }

    /// The mode named exactly `value`: `never`, `once`, `new`, `all` or `drift`, in lower case, without spaces.
    /// Anything else is an error listing the valid values; a value that differs from one only by case or by spaces
    /// around it (`ALL`, `" once"`) is not accepted either, and the error names the one it probably meant.
    public init(_ value: String) throws(CassetteError) {
        guard let kind = Kind(rawValue: value), kind != .automatic else {
            throw CassetteError(.invalidRecordMode,
                                "\(RecordMode.environmentVariable)=\"\(value)\" is not a record mode\(Self.hint(for: value)). Valid values: \(RecordMode.validValues.joined(separator: ", ")).")
        }
        self.kind = kind
    }

    /// For a value that names a mode but for its case or the spaces around it, which mode and why it was refused:
    /// ` (names are lower case: all)`; else nothing.
    private static func hint(for value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = trimmed.lowercased()
        guard validValues.contains(name) else { return "" }
        switch (trimmed == value, name == trimmed) {
        case (true, _): return " (names are lower case: \(name))"
        case (false, true): return " (names have no spaces around them: \(name))"
        case (false, false): return " (names are lower case, with no spaces around them: \(name))"
        }
    }

    private init(kind: Kind) {
        self.kind = kind
    }

    /// This mode, or for ``automatic`` the mode `environment` asks for: `CASSETTE_RECORD` if set and not empty,
    /// else ``never`` when `CI` is set (and not `false` or `0`), else ``once``.
    public func resolved(in environment: [String: String]) throws(CassetteError) -> RecordMode {
        try resolution(in: environment).mode
    }

    /// The mode ``resolved(in:)`` gives, and whether it is ``once`` only because nothing chose a mode: ``automatic``
    /// with neither `CASSETTE_RECORD` nor `CI` set. A cassette recorded that way fails its test once saved (see the
    /// type's documentation).
    package func resolution(in environment: [String: String]) throws(CassetteError) -> (mode: RecordMode, isDefault: Bool) {
        guard kind == .automatic else { return (self, false) }
        if let value = environment[Self.environmentVariable], !value.isEmpty {
            return (try RecordMode(value), false)
        }
        if let ci = environment["CI"], !ci.isEmpty, ci.lowercased() != "false", ci != "0" {
            return (.never, false)
        }
        return (.once, true)
    }

    /// This mode for a cassette that is only replayed (see ``CassetteDirectory/resources(of:folder:)``): ``never``
    /// for ``never`` and ``once``, which records nothing where the file exists; an error for a mode that records.
    func replayingOnly() throws(CassetteError) -> RecordMode {
        guard kind == .never || kind == .once else {
            throw CassetteError(.invalidRecordMode, """
                Record mode "\(self)" records, and cassettes in a bundle's resources are only replayed. Record where \
                the source tree is, into the folder the bundle copies (options: .init(directory: .at(...)) or \
                \(CassetteLocation.directoryVariable)), then build the tests again.
                """)
        }
        return .never
    }

    /// Whether a cassette in this mode replays interactions from an existing file.
    var replaysExisting: Bool { kind != .all }

    /// Whether an unmatched request may go to the real network, given whether the file existed.
    func records(fileExists: Bool) -> Bool {
        switch kind {
        case .never, .automatic: false
        case .once: !fileExists
        case .new, .all: true
        case .drift: fileExists
        }
    }
}
