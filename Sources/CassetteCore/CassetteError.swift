import Caching
import Foundation

/// The one error `CassetteCore` throws (and `CassetteTesting`, which re-exports it): what went wrong, with the
/// cassette, request and fix it concerns.
///
/// Every message is redacted: it never holds a secret the cassette's ``Redaction`` names.
///
/// A failure to read or write a cassette file in `Caching` arrives as a `CacheError`, kept as ``underlying``: the
/// message is that error's own text with the cassette's context around it. The two types have the same shape and
/// write their descriptions the same way (`ErrorDescription`), but stay separate public types, one per module:
/// each module's codes are its own, and `Caching` is usable without this module.
public struct CassetteError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is. A struct with static members, so new codes never break a caller's `switch`.
    /// (`CacheError.Code` is built the same way, for its own module.)
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The code's name.
        public var description: String { name }

        /// A cassette name that is empty, absolute, or climbs out of the cassette directory.
        public static let invalidName = Code("invalidName")
        /// `CASSETTE_RECORD` holds a value that is not a record mode.
        public static let invalidRecordMode = Code("invalidRecordMode")
        /// The tests run without their source tree (a device, Xcode Cloud), and no cassette directory was given.
        public static let sourceTreeMissing = Code("sourceTreeMissing")
        /// The cassette file is missing in a mode that does not record.
        public static let cassetteNotFound = Code("cassetteNotFound")
        /// The cassette file could not be read or decoded.
        public static let unreadableCassette = Code("unreadableCassette")
        /// The cassette file could not be written.
        public static let writeFailed = Code("writeFailed")
        /// A request matched no recorded interaction and could not be recorded.
        public static let noMatch = Code("noMatch")
        /// A request matched, but all its recorded responses were already replayed.
        public static let exhausted = Code("exhausted")
        /// A request reached the cassette protocol from a session no cassette owns.
        public static let unroutedRequest = Code("unroutedRequest")
        /// A task this platform does not let a cassette serve (a download on Linux, an upload whose body it hides).
        public static let unsupportedRequest = Code("unsupportedRequest")
        /// A request failed in transport (refused, DNS, TLS, timeout) while recording; nothing was saved.
        public static let transportError = Code("transportError")
        /// Another cassette open at the same time, of the same test or from the same place, has the file open, and
        /// one of the two records.
        public static let alreadyOpen = Code("alreadyOpen")
        /// Another test of this run opened the cassette file first: two tests never share a file by mistake (share one
        /// on purpose by opening it from one place: a suite's `.cassette("name")` trait, or one helper function).
        public static let usedByAnotherTest = Code("usedByAnotherTest")
        /// A cassette was recorded only because it was missing and nothing chose a record mode (see ``RecordMode``):
        /// it was saved, and the test fails this once; the next run replays it.
        public static let recordedOnFirstRun = Code("recordedOnFirstRun")
        /// A cassette that was to be recorded saw no request; nothing was written.
        public static let nothingRecorded = Code("nothingRecorded")
        /// A request was still in flight when the body of `Cassette.use` returned.
        public static let unfinishedRequest = Code("unfinishedRequest")
        /// Recorded interactions were never replayed (see ``UnusedInteractions``).
        public static let unusedInteractions = Code("unusedInteractions")
        /// Recordings are past their expiry and the mode cannot record them again (see ``Expiry``).
        public static let expiredRecordings = Code("expiredRecordings")
        /// In mode ``RecordMode/drift``, a live answer differs from its recording (or has none).
        public static let drift = Code("drift")
        /// On replay, the app's delegate decided a redirect or an authentication challenge otherwise than it did
        /// when the request was recorded (see `TaskDelegate`): what it now asks for was never recorded.
        public static let delegateDecidedOtherwise = Code("delegateDecidedOtherwise")
        /// The body threw a network error that the cassette cannot have given: one of its requests went past the
        /// cassette (`URLSession.shared`, or a session made from another configuration); or a request went through
        /// `URLSession.shared` while the cassette was open and no process-scoped one was (see ``CassetteScope``).
        public static let bypassedCassette = Code("bypassedCassette")
        /// A cassette with ``CassetteScope/process`` cannot see `URLSession.shared`'s requests in this process (see
        /// ``CassetteScope``).
        public static let sharedSessionUnreachable = Code("sharedSessionUnreachable")
        /// A synchronous entry point opened a cassette with ``CassetteScope/process`` while another one was open: only
        /// the asynchronous ones wait for their turn.
        public static let processScopeBusy = Code("processScopeBusy")
        /// A HAR file could not be read: it is not JSON, or an entry lacks what HAR requires.
        public static let invalidHAR = Code("invalidHAR")
    }

    /// What kind of failure this is.
    public var code: Code { storage.code }
    /// The cassette file concerned, when there is one.
    public var cassette: URL? { storage.cassette }
    /// A full explanation, including how to fix it.
    public var message: String { storage.message }
    /// The `Caching` error this one wraps, when reading or writing the cassette's file failed there.
    public var underlying: CacheError? { storage.underlying }

    /// Where the failing `Cassette.use` (or XCTest helper) was called, when the error comes from one.
    public var callSite: CallSite? { storage.callSite }

    /// The fields, behind one reference: the error passes through every `throws(CassetteError)` function of the
    /// module, and one reference wide it is copied with a retain, not with copy code for each field at every site.
    private let storage: Storage

    private final class Storage: Sendable {
        let code: Code
        let cassette: URL?
        let message: String
        let underlying: CacheError?
        let callSite: CallSite?

        init(_ code: Code, _ message: String, cassette: URL?, underlying: CacheError?, callSite: CallSite?) {
            self.code = code
            self.message = message
            self.cassette = cassette
            self.underlying = underlying
            self.callSite = callSite
        }
    }

    /// A place in the source: what `#fileID`, `#filePath`, `#line` and `#column` give at a call.
    public struct CallSite: Sendable, Hashable, CustomStringConvertible {
        /// The file as `Module/File.swift`.
        public let fileID: String
        /// The file's full path.
        public let filePath: String
        /// The line, from 1.
        public let line: Int
        /// The column, from 1.
        public let column: Int

        /// Creates a call site.
        public init(_ fileID: String, _ filePath: String, _ line: Int, _ column: Int) {
            self.fileID = fileID
            self.filePath = filePath
            self.line = line
            self.column = column
        }

        /// `Module/File.swift:line:column`.
        public var description: String { "\(fileID):\(line):\(column)" }
    }

    /// Creates an error.
    public init(_ code: Code, _ message: String, cassette: URL? = nil) {
        self.init(code, message, cassette: cassette, underlying: nil)
    }

    private init(_ code: Code, _ message: String, cassette: URL?, underlying: CacheError?, callSite: CallSite? = nil) {
        storage = Storage(code, message, cassette: cassette, underlying: underlying, callSite: callSite)
    }

    /// An error that adds the cassette's context to `underlying`, a failure of `Caching`: the message is `context`
    /// (if any), then the underlying error's text, unchanged (where in the file and why, and which file when it is
    /// not `cassette` itself, which the description names anyway), then `fix` (if any).
    package init(_ code: Code, wrapping underlying: CacheError, context: String? = nil, fix: String? = nil, cassette: URL) {
        let namesOtherFile = underlying.file.map { $0.standardizedFileURL.path != cassette.standardizedFileURL.path } ?? false
        let text = [underlying.description(namingFile: namesOtherFile), fix].compactMap { $0 }.joined(separator: " ")
        self.init(code, ErrorDescription.locating(text, after: context), cassette: cassette, underlying: underlying)
    }

    /// The explanation, starting with the call site and the cassette file when there are some.
    public var description: String {
        ErrorDescription.locating(message, after: callSite?.description, cassette.map { "Cassette \($0.path)" })
    }

    /// This error, attributed to `callSite` (unless it already names one).
    package func at(_ callSite: CallSite) -> CassetteError {
        guard self.callSite == nil else { return self }
        return CassetteError(code, message, cassette: cassette, underlying: underlying, callSite: callSite)
    }

    /// This error with `text` after its message.
    package func adding(_ text: String) -> CassetteError {
        CassetteError(code, message + text, cassette: cassette, underlying: underlying, callSite: callSite)
    }

    /// One error that stands for all of `failures`: the only one, or the first one's code with every message
    /// numbered; `nil` for none.
    package static func combining(_ failures: [CassetteError]) -> CassetteError? {
        guard let first = failures.first else { return nil }
        guard failures.count > 1 else { return first }
        let all = failures.enumerated().map { "\($0.offset + 1). \($0.element.message)" }.joined(separator: "\n")
        return CassetteError(first.code, "\(failures.count) requests failed:\n\(all)", cassette: first.cassette)
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
