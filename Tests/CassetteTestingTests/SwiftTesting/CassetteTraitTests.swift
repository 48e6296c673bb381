import Foundation
import Locking
import Testing
@testable import CassetteCore
@testable import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The trait's own behaviour, offline: naming, merging, and failures recorded as issues at the test. The suite
/// recorded from httpbin and replayed in CI is `HTTPBinClientTests/TraitSuiteTests.swift`.
@Suite("The .cassette trait")
struct CassetteTraitTests {
    @Test("outside a cassette there is no current one")
    func noCurrentOutside() {
        #expect(Cassette.current == nil)
    }

    @Test("a test's own trait names its cassette; a suite's is the folder; none derives it from the suite path")
    func naming() throws {
        let test = try #require(Test.current)
        // Written here, in the test: the test's own.
        let own = CassetteTrait.cassette("users/one")
        #expect(CassetteTrait.resolve([own], for: test).0 == "users/one")
        // Written before the test (as a suite's attribute is): a folder.
        let suite = CassetteTrait.cassette("users", sourceLocation: SourceLocation(
            fileID: test.sourceLocation.fileID, filePath: test.sourceLocation.pathOfFile,
            line: max(1, test.sourceLocation.line - 1), column: 1))
        #expect(CassetteTrait.resolve([suite], for: test).0 == "users/naming")
        #expect(CassetteTrait.resolve([suite, .cassette], for: test).0 == "users/naming")
        #expect(CassetteTrait.resolve([suite, own], for: test).0 == "users/one")
        #expect(CassetteTrait.resolve([.cassette], for: test).0 == "CassetteTraitTests/naming")
    }

    @Test("the nearest trait that gives an option wins")
    func merging() throws {
        let test = try #require(Test.current)
        let (_, options) = CassetteTrait.resolve([.cassette(record: .all, repeatsLastResponse: true),
                                                   .cassette(record: .none, savesOnError: true)], for: test)
        #expect(options.mode == .none)
        #expect(options.repeatsLastResponse)
        #expect(options.savesOnError)
        #expect(!options.recordsTransportErrors)
    }

    @Test("inside the scope the cassette is current, with a session that goes through it")
    func scopeMakesTheCassetteCurrent() async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a", body: "replayed")], name: "scoped", in: directory)
            let seen = LockedBox<String?>(nil)
            try await CassetteTrait.cassette("scoped", record: .none, directory: directory)
                .provideScope(for: test, testCase: Test.Case.current) {
                    let cassette = try #require(Cassette.current)
                    #expect(cassette.name == "scoped" && cassette.mode == .none)
                    let (data, _) = try await Fixture.get("http://api.test/a", on: cassette.session)
                    seen.withLock { $0 = String(decoding: data, as: UTF8.self) }
                }
            #expect(seen.withLock { $0 } == "replayed")
            #expect(Cassette.current == nil)
        }
    }

    @Test("a request with no recording is an issue at the test, not an error thrown from the scope")
    func failuresAreIssuesAtTheTest() async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a")], name: "strict", in: directory)
            try await withKnownIssue {
                try await CassetteTrait.cassette("strict", record: .none, directory: directory)
                    .provideScope(for: test, testCase: Test.Case.current) {
                        let session = try #require(Cassette.current).session
                        _ = try? await Fixture.get("http://api.test/a", on: session)
                        _ = try? await Fixture.get("http://api.test/elsewhere", on: session)
                    }
            } matching: { issue in
                (issue.error as? CassetteError)?.code == .noMatch && issue.sourceLocation == test.sourceLocation
            }
        }
    }

    @Test("a cassette that cannot be opened is an issue, and the test body does not run")
    func openFailureSkipsTheBody() async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            let ran = LockedBox(false)
            try await withKnownIssue {
                try await CassetteTrait.cassette("absent", record: .none, directory: directory)
                    .provideScope(for: test, testCase: Test.Case.current) { ran.withLock { $0 = true } }
            } matching: { issue in
                (issue.error as? CassetteError)?.code == .cassetteNotFound
            }
            #expect(!ran.withLock { $0 })
        }
    }

    @Test("a parameterized test is refused, with a message that says how to name its cases", arguments: [1])
    func parameterizedTestsAreRefused(_ argument: Int) async throws {
        let test = try #require(Test.current)
        let ran = LockedBox(false)
        try await withKnownIssue {
            try await CassetteTrait.cassette.provideScope(for: test, testCase: Test.Case.current) {
                ran.withLock { $0 = true }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Cassette.use(\"CassetteTraitTests/parameterizedTestsAreRefused/\\(argument)\")") }
        }
        #expect(!ran.withLock { $0 })
    }

    @Test("the test's own error passes through; nothing is saved")
    func bodyErrorsPassThrough() async throws {
        let test = try #require(Test.current)
        struct Boom: Error {}
        try await withTemporaryDirectory { directory in
            await #expect(throws: Boom.self) {
                try await CassetteTrait.cassette("new", record: .once, directory: directory)
                    .provideScope(for: test, testCase: Test.Case.current) { throw Boom() }
            }
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("new.json").path))
            try Data().write(to: directory.appendingPathComponent("unrelated"))
        }
    }
}
