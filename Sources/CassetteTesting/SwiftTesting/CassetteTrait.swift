#if canImport(Testing)
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
/// ``Cassette/configuration``. Without a name, the cassette is named after the suite path and the test:
/// `Cassettes/UserTests/fetchesAUser.json`. A name given on a suite is the folder of its tests' cassettes
/// (`@Suite(.cassette("users"))` gives `users/fetchesAUser`); a name given on a test is that test's cassette.
/// Options left out on a test come from the nearest suite that gives them, then from the defaults of
/// ``Cassette/use(_:mode:matching:redaction:directory:repeatsLastResponse:savesOnError:recordsTransportErrors:environment:isolation:fileID:filePath:line:column:function:_:)``.
///
/// Failures (a request with no recording, a transport error while recording, a cassette that cannot be read or
/// written) are recorded as issues at the test, each with its own message; the test's own errors pass through.
/// A parameterized test cannot use the trait: Swift Testing does not show a trait which case is running, so its
/// cases would share one file. Open a cassette per case in its body with `Cassette.use` instead.
public struct CassetteTrait: TestTrait, SuiteTrait, TestScoping {
    /// The cassette's name (on a test) or folder (on a suite); `nil` to derive it from the test.
    let name: String?
    /// ``RecordMode/automatic`` when not given.
    let mode: RecordMode
    let matchers: [RequestMatcher]?
    /// ``Redaction/default`` when not given.
    let redaction: Redaction
    let directory: URL?
    let repeatsLastResponse: Bool?
    let savesOnError: Bool?
    let recordsTransportErrors: Bool?
    /// Where the trait was written, when it was made by ``Trait/cassette(_:record:matching:redaction:directory:repeatsLastResponse:savesOnError:recordsTransportErrors:sourceLocation:)``.
    let sourceLocation: SourceLocation?
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
            Issue.record(Comment(rawValue: Self.parameterizedMessage(test)), sourceLocation: test.sourceLocation)
            return
        }
        let (cassetteName, options) = Self.resolve(traits, for: test)
        let cassette: Cassette
        do {
            cassette = try Cassette(cassetteName, options: options, environment: ProcessInfo.processInfo.environment,
                                    filePath: test.sourceLocation.pathOfFile,
                                    testName: DerivedName.component(test.name))
        } catch {
            Issue.record(error, sourceLocation: test.sourceLocation)
            return
        }
        var bodyError: (any Error)?
        do { try await cassette.makeCurrent { try await function() } } catch { bodyError = error }
        for failure in cassette.close(bodyFailed: bodyError != nil, savesOnError: options.savesOnError) {
            Issue.record(failure, sourceLocation: test.sourceLocation)
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
        }
        let testComponent = DerivedName.component(test.name)
        guard let named = traits.last(where: { $0.name != nil }), let name = named.name else {
            return (DerivedName.path(test.id.nameComponents), options)
        }
        return (named.isOwn(by: test) ? name : name + "/" + testComponent, options)
    }

    /// Whether the trait was written on `test` itself rather than on a suite around it: a suite's attribute comes
    /// before every test it contains, so a trait written in the test's file at or after the test's own line is
    /// the test's. (Swift Testing gives no other public way to tell.)
    func isOwn(by test: Test) -> Bool {
        guard let sourceLocation else { return false }
        return sourceLocation.fileID == test.sourceLocation.fileID && sourceLocation.line >= test.sourceLocation.line
    }


    static func parameterizedMessage(_ test: Test) -> String {
        let base = DerivedName.path(test.id.nameComponents)
        return """
            .cassette cannot give each case of the parameterized test \(test.name) a cassette of its own (Swift Testing \
            does not tell a trait which arguments a case has), and its cases must not share one file. Remove the \
            trait and open one cassette per case in the test, named after its arguments: \
            try await Cassette.use("\(base)/\\(argument)") { session in ... }
            """
    }
}

extension Trait where Self == CassetteTrait {
    /// Runs the test (or each test of the suite) with a cassette of its own, named after the suite path and test.
    public static var cassette: Self {
        CassetteTrait(name: nil, mode: .automatic, matchers: nil, redaction: .default, directory: nil, repeatsLastResponse: nil,
                      savesOnError: nil, recordsTransportErrors: nil, sourceLocation: nil)
    }

    /// Runs the test (or each test of the suite) with a cassette of its own; every option left out (`nil`,
    /// ``RecordMode/automatic``, ``Redaction/default``) comes from the nearest suite that gives it, else from the
    /// defaults of `Cassette.use`.
    ///
    /// - Parameters:
    ///   - name: On a test, the cassette's name; on a suite, the folder of its tests' cassettes; `nil` to name it
    ///     after the suite path and test.
    ///   - mode: When to record (see ``RecordMode``); ``RecordMode/automatic`` leaves it to the suite, then to
    ///     `CASSETTE_RECORD` and `CI`.
    ///   - matchers: How requests find their recordings; see ``RequestMatcher/defaults``.
    ///   - redaction: What never reaches the disk; ``Redaction/default`` leaves it to the suite, else the default.
    ///   - directory: The cassette directory; `nil` reads `CASSETTE_DIR`, else `Cassettes/` at the package root.
    ///   - repeatsLastResponse: Whether a request made more often than recorded replays its last response again.
    ///   - savesOnError: Whether to save a recording even when the test throws.
    ///   - recordsTransportErrors: Whether a transport failure while recording is saved and replayed.
    ///   - sourceLocation: Where the trait is written; leave the default.
    public static func cassette(
        _ name: String? = nil,
        record mode: RecordMode = .automatic,
        matching matchers: [RequestMatcher]? = nil,
        redaction: Redaction = .default,
        directory: URL? = nil,
        repeatsLastResponse: Bool? = nil,
        savesOnError: Bool? = nil,
        recordsTransportErrors: Bool? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        CassetteTrait(name: name, mode: mode, matchers: matchers, redaction: redaction, directory: directory,
                      repeatsLastResponse: repeatsLastResponse, savesOnError: savesOnError,
                      recordsTransportErrors: recordsTransportErrors, sourceLocation: sourceLocation)
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
