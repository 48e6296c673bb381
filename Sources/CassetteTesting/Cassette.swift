import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records a test's HTTP traffic once and replays it on every later run.
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
public enum Cassette {
    /// Runs `body` with a `URLSession` whose requests go through the cassette `name`; saves what was recorded
    /// when `body` returns, before `use` returns.
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
    ///   - environment: Where `CASSETTE_RECORD`, `CASSETTE_DIR` and `CI` are read from.
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
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isolation: isolated (any Actor)? = #isolation,
        filePath: String = #filePath,
        function: String = #function,
        _ body: (URLSession) async throws -> T
    ) async throws -> T {
        let cassette = try open(name, mode, matchers, redaction, directory, repeatsLastResponse, recordsTransportErrors,
                                 environment, filePath, function)
        let session = URLSession(configuration: cassette.configuration)
        let result: Result<T, any Error>
        do { result = .success(try await body(session)) } catch { result = .failure(error) }
        return try cassette.complete(result, session: session, savesOnError: savesOnError)
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
        environment: [String: String] = ProcessInfo.processInfo.environment,
        filePath: String = #filePath,
        function: String = #function,
        _ body: (URLSession) throws -> T
    ) throws -> T {
        let cassette = try open(name, mode, matchers, redaction, directory, repeatsLastResponse, recordsTransportErrors,
                                 environment, filePath, function)
        let session = URLSession(configuration: cassette.configuration)
        let result: Result<T, any Error>
        do { result = .success(try body(session)) } catch { result = .failure(error) }
        return try cassette.complete(result, session: session, savesOnError: savesOnError)
    }

    /// Like `use`, but hands `body` a `URLSessionConfiguration` for code that builds its own sessions.
    ///
    /// Every session made from the configuration goes through the cassette. Keep its `protocolClasses` and
    /// `urlCache`: they are how requests find the cassette. Its cookie settings (`httpCookieStorage`,
    /// `httpShouldSetCookies`, `httpCookieAcceptPolicy`) are yours to change before you make a session; the cassette
    /// reads them for each request.
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
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isolation: isolated (any Actor)? = #isolation,
        filePath: String = #filePath,
        function: String = #function,
        _ body: (URLSessionConfiguration) async throws -> T
    ) async throws -> T {
        let cassette = try open(name, mode, matchers, redaction, directory, repeatsLastResponse, recordsTransportErrors,
                                 environment, filePath, function)
        let result: Result<T, any Error>
        do { result = .success(try await body(cassette.configuration)) } catch { result = .failure(error) }
        return try cassette.complete(result, session: nil, savesOnError: savesOnError)
    }

    private static func open(
        _ name: String, _ mode: RecordMode, _ matchers: [RequestMatcher], _ redaction: Redaction, _ directory: URL?,
        _ repeatsLastResponse: Bool, _ recordsTransportErrors: Bool, _ environment: [String: String],
        _ filePath: String, _ function: String
    ) throws(CassetteError) -> OpenCassette {
        let location = try CassetteLocation(name: name, directory: directory, environment: environment, filePath: filePath)
        let settings = CassetteSettings(
            file: location.file, mode: try mode.resolved(in: environment),
            matchers: matchers.isEmpty ? RequestMatcher.defaults : matchers, redaction: redaction,
            repeatsLastResponse: repeatsLastResponse, recordsTransportErrors: recordsTransportErrors,
            testName: CassetteSettings.testName(fromFunction: function), now: { Date() })
        return try OpenCassette(settings: settings)
    }
}

/// A cassette between `open` and `finish`, with the configuration its sessions use.
private struct OpenCassette {
    let session: CassetteSession
    let configuration: URLSessionConfiguration

    init(settings: CassetteSettings) throws(CassetteError) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CassetteURLProtocol.self]
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = try CassetteSession(settings: settings, configuration: configuration)
        configuration.urlCache = RoutingURLCache(cassette: session)
        self.configuration = configuration
    }

    /// Ends the `use` call: releases `session`, closes the cassette (saving unless the body failed and
    /// `savesOnError` is false), then throws what the requests met, else the body's own error, else returns its value.
    func complete<T>(_ result: Result<T, any Error>, session: URLSession?, savesOnError: Bool) throws -> T {
        switch result {
        case .success: session?.finishTasksAndInvalidate()
        case .failure: session?.invalidateAndCancel()
        }
        let bodyFailed = if case .failure = result { true } else { false }
        let failures = try self.session.close(save: !bodyFailed || savesOnError)
        if let first = failures.first {
            guard failures.count > 1 else { throw first }
            let all = failures.enumerated().map { "\($0.offset + 1). \($0.element.message)" }.joined(separator: "\n")
            throw CassetteError(first.code, "\(failures.count) requests failed:\n\(all)", cassette: first.cassette)
        }
        return try result.get()
    }
}
