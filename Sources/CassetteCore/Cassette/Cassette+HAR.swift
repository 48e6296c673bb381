import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Cassette {
    /// Runs `body` with a session that replays the HTTP Archive `har` (HAR 1.2, as browsers' developer tools,
    /// mitmproxy, Charles, Proxyman and other recorders export it).
    ///
    /// The file is read as `cassette import-har` reads it (see ``HTTPArchive/interactions(in:file:)``) and its
    /// interactions are redacted by `redaction` as recording them would have, so a live request carrying a different
    /// token still matches and a secret in the file never reaches a message. A HAR file is only replayed: a request
    /// it does not hold fails as in record mode `none`, whatever `CASSETTE_RECORD` says. To record more, import it
    /// into a cassette (`swift run cassette import-har <file.har> <name>`) and use that.
    ///
    /// ```swift
    /// let har = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("checkout.har")
    /// try await Cassette.use(har: har) { session in
    ///     let (_, response) = try await session.data(from: URL(string: "https://shop.example/cart")!)
    ///     #expect((response as? HTTPURLResponse)?.statusCode == 200)
    /// }
    /// ```
    ///
    /// The other parameters are those of ``use(_:mode:matching:redaction:directory:repeatsLastResponse:savesOnError:recordsTransportErrors:unused:hooks:latency:faults:expiry:environment:isolation:fileID:filePath:line:column:function:_:)``.
    @discardableResult
    public static func use<T>(
        har: URL,
        matching matchers: [RequestMatcher] = RequestMatcher.defaults,
        redaction: Redaction = .default,
        repeatsLastResponse: Bool = false,
        unused: UnusedInteractions = .warn,
        hooks: CassetteHooks = CassetteHooks(),
        latency: ReplayLatency = .none,
        faults: [Fault] = [],
        environment: [String: String] = HarnessEnvironment.current,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (URLSession) async throws -> T
    ) async throws -> T {
        let scope = try openHAR(har, matchers, redaction, repeatsLastResponse, unused, hooks, latency, faults, environment,
                                CassetteError.CallSite(fileID, filePath, line, column), function)
        let result: Result<T, any Error>
        do { result = .success(try await scope.cassette.makeCurrent { try await body(scope.cassette.session) }) } catch { result = .failure(error) }
        return try scope.complete(result)
    }

    /// The synchronous form of ``use(har:matching:redaction:repeatsLastResponse:unused:hooks:latency:faults:environment:isolation:fileID:filePath:line:column:function:_:)``,
    /// for tests that use completion handlers; the parameters are the same.
    @discardableResult
    public static func use<T>(
        har: URL,
        matching matchers: [RequestMatcher] = RequestMatcher.defaults,
        redaction: Redaction = .default,
        repeatsLastResponse: Bool = false,
        unused: UnusedInteractions = .warn,
        hooks: CassetteHooks = CassetteHooks(),
        latency: ReplayLatency = .none,
        faults: [Fault] = [],
        environment: [String: String] = HarnessEnvironment.current,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (URLSession) throws -> T
    ) throws -> T {
        let scope = try openHAR(har, matchers, redaction, repeatsLastResponse, unused, hooks, latency, faults, environment,
                                CassetteError.CallSite(fileID, filePath, line, column), function)
        let result: Result<T, any Error>
        do { result = .success(try scope.cassette.makeCurrent { try body(scope.cassette.session) }) } catch { result = .failure(error) }
        return try scope.complete(result)
    }

    /// Like ``use(har:matching:redaction:repeatsLastResponse:unused:hooks:latency:faults:environment:isolation:fileID:filePath:line:column:function:_:)``,
    /// but hands `body` a `URLSessionConfiguration` for code that builds its own sessions.
    @discardableResult
    public static func useConfiguration<T>(
        har: URL,
        matching matchers: [RequestMatcher] = RequestMatcher.defaults,
        redaction: Redaction = .default,
        repeatsLastResponse: Bool = false,
        unused: UnusedInteractions = .warn,
        hooks: CassetteHooks = CassetteHooks(),
        latency: ReplayLatency = .none,
        faults: [Fault] = [],
        environment: [String: String] = HarnessEnvironment.current,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        function: String = #function,
        _ body: (URLSessionConfiguration) async throws -> T
    ) async throws -> T {
        let scope = try openHAR(har, matchers, redaction, repeatsLastResponse, unused, hooks, latency, faults, environment,
                                CassetteError.CallSite(fileID, filePath, line, column), function)
        let result: Result<T, any Error>
        do { result = .success(try await scope.cassette.makeCurrent { try await body(scope.cassette.configuration) }) } catch { result = .failure(error) }
        return try scope.complete(result)
    }

    private static func openHAR(
        _ har: URL, _ matchers: [RequestMatcher], _ redaction: Redaction, _ repeatsLastResponse: Bool,
        _ unused: UnusedInteractions, _ hooks: CassetteHooks, _ latency: ReplayLatency, _ faults: [Fault],
        _ environment: [String: String], _ callSite: CassetteError.CallSite, _ function: String
    ) throws(CassetteError) -> Scope {
        let options = CassetteOptions(mode: .none, matchers: matchers, redaction: redaction, directory: nil,
                                      repeatsLastResponse: repeatsLastResponse, savesOnError: false,
                                      recordsTransportErrors: false, unused: unused, hooks: hooks, latency: latency,
                                      faults: faults, expiry: nil)
        do {
            let cassette = try Cassette(har: har, options: options, environment: environment,
                                        testName: CassetteSettings.testName(fromFunction: function))
            return Scope(cassette: cassette, callSite: callSite)
        } catch {
            throw error.at(callSite)
        }
    }
}
