import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Opening a cassette around a closure: the form for tests that name their cassettes, or need more than one.
extension Cassette {
    /// Runs `body` with a `URLSession` whose requests go through the cassette `name`; saves what was recorded
    /// when `body` returns, before `use` returns.
    ///
    /// ```swift
    /// @Test func fetchesAUser() async throws {
    ///     let user = try await Cassette.use("users/fetch-one") { session in
    ///         try await Router<UserAPI>(session: session).decode(User.self, from: .user(id: 1))
    ///     }
    ///     #expect(user.id == 1)
    /// }
    /// ```
    ///
    /// The first run sends real requests and saves them to `Cassettes/users/fetch-one.json`; later runs answer from
    /// that file without touching the network. ``RecordMode`` says when recording happens. Each call gets its own
    /// session and its own cassette, so tests that run in parallel never see each other's traffic.
    ///
    /// Through the session the code under test sees what it would see live: bodies sent with any API reach the real
    /// server as sent, cookies live in the session's own `httpCookieStorage`, and secrets are hidden in the file but
    /// restored on replay (see ``Redaction`` for the one documented difference).
    ///
    /// `use` throws a ``CassetteError`` when a request found no recorded match or failed in transport while recording
    /// (even if the body caught the request's error), when a task cannot go through a cassette on this platform, when
    /// a recording saw no request, when the cassette cannot be read or written, or when the body throws (its own
    /// error, then).
    ///
    /// Inside `body`, ``Cassette/current`` is the cassette.
    ///
    /// - Parameters:
    ///   - name: The cassette's path below the cassette directory, without `.json`; may contain `/`.
    ///   - mode: When to record; ``RecordMode/automatic`` reads `CASSETTE_RECORD` and `CI` (see ``RecordMode``).
    ///   - matchers: How requests find their recordings; see ``RequestMatcher/defaults``.
    ///   - redaction: What never reaches the disk; see ``Redaction/default``.
    ///   - directory: The cassette directory; `nil` reads `CASSETTE_DIR`, else `Cassettes/` at the package root
    ///     found from `filePath`.
    ///   - repeatsLastResponse: Whether a request made more often than recorded replays its last response again
    ///     instead of failing.
    ///   - savesOnError: Whether to save a recording even when `body` throws.
    ///   - recordsTransportErrors: Whether a request that fails in transport while recording (refused, DNS, TLS,
    ///     timeout) is saved and replayed as the same `URLError`. By default such a failure fails `use` and nothing
    ///     is saved, so a server that was down never becomes a fixture.
    ///   - unused: What to do about recorded interactions `body` never replayed (see ``UnusedInteractions``): by
    ///     default a message on standard error.
    ///   - hooks: Code run on each recording before it is stored, and on each recorded response before it is
    ///     served (see ``CassetteHooks``).
    ///   - latency: How long replay waits before each answer (see ``ReplayLatency``); by default, not at all.
    ///   - faults: Failures replay answers some requests with instead of their recordings (see ``Fault``).
    ///   - expiry: How long new recordings stay valid, and what mode `none` does with expired ones (see ``Expiry``).
    ///   - environment: Where `CASSETTE_RECORD`, `CASSETTE_DIR`, `CI` and `CASSETTE_REPORT` are read from.
    ///   - fileID, filePath, line, column: The call site: errors name it (``CassetteError/callSite``), and
    ///     `filePath` also locates the package's `Cassettes/`.
    ///   - function: The calling test, named in re-record commands.
    ///   - body: The test's code; it must send its requests through the session it is given.
    @discardableResult
    public static func use<T>(
        _ name: String,
        mode: RecordMode = .automatic,
        matching matchers: [RequestMatcher] = RequestMatcher.defaults,
        redaction: Redaction = .default,
        directory: URL? = nil,
        repeatsLastResponse: Bool = false,
        savesOnError: Bool = false,
        recordsTransportErrors: Bool = false,
        unused: UnusedInteractions = .warn,
        hooks: CassetteHooks = CassetteHooks(),
        latency: ReplayLatency = .none,
        faults: [Fault] = [],
        expiry: Expiry? = nil,
        environment: [String: String] = HarnessEnvironment.current,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (URLSession) async throws -> T
    ) async throws -> T {
        let cassette = try open(name, mode, matchers, redaction, directory, repeatsLastResponse, savesOnError,
                                recordsTransportErrors, unused, hooks, latency, faults, expiry, environment, CassetteError.CallSite(fileID, filePath, line, column), function)
        let result: Result<T, any Error>
        do { result = .success(try await cassette.cassette.makeCurrent { try await body(cassette.cassette.session) }) } catch { result = .failure(error) }
        return try cassette.complete(result)
    }

    /// The synchronous form of `use`, for tests that use completion handlers; the parameters are the same.
    @discardableResult
    public static func use<T>(
        _ name: String,
        mode: RecordMode = .automatic,
        matching matchers: [RequestMatcher] = RequestMatcher.defaults,
        redaction: Redaction = .default,
        directory: URL? = nil,
        repeatsLastResponse: Bool = false,
        savesOnError: Bool = false,
        recordsTransportErrors: Bool = false,
        unused: UnusedInteractions = .warn,
        hooks: CassetteHooks = CassetteHooks(),
        latency: ReplayLatency = .none,
        faults: [Fault] = [],
        expiry: Expiry? = nil,
        environment: [String: String] = HarnessEnvironment.current,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (URLSession) throws -> T
    ) throws -> T {
        let cassette = try open(name, mode, matchers, redaction, directory, repeatsLastResponse, savesOnError,
                                recordsTransportErrors, unused, hooks, latency, faults, expiry, environment, CassetteError.CallSite(fileID, filePath, line, column), function)
        let result: Result<T, any Error>
        do { result = .success(try cassette.cassette.makeCurrent { try body(cassette.cassette.session) }) } catch { result = .failure(error) }
        return try cassette.complete(result)
    }

    /// Like `use`, but hands `body` a `URLSessionConfiguration` for code that builds its own sessions.
    ///
    /// Every session made from the configuration goes through the cassette (see ``Cassette/configuration``).
    @discardableResult
    public static func useConfiguration<T>(
        _ name: String,
        mode: RecordMode = .automatic,
        matching matchers: [RequestMatcher] = RequestMatcher.defaults,
        redaction: Redaction = .default,
        directory: URL? = nil,
        repeatsLastResponse: Bool = false,
        savesOnError: Bool = false,
        recordsTransportErrors: Bool = false,
        unused: UnusedInteractions = .warn,
        hooks: CassetteHooks = CassetteHooks(),
        latency: ReplayLatency = .none,
        faults: [Fault] = [],
        expiry: Expiry? = nil,
        environment: [String: String] = HarnessEnvironment.current,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (URLSessionConfiguration) async throws -> T
    ) async throws -> T {
        let cassette = try open(name, mode, matchers, redaction, directory, repeatsLastResponse, savesOnError,
                                recordsTransportErrors, unused, hooks, latency, faults, expiry, environment, CassetteError.CallSite(fileID, filePath, line, column), function)
        let result: Result<T, any Error>
        do { result = .success(try await cassette.cassette.makeCurrent { try await body(cassette.cassette.configuration) }) } catch { result = .failure(error) }
        return try cassette.complete(result)
    }

    private static func open(
        _ name: String, _ mode: RecordMode, _ matchers: [RequestMatcher], _ redaction: Redaction, _ directory: URL?,
        _ repeatsLastResponse: Bool, _ savesOnError: Bool, _ recordsTransportErrors: Bool, _ unused: UnusedInteractions,
        _ hooks: CassetteHooks, _ latency: ReplayLatency, _ faults: [Fault], _ expiry: Expiry?,
        _ environment: [String: String], _ callSite: CassetteError.CallSite, _ function: String
    ) throws(CassetteError) -> Scope {
        let options = CassetteOptions(mode: mode, matchers: matchers, redaction: redaction, directory: directory,
                                      repeatsLastResponse: repeatsLastResponse, savesOnError: savesOnError,
                                      recordsTransportErrors: recordsTransportErrors, unused: unused, hooks: hooks, latency: latency,
                                      faults: faults, expiry: expiry)
        do {
            let cassette = try Cassette(name, options: options, environment: environment, filePath: callSite.filePath,
                                        testName: CassetteSettings.testName(fromFunction: function))
            return Scope(cassette: cassette, callSite: callSite)
        } catch {
            throw error.at(callSite)
        }
    }

    /// One `use` call's cassette, between opening and closing.
    struct Scope {
        let cassette: Cassette
        let callSite: CassetteError.CallSite

        /// Closes the cassette, then throws what its requests met (one error naming every failure), else the body's
        /// own error, else returns its value.
        func complete<T>(_ result: Result<T, any Error>) throws -> T {
            let bodyFailed = if case .failure = result { true } else { false }
            let ending = cassette.close(bodyFailed: bodyFailed)
            for warning in ending.warnings { StandardError.write("warning: " + warning.at(callSite).description) }
            guard let combined = CassetteError.combining(ending.failures) else { return try result.get() }
            if case .failure(let error) = result, !(error is CassetteError) {
                // The cassette's failure usually explains the body's; the body's error is named by its type only,
                // as its message may hold what the cassette keeps secret.
                throw combined.adding(" The body also threw an error of type \(type(of: error)).").at(callSite)
            }
            throw combined.at(callSite)
        }
    }
}
