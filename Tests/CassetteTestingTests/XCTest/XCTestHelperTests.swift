#if canImport(XCTest)
import Foundation
import Locking
import XCTest
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The XCTest helper, offline: naming, `Cassette.current`, and failures reported with `XCTFail` at the call.
/// (The class recorded from httpbin and replayed in CI is `HTTPBinClientTests/HTTPBinClientXCTests.swift`.)
final class XCTestHelperTests: XCTestCase {
    private var directory: URL!
    /// Failures the helper reported, kept instead of failing the test, where a test expects them.
    private var captured: [(message: String, line: Int)] = []
    private var capturing = false

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("xctest-cassettes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    #if canImport(FoundationNetworking)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append((description, lineNumber))
    }
    #else
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        captured.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #endif

    func testNamesTheCassetteAfterTheTestAndMakesItCurrent() throws {
        try Fixture.write([Fixture.interaction("http://api.test/a", body: "named")],
                          name: "CassetteTestingTests/XCTestHelperTests/testNamesTheCassetteAfterTheTestAndMakesItCurrent",
                          in: directory)
        let body = try withCassette(record: .never, options: .init(directory: .at(directory))) { cassette in
            XCTAssertTrue(Cassette.current === cassette)
            XCTAssertEqual(cassette.name, "CassetteTestingTests/XCTestHelperTests/testNamesTheCassetteAfterTheTestAndMakesItCurrent")
            return try Self.body(of: URLRequest(url: URL(string: "http://api.test/a")!), on: cassette.session)
        }
        XCTAssertEqual(body, "named")
        XCTAssertNil(Cassette.current)
    }

    func testAsyncFormReplays() async throws {
        try Fixture.write([Fixture.interaction("http://api.test/a", body: "async")], name: "async", in: directory)
        let body = try await withCassette("async", record: .never, options: .init(directory: .at(directory))) { cassette in
            try await Fixture.get("http://api.test/a", on: cassette.session).0
        }
        XCTAssertEqual(body.map { String(decoding: $0, as: UTF8.self) }, "async")
    }

    func testANoMatchIsReportedAtTheCall() throws {
        try Fixture.write([Fixture.interaction("http://api.test/a")], name: "strict", in: directory)
        capturing = true
        let line = #line + 1
        withCassette("strict", record: .never, options: .init(directory: .at(directory))) { cassette in
            _ = try? Self.body(of: URLRequest(url: URL(string: "http://api.test/elsewhere")!), on: cassette.session)
        }
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertTrue(captured.first?.message.contains("GET http://api.test/elsewhere") == true, captured.first?.message ?? "")
    }

    func testAFailureTheBodyThrowsAgainIsReportedOnce() throws {
        try Fixture.write([Fixture.interaction("http://api.test/a")], name: "once", in: directory)
        capturing = true
        var thrown: (any Error)?
        do {
            // The task's URLError, which carries the cassette's error, escapes the body, as in most tests.
            let result = try withCassette("once", record: .never, options: .init(directory: .at(directory))) { cassette in
                try Self.body(of: URLRequest(url: URL(string: "http://api.test/elsewhere")!), on: cassette.session)
            }
            XCTAssertNil(result)
        } catch {
            thrown = error
        }
        capturing = false
        XCTAssertNil(thrown, "rethrown, the task's error would be a second, unexpected failure")
        XCTAssertEqual(captured.count, 1)
        XCTAssertTrue(captured.first?.message.contains("No recorded interaction matches GET http://api.test/elsewhere") == true,
                      captured.first?.message ?? "")
    }

    func testAsyncFormReportsAFailureOnce() async throws {
        try Fixture.write([Fixture.interaction("http://api.test/a")], name: "async-once", in: directory)
        capturing = true
        var thrown: (any Error)?
        do {
            try await withCassette("async-once", record: .never, options: .init(directory: .at(directory))) { cassette in
                _ = try await Fixture.get("http://api.test/elsewhere", on: cassette.session)
            }
        } catch {
            thrown = error
        }
        capturing = false
        XCTAssertNil(thrown)
        XCTAssertEqual(captured.count, 1)
    }

    func testUnusedRecordingsFailAtTheCallWhenAsked() throws {
        try Fixture.write([Fixture.interaction("http://api.test/a"), Fixture.interaction("http://api.test/b")], name: "two", in: directory)
        capturing = true
        let line = #line + 1
        withCassette("two", record: .never, options: .init(directory: .at(directory), unused: .fail)) { cassette in
            _ = try? Self.body(of: URLRequest(url: URL(string: "http://api.test/a")!), on: cassette.session)
        }
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertTrue(captured.first?.message.contains("#2 GET http://api.test/b") == true, captured.first?.message ?? "")
    }

    func testACassetteThatCannotOpenIsReportedAndTheBodyDoesNotRun() {
        capturing = true
        var ran = false
        let result: Void? = withCassette("absent", record: .never, options: .init(directory: .at(directory))) { _ in ran = true }
        capturing = false
        XCTAssertNil(result)
        XCTAssertFalse(ran)
        XCTAssertEqual(captured.count, 1)
        XCTAssertTrue(captured.first?.message.contains("No cassette file") == true, captured.first?.message ?? "")
    }

    /// The body of a completion-handler data task, waited for.
    private static func body(of request: URLRequest, on session: URLSession) throws -> String {
        let done = DispatchSemaphore(value: 0)
        let outcome = LockedBox<Result<String, any Error>>(.failure(URLError(.unknown)))
        session.dataTask(with: request) { data, _, error in
            outcome.withLock { $0 = data.map { .success(String(decoding: $0, as: UTF8.self)) } ?? .failure(error ?? URLError(.unknown)) }
            done.signal()
        }.resume()
        done.wait()
        return try outcome.withLock { $0 }.get()
    }
}
#endif
