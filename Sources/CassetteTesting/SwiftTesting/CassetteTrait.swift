// The trait needs Swift Testing's `TestScoping` (Swift 6.1, Xcode 16.3).
#if canImport(Testing) && compiler(>=6.1)
import Foundation
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
///     @Test(.cassette("users/missing", record: .none)) func aMissingUserIs404() async throws { ... }
/// }
/// ```
///
/// Inside the test, ``Cassette/current`` is the cassette, with its ``Cassette/session`` and
/// ``Cassette/configuration``. Unless a trait names it, the cassette is named after the test's module, suite path
/// and function: `Cassettes/AppTests/UserTests/fetchesAUser.json`; `folder:` replaces the module's folder. Options a
/// test's trait leaves out come from the nearest suite's trait that gives them, then from the defaults of
/// `Cassette.use`.
///
/// Failures (a request with no recording, a transport error while recording, a cassette that cannot be read or
/// written) are recorded as issues at the test, each with its own message; the test's own errors pass through.
///
/// Parameterized tests get no cassette from the trait: Swift Testing does not tell a trait which case is running,
/// and the cases must not share one file. ``Cassette/current`` is `nil` in them (with a warning that says so, from
/// Swift 6.3); open a cassette per case in the body with `Cassette.use("…/\(argument)")`.
public struct CassetteTrait: TestTrait, SuiteTrait, TestScoping {
    /// The cassette's name, or `nil` to derive it from the test.
    let name: String?
    /// The folder of derived names, or `nil` for the test's module.
    let folder: String?
    /// ``RecordMode/automatic`` when not given.
    let mode: RecordMode
    let matchers: [RequestMatcher]?
    /// ``Redaction/default`` when not given.
    let redaction: Redaction
    let directory: URL?
    let repeatsLastResponse: Bool?
    let savesOnError: Bool?
    let recordsTransportErrors: Bool?
    let unused: UnusedInteractions?
    let hooks: CassetteHooks?
    let latency: ReplayLatency?
    let faults: [Fault]?
    let expiry: Expiry?
    /// Tells this written trait from any other, also in the copies Swift Testing hands a suite's tests.
    private let identity = UUID()

    /// Applies to every test in a suite, each with its own cassette.
    public var isRecursive: Bool { true }

    /// Opens the test's cassette, runs the test with it as ``Cassette/current``, closes it and records what failed.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        var traits = test.traits.compactMap { $0 as? CassetteTrait }
        // Called directly rather than as one of the test's traits: this trait alone.
        if !traits.contains(where: { $0.identity == identity }) { traits = [self] }
        // A test inside a `.cassette` suite that has its own `.cassette` holds both (the suite's first): only the
        // last opens a cassette, with all of them merged, so the test does not run inside two.
        guard traits.last?.identity == identity else { return try await function() }
        if testCase?.isParameterized == true {
            #if compiler(>=6.3)
            Issue.record(Comment(rawValue: Self.parameterizedMessage(test)), severity: .warning,
                         sourceLocation: test.sourceLocation)
            #endif
            return try await function()
        }
        let (cassetteName, options) = Self.resolve(traits, for: test)
        let cassette: Cassette
        do {
            cassette = try Cassette(cassetteName, options: options, environment: HarnessEnvironment.current,
                                    filePath: test.sourceLocation.pathOfFile,
                                    testName: DerivedName.component(test.name))
        } catch {
            Issue.record(error, sourceLocation: test.sourceLocation)
            return
        }
        var bodyError: (any Error)?
        do { try await cassette.makeCurrent { try await function() } } catch { bodyError = error }
        let ending = cassette.close(bodyFailed: bodyError != nil)
        for failure in ending.failures {
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
        if let bodyError { throw bodyError }
    }

    /// The cassette name and options for `test`, from its cassette traits (outermost suite first, the test's own
    /// last): the nearest trait that gives an option wins.
    static func resolve(_ traits: [CassetteTrait], for test: Test) -> (String, CassetteOptions) {
        var options = CassetteOptions()
        for trait in traits {
            if trait.mode != .automatic { options.mode = trait.mode }
            if let matchers = trait.matchers { options.matchers = matchers }
            if trait.redaction != .default { options.redaction = trait.redaction }
            if let directory = trait.directory { options.directory = directory }
            if let repeats = trait.repeatsLastResponse { options.repeatsLastResponse = repeats }
            if let saves = trait.savesOnError { options.savesOnError = saves }
            if let records = trait.recordsTransportErrors { options.recordsTransportErrors = records }
            if let unused = trait.unused { options.unused = unused }
            if let hooks = trait.hooks { options.hooks = options.hooks.overridden(by: hooks) }
            if let latency = trait.latency { options.latency = latency }
            if let faults = trait.faults { options.faults = faults }
            if let expiry = trait.expiry { options.expiry = expiry }
        }
        if let name = traits.last(where: { $0.name != nil })?.name {
            return (name, options)
        }
        let folder = traits.last(where: { $0.folder != nil })?.folder ?? test.id.moduleName
        return (folder + "/" + DerivedName.path(test.id.nameComponents), options)
    }

    static func parameterizedMessage(_ test: Test) -> String {
        let base = test.id.moduleName + "/" + DerivedName.path(test.id.nameComponents)
        return """
            The parameterized test \(test.name) runs without a cassette (Cassette.current is nil): Swift Testing does \
            not tell a trait which arguments a case has, and its cases must not share one file. Open one cassette \
            per case in the test, named after its arguments: \
            try await Cassette.use("\(base)/\\(argument)") { session in ... }
            """
    }
}

extension Trait where Self == CassetteTrait {
    /// Runs the test (or each test of the suite) with a cassette of its own, named after its module, suite path
    /// and function.
    public static var cassette: Self { .cassette() }

    /// Runs the test (or each test of the suite) with a cassette of its own; every option left out (`nil`,
    /// ``RecordMode/automatic``, ``Redaction/default``) comes from the nearest suite's trait that gives it, else
    /// from the defaults of `Cassette.use`. (So a test cannot set an option back to its default under a suite
    /// that changed it.)
    ///
    /// - Parameters:
    ///   - name: The cassette's name, a path below the cassette directory; `nil` to name it after the test. On a
    ///     suite, every test shares the one cassette: use `folder` to keep them apart.
    ///   - folder: The folder of names derived from tests, in place of the test's module name: `"users"` gives
    ///     `users/UserTests/fetchesAUser`.
    ///   - mode: When to record (see ``RecordMode``); ``RecordMode/automatic`` leaves it to the suite, then to
    ///     `CASSETTE_RECORD` and `CI`.
    ///   - matchers: How requests find their recordings; see ``RequestMatcher/defaults``.
    ///   - redaction: What never reaches the disk; ``Redaction/default`` leaves it to the suite, else the default.
    ///   - directory: The cassette directory; `nil` reads `CASSETTE_DIR`, else `Cassettes/` at the package root.
    ///   - repeatsLastResponse: Whether a request made more often than recorded replays its last response again.
    ///   - savesOnError: Whether to save a recording even when the test throws.
    ///   - recordsTransportErrors: Whether a transport failure while recording is saved and replayed.
    ///   - unused: What to do about recorded interactions the test never replayed (see ``UnusedInteractions``); by
    ///     default, a warning issue.
    ///   - hooks: Code run on recordings and recorded responses (see ``CassetteHooks``); a test's hook replaces its
    ///     suite's hook of the same kind.
    ///   - latency: How long replay waits before each answer (see ``ReplayLatency``).
    ///   - faults: Failures replay answers some requests with (see ``Fault``); a test's list replaces its suite's.
    ///   - expiry: How long new recordings stay valid (see ``Expiry``).
    public static func cassette(
        _ name: String? = nil,
        folder: String? = nil,
        record mode: RecordMode = .automatic,
        matching matchers: [RequestMatcher]? = nil,
        redaction: Redaction = .default,
        directory: URL? = nil,
        repeatsLastResponse: Bool? = nil,
        savesOnError: Bool? = nil,
        recordsTransportErrors: Bool? = nil,
        unused: UnusedInteractions? = nil,
        hooks: CassetteHooks? = nil,
        latency: ReplayLatency? = nil,
        faults: [Fault]? = nil,
        expiry: Expiry? = nil
    ) -> Self {
        CassetteTrait(name: name, folder: folder, mode: mode, matchers: matchers, redaction: redaction,
                      directory: directory, repeatsLastResponse: repeatsLastResponse, savesOnError: savesOnError,
                      recordsTransportErrors: recordsTransportErrors, unused: unused, hooks: hooks, latency: latency, faults: faults,
                      expiry: expiry)
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
