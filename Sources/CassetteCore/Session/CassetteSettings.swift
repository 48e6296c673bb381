import Foundation

/// Everything one `Cassette.use` call decided before its body runs: its resolved options and the file, mode and
/// opener they gave, in one immutable object that the cassette's jobs share rather than copy.
final class CassetteSettings: Sendable {
    let options: CassetteOptions.Resolved
    let file: URL
    let mode: RecordMode
    /// Who opened the cassette: the entry point and the test (named in re-record commands).
    let opener: CassetteOpener
    /// The file as the process's registry of cassette files knows it (see ``OpenCassettes``).
    let fileKey: OpenCassettes.Key
    /// The test file that opened the cassette (`#filePath`), which locates its package.
    let callerFilePath: String
    /// Whether ``mode`` is ``RecordMode/once`` only because nothing chose a mode (see
    /// ``RecordMode/resolution(in:)``): a cassette recorded so fails its test once saved.
    let recordsByDefault: Bool
    /// The interactions of a HAR file the cassette replays (``Cassette/Source/har(_:)``),
    /// already redacted; `nil` for a cassette file. Such a cassette never records.
    let preloaded: [Interaction]?

    init(_ options: CassetteOptions.Resolved, file: URL, mode: RecordMode, opener: CassetteOpener, fileKey: OpenCassettes.Key,
         callerFilePath: String, recordsByDefault: Bool, preloaded: [Interaction]?) {
        self.options = options
        self.file = file
        self.mode = mode
        self.opener = opener
        self.fileKey = fileKey
        self.callerFilePath = callerFilePath
        self.recordsByDefault = recordsByDefault
        self.preloaded = preloaded
    }

    /// How long new recordings stay valid, and what `never` does with expired ones; `nil` when they never expire.
    var expiry: Expiry? { options.expiry.expires ? options.expiry : nil }

    /// Whether the mode was set in code (a `record:` other than ``RecordMode/automatic``), which `CASSETTE_RECORD`
    /// does not override: a re-record command must say to set it back first.
    var modeSetInCode: Bool { options.record != .automatic && preloaded == nil }

    /// Whether the cassette is read from a bundle's resources (``CassetteDirectory/resources(of:folder:)``), which
    /// is never recorded into: a re-record command says where to record instead.
    var fromResources: Bool { options.directory.replaysOnly }

    /// The file as messages show it: relative to the package of the test that opened it, when it is inside.
    var shownPath: String { CassetteLocation.shown(file, filePath: callerFilePath) }

    /// The test to name in a re-record command, e.g. `fetchUser`.
    var testName: String { opener.testName }

    /// The other tests of this run that opened or tried to open the file, as messages name them.
    var otherTests: [String] {
        OpenCassettes.otherTests(of: fileKey, than: opener)
    }

    /// The command that records this cassette's test again in `mode`.
    func recordCommand(mode: RecordMode) -> String {
        guard preloaded == nil else {
            // A HAR file is only replayed: recording needs a cassette made from it.
            return "swift run cassette import-har \(file.path) <name>, then CASSETTE_RECORD=\(mode) swift test --filter \(testName) with Cassette.use(\"<name>\")"
        }
        let command = "\(RecordMode.environmentVariable)=\(mode) swift test --filter \(testName)"
        guard !fromResources else {
            return "\(command) where the source tree is, into the folder the test bundle copies (options: .init(directory: .at(...)) or \(CassetteLocation.directoryVariable)), then build the tests again"
        }
        guard modeSetInCode else { return command }
        return "\(command), after setting the test's record: .\(self.mode) back to .automatic (\(RecordMode.environmentVariable) does not override a mode set in code)"
    }
}
