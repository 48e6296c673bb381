// The trait needs Swift Testing's `TestScoping` (Swift 6.1, Xcode 16.3).
#if canImport(Testing) && compiler(>=6.1)
import Foundation
import Locking
import Testing

/// A Swift Testing trait that runs each test with a cassette of its own: `@Test(.cassette)`, or on a suite,
/// `@Suite(.cassette)`, for every test in it.
///
/// ```swift
/// @Suite(.cassette) struct UserTests {
///     @Test func fetchesAUser() async throws {
///         let session = try #require(Cassette.current).session
///         let user = try await UserClient(session: session).user(id: 1)
///         #expect(user.id == 1)
///     }
///
///     @Test(.cassette("users/missing", record: .never)) func aMissingUserIs404() async throws { ... }
/// }
/// ```
///
/// Inside the test, ``Cassette/current`` is the cassette, with its ``Cassette/session`` and
/// ``Cassette/configuration``. Unless a trait names it, the cassette is named after the test's module, suite path
/// and function: `Cassettes/AppTests/UserTests/fetchesAUser.json`; `folder:` replaces the module's folder. Options a
/// test's trait leaves out come from the nearest suite's trait that gives them, then from the environment and the
/// defaults (see ``CassetteOptions``); a `Cassette.use` inside the test starts from the traits' options too.
///
/// Failures (a request with no recording, a transport error while recording, a cassette that cannot be read or
/// written) are recorded as issues at the test, each with its own message; the test's own errors pass through.
///
/// Parameterized tests get no cassette from the trait: Swift Testing does not tell a trait which case is running,
/// and the cases must not share one file. ``Cassette/current`` is `nil` in them (with a warning that says so, from
/// Swift 6.3); open a cassette per case in the body with `Cassette.use("…/\(id)")` (named after the case's
/// arguments), which takes the traits' options.
public struct CassetteTrait: TestTrait, SuiteTrait, TestScoping {
    /// The cassette, or `nil` to name it after the test.
    let source: Cassette.Source?
    /// The folder of derived names, or `nil` for the test's module.
    let folder: String?
    /// What this trait says; what it leaves out comes from the suites' traits (see ``CassetteOptions``).
    let options: CassetteOptions
    /// Tells this written trait from any other, also in the copies Swift Testing hands a suite's tests.
    let identity = UUID()

    /// Applies to every test in a suite, each with its own cassette.
    public var isRecursive: Bool { true }

    /// Runs while tests are planned: installs the harness's protocol where `URLSession.shared` asks first, so that a
    /// cassette with ``CassetteScope/process`` sees the shared session's requests.
    public func prepare(for test: Test) async throws {
        SharedSessionCapture.install()
    }

    /// Opens the test's cassette, runs the test with it as ``Cassette/current`` (and with the traits' options as
    /// the start of every `Cassette.use` inside), closes it and records what failed.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        var traits = test.traits.compactMap { $0 as? CassetteTrait }
        // Called directly rather than as one of the test's traits: this trait alone.
        if !traits.contains(where: { $0.identity == identity }) { traits = [self] }
        // A test inside a `.cassette` suite that has its own `.cassette` holds both (the suite's first): only the
        // last opens a cassette, with all of them merged, so the test does not run inside two.
        guard traits.last?.identity == identity else { return try await function() }
        let (source, options, owner) = Self.resolve(traits, for: test)
        let location = test.sourceLocation
        // The test is its file and function, as `Cassette.use` in it knows them (`#fileID`, `#function`).
        let opener = CassetteOpener(.trait, testName: DerivedName.component(test.name), test: "\(location.fileID) \(test.name)",
                                    owner: owner, testShown: "test \(test.name) at \(location.fileID):\(location.line)")
        if testCase?.isParameterized == true {
            // Warned after the case, unless it opened a cassette of its own (what the warning asks for).
            let opened = LockedBox(false)
            defer {
                #if compiler(>=6.3)
                if !opened.withLock({ $0 }) {
                    Issue.record(Comment(rawValue: Self.parameterizedMessage(test)), severity: .warning,
                                 sourceLocation: test.sourceLocation)
                }
                #endif
            }
            return try await CassetteOptions.withScoped(options, noticing: opened) {
                try await CassetteOpener.withEnclosing(opener) { try await function() }
            }
        }
        let cassette: Cassette
        do {
            cassette = try await Cassette.opened(source, options: options, filePath: location.pathOfFile, opener: opener)
        } catch {
            Issue.record(error, sourceLocation: test.sourceLocation)
            return
        }
        var bodyError: (any Error)?
        do {
            try await CassetteOptions.withScoped(options) { try await cassette.makeCurrent { try await function() } }
        } catch {
            bodyError = error
        }
        let ending = cassette.close(bodyError: bodyError)
        // An error the failures explain (the one the cassette gave a request) is not reported twice.
        let (failures, unexplained) = ending.reporting(bodyError: bodyError)
        for failure in failures {
            Issue.record(failure, sourceLocation: test.sourceLocation)
        }
        for warning in ending.warnings {
            // Warning issues are verified with Swift Testing 6.3, as for the parameterized-test warning above.
            #if compiler(>=6.3)
            Issue.record(Comment(rawValue: warning.description), severity: .warning, sourceLocation: test.sourceLocation)
            #else
            StandardError.write("warning: \(test.sourceLocation): " + warning.description)
            #endif
        }
        ending.writeSaved()
        if let unexplained { throw unexplained }
    }

    /// The cassette, options and file owner for `test`, from its cassette traits (outermost suite first): each option
    /// from the nearest trait that gives it; the nearest source (that trait's to share, see ``CassetteOpener``), else
    /// a name derived from the test (its own: owner `nil`).
    static func resolve(_ traits: [CassetteTrait], for test: Test) -> (Cassette.Source, CassetteOptions, owner: String?) {
        let options = traits.reduce(CassetteOptions()) { $0.overridden(by: $1.options) }
        if let giver = traits.last(where: { $0.source != nil }), let source = giver.source {
            return (source, options, "trait \(giver.identity)")
        }
        let folder = traits.last(where: { $0.folder != nil })?.folder ?? test.id.moduleName
        return (.named(folder + "/" + DerivedName.path(test.id.nameComponents)), options, nil)
    }

    static func parameterizedMessage(_ test: Test) -> String {
        let base = test.id.moduleName + "/" + DerivedName.path(test.id.nameComponents)
        return """
            The parameterized test \(test.name) runs without a cassette (Cassette.current is nil): Swift Testing does \
            not tell a trait which arguments a case has, and its cases must not share one file. Open one cassette \
            per case in the test, named after its arguments (it takes the options of the .cassette traits): \
            try await Cassette.use("\(base)/<the case's arguments>") { session in ... }, with the arguments \
            interpolated, e.g. "\(base)/\\(id)" for a parameter id.
            """
    }
}

extension Trait where Self == CassetteTrait {
    /// Runs the test (or each test of the suite) with a cassette of its own, named after its module, suite path
    /// and function.
    public static var cassette: Self { .cassette() }

    /// Runs the test (or each test of the suite) with a cassette of its own.
    ///
    /// Every option left out (`nil`) comes from the nearest suite's trait that gives it, then from the environment
    /// and the defaults (see ``CassetteOptions``); giving an option's default sets it back under a suite that
    /// changed it.
    ///
    /// - Parameters:
    ///   - source: The cassette's name, a path below the cassette directory (or a HAR file, see
    ///     ``Cassette/Source``); `nil` to name it after the test. On a suite, every test shares the one cassette:
    ///     use `folder` to keep them apart.
    ///   - folder: The folder of names derived from tests, in place of the test's module name: `"users"` gives
    ///     `users/UserTests/fetchesAUser`.
    ///   - record: When to record (see ``CassetteOptions/record``).
    ///   - matching: How requests find their recordings (see ``CassetteOptions/matching``).
    ///   - redaction: What never reaches the disk (see ``CassetteOptions/redaction``).
    ///   - options: Every other option (see ``CassetteOptions``); `record`, `matching` and `redaction` given as
    ///     arguments replace the same fields here. Unused recordings are a warning issue by default.
    public static func cassette(
        _ source: Cassette.Source? = nil,
        folder: String? = nil,
        record: RecordMode? = nil,
        matching: [RequestMatcher]? = nil,
        redaction: Redaction? = nil,
        options: CassetteOptions = CassetteOptions()
    ) -> Self {
        CassetteTrait(source: source, folder: folder,
                      options: options.overridden(record: record, matching: matching, redaction: redaction))
    }
}

extension SourceLocation {
    /// The full path of the file (its property's name changed in Swift 6.3).
    var pathOfFile: String {
        #if compiler(>=6.3)
        filePath
        #else
        _filePath
        #endif
    }
}
#endif
