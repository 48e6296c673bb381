#if canImport(XCTest)
import Foundation
import XCTest

extension XCTestCase {
    /// Runs `body` with a cassette named after the test (`Cassettes/AppTests/UserTests/testFetchesAUser.json` for
    /// `UserTests.testFetchesAUser` in the module `AppTests`), or `name`; inside, ``Cassette/current`` is the
    /// cassette.
    ///
    /// ```swift
    /// final class UserTests: XCTestCase {
    ///     func testFetchesAUser() throws {
    ///         try withCassette { cassette in
    ///             let user = try UserClient(session: cassette.session).userSynchronously(id: 1)
    ///             XCTAssertEqual(user.id, 1)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// To give every test of a class its own cassette, wrap the test's invocation:
    ///
    /// ```swift
    /// override func invokeTest() {
    ///     withCassette { _ in super.invokeTest() }
    /// }
    /// ```
    ///
    /// and read ``Cassette/current`` in the tests (sync and async alike). Failures (a request with no recording, a
    /// transport error while recording, a cassette that cannot be opened, read or written) are reported with
    /// `XCTFail` at the call, each once with its own message; `body`'s own errors are rethrown, but for one the
    /// failures explain (the error a request got from the cassette), which is not reported twice: `withCassette`
    /// then returns `nil`.
    ///
    /// - Parameters:
    ///   - source: The cassette's name (or a HAR file, see ``Cassette/Source``); `nil` to name it after the test's
    ///     module, class and method. Two calls in one test need names of their own.
    ///   - record, matching, redaction, options: As for `Cassette.use` (see ``CassetteOptions``).
    ///   - file, line: The call, where failures are reported; `file` also locates the package's `Cassettes/`.
    ///   - body: The test's code.
    /// - Returns: What `body` returned, or `nil` when the cassette could not be opened and `body` did not run, or
    ///   when `body` threw and the reported failures stand for its error.
    @discardableResult
    public func withCassette<T>(
        _ source: Cassette.Source? = nil,
        record: RecordMode? = nil,
        matching: [RequestMatcher]? = nil,
        redaction: Redaction? = nil,
        options: CassetteOptions = CassetteOptions(),
        file: StaticString = #filePath,
        line: UInt = #line,
        _ body: (Cassette) throws -> T
    ) rethrows -> T? {
        guard let cassette = openCassette(source, options.overridden(record: record, matching: matching, redaction: redaction),
                                          file, line) else { return nil }
        do {
            let result = try cassette.makeCurrent { try body(cassette) }
            _ = report(cassette.close(bodyError: nil), bodyError: nil, file, line)
            return result
        } catch {
            if let unexplained = report(cassette.close(bodyError: error), bodyError: error, file, line) { throw unexplained }
            return nil
        }
    }

    /// The `async` form of `withCassette`, for `async` tests; the parameters are the same.
    @discardableResult
    public func withCassette<T>(
        _ source: Cassette.Source? = nil,
        record: RecordMode? = nil,
        matching: [RequestMatcher]? = nil,
        redaction: Redaction? = nil,
        options: CassetteOptions = CassetteOptions(),
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ body: (Cassette) async throws -> T
    ) async rethrows -> T? {
        guard let cassette = await openCassette(source, options.overridden(record: record, matching: matching, redaction: redaction),
                                                file, line) else { return nil }
        do {
            let result = try await cassette.makeCurrent { try await body(cassette) }
            _ = report(cassette.close(bodyError: nil), bodyError: nil, file, line)
            return result
        } catch {
            if let unexplained = report(cassette.close(bodyError: error), bodyError: error, file, line) { throw unexplained }
            return nil
        }
    }

    /// Opens the cassette `source` (or the one named after this test), or reports why it cannot be opened.
    private func openCassette(_ source: Cassette.Source?, _ options: CassetteOptions, _ file: StaticString,
                              _ line: UInt) -> Cassette? {
        do {
            return try Cassette(source ?? .named(derivedName), options: options, filePath: String(describing: file),
                                opener: opener(naming: source, file, line))
        } catch {
            XCTFail(error.description, file: file, line: line)
            return nil
        }
    }

    /// The cassette name this test derives: `Module/Class/testMethod`.
    private var derivedName: String {
        DerivedName.xcTest(type: String(reflecting: type(of: self)), name: self.name)
    }

    /// This test as the opener of a cassette: it owns a file named after it; a file `source` names is the call's
    /// at `file` and `line`, shared by the tests that reach it (an `invokeTest` override).
    private func opener(naming source: Cassette.Source?, _ file: StaticString, _ line: UInt) -> CassetteOpener {
        let derived = derivedName
        let place = "\(URL(fileURLWithPath: String(describing: file)).lastPathComponent):\(line)"
        return CassetteOpener(.xcTest, testName: derived.split(separator: "/").last.map(String.init) ?? derived,
                              test: derived, owner: source == nil ? nil : "call \(file):\(line)",
                              testShown: "test \(name)", place: source == nil ? nil : place)
    }

    /// Opens the cassette as the synchronous form does, waiting for the process scope's turn when its scope is
    /// ``CassetteScope/process``; a wait cancelled is reported too.
    private func openCassette(_ source: Cassette.Source?, _ options: CassetteOptions, _ file: StaticString,
                              _ line: UInt, isolation: isolated (any Actor)? = #isolation) async -> Cassette? {
        do {
            return try await Cassette.opened(source ?? .named(derivedName), options: options, filePath: String(describing: file),
                                             opener: opener(naming: source, file, line))
        } catch {
            XCTFail(String(describing: error), file: file, line: line)
            return nil
        }
    }

    /// Reports `ending` at the call: each failure once, each warning, what was saved. Returns the body's error
    /// (`bodyError`) when the failures do not report it already, to be rethrown (see
    /// ``Cassette/Ending/reporting(bodyError:)``).
    private func report(_ ending: Cassette.Ending, bodyError: (any Error)?, _ file: StaticString, _ line: UInt) -> (any Error)? {
        let (failures, unexplained) = ending.reporting(bodyError: bodyError)
        for failure in failures {
            XCTFail(failure.description, file: file, line: line)
        }
        // XCTest has no warnings: a message, naming the call.
        for warning in ending.warnings {
            StandardError.write("\(file):\(line): warning: " + warning.description)
        }
        ending.writeSaved()
        return unexplained
    }
}
#endif
