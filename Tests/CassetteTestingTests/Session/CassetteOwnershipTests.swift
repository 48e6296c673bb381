import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One file, one test: for the whole run, the first test to open a cassette file owns it, another test opening it
/// is told, naming both, and a no-match in a file other tests use says so before any command (see `OpenCassettes`).
@Suite("A cassette file belongs to one test of the run")
struct CassetteOwnershipTests {
    private static func options(_ directory: URL, _ record: RecordMode = .never) -> CassetteOptions {
        CassetteOptions(record: record, directory: .at(directory), unused: .ignore, environment: [:])
    }

    @Test("a second test opening the file fails at once, naming both, in a mode that replays and in one that records")
    func aSecondTestIsTold() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/greeting")], name: "greeting", in: directory)
            try await Cassette.use("greeting", options: Self.options(directory), function: "firstGreets()") { session in
                _ = try await Fixture.get("http://api.test/greeting", on: session)
            }
            for record in [RecordMode.never, .once, .all] {
                var ran = false
                let error = await #expect(throws: CassetteError.self) {
                    try await Cassette.use("greeting", options: Self.options(directory, record), function: "secondGreets()") { (_: URLSession) async in
                        ran = true
                    }
                }
                #expect(error?.code == .usedByAnotherTest)
                #expect(!ran, "the second test's body does not run")
                let message = error?.message ?? ""
                #expect(message.contains("Two tests use this cassette: Cassette.use at CassetteTestingTests/CassetteOwnershipTests.swift:"))
                #expect(message.contains("in firstGreets() in CassetteTestingTests/CassetteOwnershipTests.swift opened it earlier in this run"))
                #expect(message.contains("in secondGreets() in CassetteTestingTests/CassetteOwnershipTests.swift opens it now"))
                #expect(message.contains("Give each test its own cassette name"))
                #expect(!message.contains("CASSETTE_RECORD"), "no command: recording again is not the fix")
                #expect(message.contains("give the helper parameters fileID: String = #fileID and function: String = #function"),
                        "two Cassette.use calls may be one test's, through a helper")
            }
            // The owner still opens it.
            try await Cassette.use("greeting", options: Self.options(directory), function: "firstGreets()") { session in
                _ = try await Fixture.get("http://api.test/greeting", on: session)
            }
        }
    }

    @Test("one place that many tests reach shares its cassette: a helper function, a suite's named trait")
    func onePlaceShares() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/login")], name: "login", in: directory)
            // A helper: its own #fileID and #function, whichever test calls it.
            func loggedIn() async throws {
                try await Cassette.use("login", options: Self.options(directory)) { session in
                    _ = try await Fixture.get("http://api.test/login", on: session)
                }
            }
            try await loggedIn()
            try await loggedIn()
            // A helper that opens the calling test's cassette, passing on the test's #function: one test with it.
            func openOwn(function: String = #function) async throws {
                try await Cassette.use("own", options: Self.options(directory), function: function) { session in
                    _ = try await Fixture.get("http://api.test/login", on: session)
                }
            }
            try Fixture.write([Fixture.interaction("http://api.test/login")], name: "own", in: directory)
            try await openOwn()
            try await Cassette.use("own", options: Self.options(directory)) { session in
                _ = try await Fixture.get("http://api.test/login", on: session)
            }
            // A suite's `.cassette("shared")`: its tests hold copies of one trait, which owns the file.
            let suite = CassetteOpener(.trait, testName: "a", test: "Suite a()", owner: "trait T")
            let other = CassetteOpener(.trait, testName: "b", test: "Suite b()", owner: "trait T")
            try Fixture.write([Fixture.interaction("http://api.test/shared")], name: "shared", in: directory)
            for opener in [suite, other] {
                _ = try Cassette("shared", options: Self.options(directory), filePath: #filePath, opener: opener).close(bodyError: nil)
            }
            // A test whose trait named the suite's cassette opens it in its body too: one test.
            let inBody = CassetteOpener(.use, testName: "a", test: "Suite a()", owner: "test Suite a()")
            _ = try Cassette("shared", options: Self.options(directory), filePath: #filePath, opener: inBody).close(bodyError: nil)
            // A test of another place is not let in.
            let stranger = CassetteOpener(.trait, testName: "c", test: "Suite c()", owner: "trait U")
            #expect(throws: CassetteError.self) {
                try Cassette("shared", options: Self.options(directory), filePath: #filePath, opener: stranger)
            }
        }
    }

    @Test("two names for one file (a symbolic link) are one file")
    func symbolicLinksAreOneFile() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a")], name: "real/a", in: directory)
            try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("alias"),
                                                       withDestinationURL: directory.appendingPathComponent("real"))
            _ = try Cassette("real/a", options: Self.options(directory), filePath: #filePath, opener: .init(testName: "one")).close(bodyError: nil)
            let error = #expect(throws: CassetteError.self) {
                try Cassette("alias/a", options: Self.options(directory), filePath: #filePath, opener: .init(testName: "two"))
            }
            #expect(error?.code == .usedByAnotherTest)
        }
    }

    @Test("a no-match in a file that other tests use names them first, and gives no command that records")
    func noMatchNamesTheOtherTests() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a?name=first")], name: "shared", in: directory)
            let first = CassetteOpener(.trait, testName: "first", test: "T first()", owner: "trait S", testShown: "test first()")
            let second = CassetteOpener(.trait, testName: "second", test: "T second()", owner: "trait S", testShown: "test second()")
            _ = try Cassette("shared", options: Self.options(directory), filePath: #filePath, opener: first).close(bodyError: nil)
            let cassette = try Cassette("shared", options: Self.options(directory), filePath: #filePath, opener: second)
            _ = try? await Fixture.get("http://api.test/a?name=second", on: cassette.session)
            let failures = cassette.close(bodyError: nil).failures
            #expect(failures.map(\.code) == [.noMatch])
            let lines = failures.first?.message.split(separator: "\n").map(String.init) ?? []
            #expect(lines.first?.hasPrefix("No recorded interaction matches GET http://api.test/a?name=second") == true)
            #expect(lines.dropFirst().first?.hasPrefix("Other tests of this run use this cassette too: test first().") == true)
            #expect(!lines.contains { $0.contains("CASSETTE_RECORD") })
        }
    }

    @Test("a HAR file is never written: any test replays it")
    func harFilesAreShared() async throws {
        try await withTemporaryDirectory { directory in
            let har = directory.appendingPathComponent("api.har")
            try HTTPArchive.encoded([Fixture.interaction("http://api.test/a")]).write(to: har)
            for name in ["one", "two"] {
                _ = try Cassette(.har(har), options: Self.options(directory), filePath: #filePath, opener: .init(testName: name)).close(bodyError: nil)
            }
        }
    }
}
