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
        #expect(CassetteTrait.resolve([.cassette("users/one"), .cassette(record: .never)], for: test).0 == "users/one")
    }

    @Test("the nearest trait that gives an option wins")
    func merging() throws {
        let test = try #require(Test.current)
        let (_, options, _) = CassetteTrait.resolve([.cassette(record: .all, options: .init(repeatsLastResponse: true)),
                                                   .cassette(record: .never, options: .init(savesOnError: true))], for: test)
        let resolved = options.resolved()
        #expect(resolved.record == .never)
        #expect(resolved.repeatsLastResponse)
        #expect(resolved.savesOnError)
        #expect(!resolved.recordsTransportErrors)
    }

    @Test("a test's trait sets back to its default what its suite's trait changed")
    func backToTheDefault() async throws {
        let test = try #require(Test.current)
        let suite = CassetteTrait.cassette(record: .never, redaction: .disabled,
                                           options: .init(repeatsLastResponse: true, unused: .fail, latency: .fixed(3),
                                                          faults: [.fail(.timedOut, when: .request(1))], expiry: .after(days: 1)))
        let back = CassetteTrait.cassette(record: .automatic, redaction: .default,
                                          options: .init(repeatsLastResponse: false, unused: .warn, latency: ReplayLatency.immediate,
                                                         faults: [], expiry: .never))
        let underSuite = CassetteTrait.resolve([suite, .cassette], for: test).1.resolved()
        #expect(underSuite.record == RecordMode.never && underSuite.repeatsLastResponse && underSuite.unused == UnusedInteractions.fail)
        #expect(underSuite.latency == ReplayLatency.fixed(3) && underSuite.faults.count == 1 && underSuite.expiry.expires)
        let reset = CassetteTrait.resolve([suite, back], for: test).1.resolved()
        let defaults = CassetteOptions().resolved()
        #expect(reset.record == defaults.record && reset.record == RecordMode.automatic)
        #expect(reset.redaction == defaults.redaction && reset.redaction == Redaction.default)
        #expect(reset.repeatsLastResponse == defaults.repeatsLastResponse && !reset.repeatsLastResponse)
        #expect(reset.unused == defaults.unused && reset.latency == defaults.latency)
        #expect(reset.faults.isEmpty && !reset.expiry.expires)

        // And the cassette the test opens sees it: under the suite's `none` the mode is `none`; set back to
        // `automatic`, it is what the environment asks for.
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a")], name: "reset", in: directory)
            let place = CassetteOptions(directory: .at(directory), environment: [RecordMode.environmentVariable: "new"])
            for (test_, expected) in [(CassetteTrait.cassette("reset"), RecordMode.never), (.cassette("reset", record: .automatic), .new)] {
                let (source, options, _) = CassetteTrait.resolve([.cassette(record: .never, options: place), test_], for: test)
                let cassette = try Cassette(source, options: options, filePath: #filePath, opener: .init(testName: "backToTheDefault"))
                #expect(cassette.mode == expected)
                _ = cassette.close(bodyError: CancellationError())
            }
        }
    }

    @Test("inside a test with the trait, Cassette.use starts from the trait's options; its own arguments win")
    func useInsideTheTraitInheritsItsOptions() async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a", body: "inner")], name: "inner", in: directory)
            try Fixture.write([Fixture.interaction("http://api.test/a", body: "outer")], name: "outer", in: directory)
            let seen = LockedBox<[String]>([])
            try await CassetteTrait.cassette("outer", record: .never, options: .init(directory: .at(directory), repeatsLastResponse: true, unused: .ignore))
                .provideScope(for: test, testCase: Test.Case.current) {
                    // The directory, the mode and repeatsLastResponse come from the trait: two requests, one recording.
                    try await Cassette.use("inner") { session in
                        #expect(Cassette.current?.mode == RecordMode.never)
                        for _ in 0..<2 {
                            let (data, _) = try await Fixture.get("http://api.test/a", on: session)
                            seen.withLock { $0.append(String(decoding: data, as: UTF8.self)) }
                        }
                    }
                    // The call's own options win over the trait's.
                    await #expect(throws: CassetteError.self) {
                        try await Cassette.use("inner", options: .init(repeatsLastResponse: false, unused: .ignore)) { session in
                            for _ in 0..<2 { _ = try await Fixture.get("http://api.test/a", on: session) }
                        }
                    }
                }
            #expect(seen.withLock { $0 } == ["inner", "inner"])
        }
    }

    @Test("inside the scope the cassette is current, with a session that goes through it")
    func scopeMakesTheCassetteCurrent() async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a", body: "replayed")], name: "scoped", in: directory)
            let seen = LockedBox<String?>(nil)
            try await CassetteTrait.cassette("scoped", record: .never, options: .init(directory: .at(directory)))
                .provideScope(for: test, testCase: Test.Case.current) {
                    let cassette = try #require(Cassette.current)
                    #expect(cassette.name == "scoped" && cassette.mode == .never)
                    let (data, _) = try await Fixture.get("http://api.test/a", on: cassette.session)
                    seen.withLock { $0 = String(decoding: data, as: UTF8.self) }
                }
            #expect(seen.withLock { $0 } == "replayed")
            #expect(Cassette.current == nil)
        }
    }

    static let noMatch = ExpectedIssues { ($0.error as? CassetteError)?.code == .noMatch }

    @Test("a request with no recording is an issue at the test, not an error thrown from the scope",
          noMatch.trait)
    func failuresAreIssuesAtTheTest() async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a")], name: "strict", in: directory)
            try await CassetteTrait.cassette("strict", record: .never, options: .init(directory: .at(directory)))
                .provideScope(for: test, testCase: Test.Case.current) {
                    let session = try #require(Cassette.current).session
                    _ = try? await Fixture.get("http://api.test/a", on: session)
                    _ = try? await Fixture.get("http://api.test/elsewhere", on: session)
                }
        }
        #expect(Self.noMatch.issues.map(\.sourceLocation) == [test.sourceLocation])
    }

    static let notFound = ExpectedIssues { ($0.error as? CassetteError)?.code == .cassetteNotFound }

    @Test("a cassette that cannot be opened is an issue, and the test body does not run",
          notFound.trait)
    func openFailureSkipsTheBody() async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            let ran = LockedBox(false)
            try await CassetteTrait.cassette("absent", record: .never, options: .init(directory: .at(directory)))
                .provideScope(for: test, testCase: Test.Case.current) { ran.withLock { $0 = true } }
            #expect(!ran.withLock { $0 })
        }
        #expect(Self.notFound.issues.map(\.sourceLocation) == [test.sourceLocation])
    }

    #if compiler(>=6.3)
    static let parameterizedWarning = ExpectedIssues { $0.severity == .warning }
    #else
    static let parameterizedWarning = ExpectedIssues { _ in false }
    #endif

    @Test("a parameterized test runs without a cassette, warned how to name its cases, with the traits' options",
          parameterizedWarning.trait, arguments: [1])
    func parameterizedTestsGetNoCassette(_ argument: Int) async throws {
        let test = try #require(Test.current)
        let current = LockedBox<Bool?>(nil)
        let scoped = LockedBox<UnusedInteractions?>(nil)
        try await CassetteTrait.cassette(options: .init(unused: .ignore)).provideScope(for: test, testCase: Test.Case.current) {
            current.withLock { $0 = Cassette.current != nil }
            scoped.withLock { $0 = CassetteOptions.scoped?.unused }
        }
        #expect(current.withLock { $0 } == false)
        #expect(scoped.withLock { $0 } == .ignore, "Cassette.use in the case starts from the trait's options")
        #if compiler(>=6.3)
        let warnings = Self.parameterizedWarning.issues.flatMap(\.comments).map(\.rawValue)
        #expect(warnings.count == 1)
        // The trait cannot know the parameter's name (the test's name has its label, `_` here): a placeholder.
        #expect(warnings.allSatisfy {
            $0.contains("Cassette.use(\"CassetteTestingTests/CassetteTraitTests/parameterizedTestsGetNoCassette/<the case's arguments>\")")
                && !$0.contains("\\(argument)")
        })
        #endif
    }

    static let ownCassetteWarning = ExpectedIssues { $0.severity == .warning }

    @Test("a parameterized case that opens a cassette of its own, as the warning asks, is not warned",
          ownCassetteWarning.trait, arguments: [1])
    func parameterizedCasesWithTheirOwnCassette(_ argument: Int) async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/case")], name: "case-\(argument)", in: directory)
            try await CassetteTrait.cassette(options: .init(directory: .at(directory))).provideScope(for: test, testCase: Test.Case.current) {
                try await Cassette.use("case-\(argument)", record: .never) { session in
                    _ = try await Fixture.get("http://api.test/case", on: session)
                }
            }
        }
        #expect(Self.ownCassetteWarning.issues.isEmpty, "\(Self.ownCassetteWarning.issues)")
    }

    @Test("the test's own error passes through; nothing is saved")
    func bodyErrorsPassThrough() async throws {
        let test = try #require(Test.current)
        struct Boom: Error {}
        try await withTemporaryDirectory { directory in
            await #expect(throws: Boom.self) {
                try await CassetteTrait.cassette("new", record: .once, options: .init(directory: .at(directory)))
                    .provideScope(for: test, testCase: Test.Case.current) { throw Boom() }
            }
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("new.json").path))
            try Data().write(to: directory.appendingPathComponent("unrelated"))
        }
    }
}
