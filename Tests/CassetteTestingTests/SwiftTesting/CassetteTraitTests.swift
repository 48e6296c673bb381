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

    @Test("a name names the cassette; otherwise the module, suite path and test do, with folder: for the module")
    func naming() throws {
        let test = try #require(Test.current)
        #expect(CassetteTrait.resolve([.cassette], for: test).0 == "CassetteTestingTests/CassetteTraitTests/naming")
        #expect(CassetteTrait.resolve([.cassette(folder: "traits")], for: test).0 == "traits/CassetteTraitTests/naming")
        #expect(CassetteTrait.resolve([.cassette(folder: "traits"), .cassette], for: test).0 == "traits/CassetteTraitTests/naming")
        #expect(CassetteTrait.resolve([.cassette(folder: "traits"), .cassette("users/one")], for: test).0 == "users/one")
        #expect(CassetteTrait.resolve([.cassette("users/one"), .cassette(record: .none)], for: test).0 == "users/one")
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

    @Test("a parameterized test runs without a cassette, warned how to name its cases", arguments: [1])
    func parameterizedTestsGetNoCassette(_ argument: Int) async throws {
        let test = try #require(Test.current)
        let current = LockedBox<Bool?>(nil)
        #if compiler(>=6.3)
        try await withKnownIssue {
            try await CassetteTrait.cassette.provideScope(for: test, testCase: Test.Case.current) {
                current.withLock { $0 = Cassette.current != nil }
            }
        } matching: { issue in
            issue.severity == .warning && issue.comments.contains {
                $0.rawValue.contains("Cassette.use(\"CassetteTestingTests/CassetteTraitTests/parameterizedTestsGetNoCassette/\\(argument)\")")
            }
        }
        #else
        try await CassetteTrait.cassette.provideScope(for: test, testCase: Test.Case.current) {
            current.withLock { $0 = Cassette.current != nil }
        }
        #endif
        #expect(current.withLock { $0 } == false)
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
