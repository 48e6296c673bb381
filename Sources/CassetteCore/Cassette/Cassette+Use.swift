import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Opening a cassette around a closure: the form for tests that name their cassettes, or need more than one.
extension Cassette {
    /// Runs `body` with a `URLSession` whose requests go through the cassette `source`; saves what was recorded
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
    ///   - source: The cassette's name (its path below the cassette directory, without `.json`; may contain `/`),
    ///     or a HAR file to replay (see ``Source``).
    ///   - record: When to record (see ``CassetteOptions/record``).
    ///   - matching: How requests find their recordings (see ``CassetteOptions/matching``).
    ///   - redaction: What never reaches the disk (see ``CassetteOptions/redaction``).
    ///   - options: Every other option (see ``CassetteOptions``); `record`, `matching` and `redaction` given as
    ///     arguments replace the same fields here. Inside a test with the `.cassette` trait, options left out come
    ///     from the trait.
    ///   - isolation: The actor that `use` and `body` run on; the caller's by default.
    ///   - fileID: The call site's file, as errors name it (``CassetteError/callSite``).
    ///   - filePath: The call site's path: errors name it, and it locates the package's `Cassettes/`.
    ///   - line: The call site's line, as errors name it.
    ///   - column: The call site's column, as errors name it.
    ///   - function: The calling test, named in re-record commands.
    ///   - body: The test's code; it must send its requests through the session it is given.
    @discardableResult
    public static func use<T>(
        _ source: Source,
        record: RecordMode? = nil,
        matching: [RequestMatcher]? = nil,
        redaction: Redaction? = nil,
        options: CassetteOptions = CassetteOptions(),
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (URLSession) async throws -> T
    ) async throws -> T {
        let scope = try await Scope.open(source, options.overridden(record: record, matching: matching, redaction: redaction),
                                         CassetteError.CallSite(fileID, filePath, line, column), function)
        let result: Result<T, any Error>
        do { result = .success(try await scope.cassette.makeCurrent { try await body(scope.cassette.session) }) } catch { result = .failure(error) }
        return try scope.complete(result)
    }

    /// The synchronous form of ``use(_:record:matching:redaction:options:isolation:fileID:filePath:line:column:function:_:)``,
    /// for tests that use completion handlers; the parameters are the same.
    @discardableResult
    public static func use<T>(
        _ source: Source,
        record: RecordMode? = nil,
        matching: [RequestMatcher]? = nil,
        redaction: Redaction? = nil,
        options: CassetteOptions = CassetteOptions(),
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (URLSession) throws -> T
    ) throws -> T {
        let scope = try Scope(source, options.overridden(record: record, matching: matching, redaction: redaction),
                              CassetteError.CallSite(fileID, filePath, line, column), function)
        let result: Result<T, any Error>
        do { result = .success(try scope.cassette.makeCurrent { try body(scope.cassette.session) }) } catch { result = .failure(error) }
        return try scope.complete(result)
    }

    /// Like ``use(_:record:matching:redaction:options:isolation:fileID:filePath:line:column:function:_:)``, but
    /// hands `body` a `URLSessionConfiguration` for code that builds its own sessions.
    ///
    /// Every session made from the configuration goes through the cassette (see ``Cassette/configuration``).
    @discardableResult
    public static func useConfiguration<T>(
        _ source: Source,
        record: RecordMode? = nil,
        matching: [RequestMatcher]? = nil,
        redaction: Redaction? = nil,
        options: CassetteOptions = CassetteOptions(),
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (URLSessionConfiguration) async throws -> T
    ) async throws -> T {
        let scope = try await Scope.open(source, options.overridden(record: record, matching: matching, redaction: redaction),
                                         CassetteError.CallSite(fileID, filePath, line, column), function)
        let result: Result<T, any Error>
        do { result = .success(try await scope.cassette.makeCurrent { try await body(scope.cassette.configuration) }) } catch { result = .failure(error) }
        return try scope.complete(result)
    }

    /// One `use` call's cassette, between opening and closing.
    struct Scope {
        let cassette: Cassette
        let callSite: CassetteError.CallSite

        /// Opens the cassette for the call at `callSite` in the test `function`; an error names the call.
        init(_ source: Source, _ options: CassetteOptions, _ callSite: CassetteError.CallSite,
             _ function: String) throws(CassetteError) {
            do {
                cassette = try Cassette(source, options: options, filePath: callSite.filePath,
                                        opener: .use(at: callSite, function: function, enclosing: CassetteOpener.enclosing))
            } catch {
                throw error.at(callSite)
            }
            self.callSite = callSite
        }

        /// Opens the cassette as ``init(_:_:_:_:)`` does, waiting for the process scope's turn when the cassette's
        /// scope is ``CassetteScope/process`` (see ``Cassette/opened(_:options:filePath:testName:)``).
        static func open(_ source: Source, _ options: CassetteOptions, _ callSite: CassetteError.CallSite,
                         _ function: String) async throws -> Scope {
            do {
                let cassette = try await Cassette.opened(source, options: options, filePath: callSite.filePath,
                                                         opener: .use(at: callSite, function: function, enclosing: CassetteOpener.enclosing))
                return Scope(cassette: cassette, callSite: callSite)
            } catch let error as CassetteError {
                throw error.at(callSite)
            }
        }

        private init(cassette: Cassette, callSite: CassetteError.CallSite) {
            self.cassette = cassette
            self.callSite = callSite
        }

        /// Closes the cassette, says what it saved, then throws what its requests met (one error naming every
        /// failure, and the body's error by its type when they do not explain it, see
        /// ``Ending/reporting(bodyError:)``), else the body's own error, else returns its value.
        func complete<T>(_ result: Result<T, any Error>) throws -> T {
            let bodyError: (any Error)? = if case .failure(let error) = result { error } else { nil }
            let ending = cassette.close(bodyError: bodyError)
            ending.writeSaved()
            for warning in ending.warnings { StandardError.write("warning: " + warning.at(callSite).description) }
            guard let combined = CassetteError.combining(ending.reporting(bodyError: bodyError).failures) else {
                return try result.get()
            }
            throw combined.at(callSite)
        }
    }
}
