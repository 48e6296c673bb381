import Foundation
import Testing
@testable import CassetteCore
@testable import CassetteTesting

@Suite("Recorded interactions never replayed")
struct UnusedInteractionsTests {
    /// `GET /a` twice, then `/b` and `/c`.
    private func writeFour(_ name: String, in directory: URL) throws {
        let paths: [String] = ["a", "a", "b", "c"]
        try Fixture.write(paths.map { path in Fixture.interaction("http://api.test/" + path, body: path) }, name: name, in: directory)
    }

    @Test("unused: .fail makes use throw, naming each unreplayed interaction by position, method and URL")
    func failNamesEachOne() async throws {
        try await withTemporaryDirectory { directory in
            try writeFour("four", in: directory)
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("four", record: .never, options: .init(directory: .at(directory), unused: .fail)) { session in
                    _ = try await Fixture.get("http://api.test/a", on: session)
                    _ = try await Fixture.get("http://api.test/c", on: session)
                }
            }
            #expect(error?.code == .unusedInteractions)
            let message = error?.message ?? ""
            #expect(message.contains("2 recorded interaction(s) were never replayed: #2 GET http://api.test/a; #3 GET http://api.test/b."), "\(message)")
            #expect(message.contains("CASSETTE_RECORD=all swift test --filter failNamesEachOne"), "\(message)")
        }
    }

    @Test("ten long URLs never replayed: three are named, each shortened, then a count; the message fits a terminal")
    func longListsAreShort() async throws {
        try await withTemporaryDirectory { directory in
            let query = (1...40).map { "filter\($0)=value-\($0)-of-a-long-search" }.joined(separator: "&")
            let urls = (1...10).map { "https://api.example.com/v2/search/\($0)?" + query }
            try Fixture.write([Fixture.interaction("http://api.test/used")] + urls.map { Fixture.interaction($0) }, name: "long", in: directory)
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("long", record: .never, options: .init(directory: .at(directory), unused: .fail)) { session in
                    _ = try await Fixture.get("http://api.test/used", on: session)
                }
            }
            let message = error?.message ?? ""
            #expect(message.contains("10 recorded interaction(s) were never replayed: #2 GET https://api.example.com/v2/search/1?… (40 query items); #3 GET https://api.example.com/v2/search/2?… (40 query items); #4 GET https://api.example.com/v2/search/3?… (40 query items) and 7 more."), "\(message)")
            #expect(message.count < 600, "\(message.count) characters")
            #expect(!message.contains("filter1="))
        }
    }

    @Test("a URL is shown whole up to 120 characters; past that, host and path (a long one cut in its middle) and a count of query items")
    func shortenedURLs() {
        let short = "https://api.example.com/users/1?fields=name"
        #expect(URLParts.shortened(short) == short)
        let longPath = "https://h.test/" + String(repeating: "segment/", count: 30) + "end"
        let shown = URLParts.shortened(longPath)
        #expect(shown.hasPrefix("https://h.test/segment/") && shown.hasSuffix("segment/end") && shown.contains("…") && shown.count <= 120, "\(shown)")
    }

    @Test("nothing is said when everything was replayed, when the body threw, or when a request failed")
    func silentWhenItSaysNothing() async throws {
        try await withTemporaryDirectory { directory in
            try writeFour("four", in: directory)
            try await Cassette.use("four", record: .never, options: .init(directory: .at(directory), unused: .fail)) { session in
                for path in ["a", "a", "b", "c"] { _ = try await Fixture.get("http://api.test/\(path)", on: session) }
            }
            struct Stop: Error {}
            #expect(throws: Stop.self) {
                try Cassette.use("four", record: .never, options: .init(directory: .at(directory), unused: .fail)) { _ in throw Stop() }
            }
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("four", record: .never, options: .init(directory: .at(directory), unused: .fail)) { session in
                    _ = try? await Fixture.get("http://api.test/elsewhere", on: session)
                }
            }
            #expect(error?.code == .noMatch)
        }
    }

    @Test("warn is a warning from close, not a failure; ignore says nothing")
    func warnAndIgnore() async throws {
        try await withTemporaryDirectory { directory in
            try writeFour("four", in: directory)
            for (policy, warnings) in [(UnusedInteractions.warn, 1), (.ignore, 0)] {
                var options = CassetteOptions()
                options.record = .never
                options.directory = .at(directory)
                options.unused = policy
                let cassette = try Cassette("four", options: options.overridden(by: CassetteOptions(environment: [:])), filePath: #filePath, opener: .init(testName: "warnAndIgnore"))
                _ = try await cassette.makeCurrent { try await Fixture.get("http://api.test/b", on: cassette.session) }
                let ending = cassette.close(bodyError: nil)
                #expect(ending.failures.isEmpty)
                #expect(ending.warnings.map(\.code) == Array(repeating: .unusedInteractions, count: warnings))
                #expect(ending.warnings.first?.message.contains("#1 GET http://api.test/a; #2 GET http://api.test/a; #4 GET http://api.test/c") ?? true)
            }
            #expect(CassetteOptions().resolved().unused == .warn)
        }
    }

    @Test("CASSETTE_REPORT collects one JSON line per use of a cassette, whatever the policy; a failed use lists nothing")
    func reportFile() async throws {
        struct Stop: Error {}
        try await withTemporaryDirectory { directory in
            try writeFour("one", in: directory)
            try writeFour("nested/two", in: directory)
            let report = directory.appendingPathComponent("unused.jsonl")
            let environment = ["CASSETTE_REPORT": report.path]
            try await Cassette.use("one", record: .never, options: .init(directory: .at(directory), unused: .ignore, environment: environment)) { session in
                _ = try await Fixture.get("http://api.test/a", on: session)
                _ = try await Fixture.get("http://api.test/a", on: session)
            }
            try await Cassette.use("nested/two", record: .never, options: .init(directory: .at(directory), unused: .ignore, environment: environment)) { session in
                for path in ["a", "a", "b"] { _ = try await Fixture.get("http://api.test/\(path)", on: session) }
            }
            try await Cassette.use("nested/two", record: .never, options: .init(directory: .at(directory), environment: environment)) { session in
                for path in ["a", "a", "b", "c"] { _ = try await Fixture.get("http://api.test/\(path)", on: session) }
            }
            await #expect(throws: Stop.self) {
                try await Cassette.use("one", record: .never, options: .init(directory: .at(directory), environment: environment)) { session in
                    _ = try await Fixture.get("http://api.test/a", on: session)
                    throw Stop()
                }
            }
            let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 4)
            let entries = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            #expect(entries.map { $0["name"] as? String } == ["one", "nested/two", "nested/two", "one"])
            #expect(entries.map { ($0["cassette"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == ["one.json", "two.json", "two.json", "one.json"])
            let unused = entries.map { ($0["unused"] as? [[String: Any]] ?? []).map { "\($0["interaction"] ?? "")" } }
            #expect(unused == [["3", "4"], ["4"], [], []])
            #expect(entries.map { $0["failed"] as? Bool } == [nil, nil, nil, true])
            let first = try #require((entries[0]["unused"] as? [[String: Any]])?.first)
            #expect(first["method"] as? String == "GET" && first["url"] as? String == "http://api.test/b")
        }
    }

    #if compiler(>=6.1)
    static let unusedIssues = ExpectedIssues { ($0.error as? CassetteError)?.code == .unusedInteractions }

    @Test("the trait reports unused: .fail as an issue at the test; a test's own trait overrides its suite's",
          unusedIssues.trait)
    func traitPolicy() async throws {
        let test = try #require(Test.current)
        try await withTemporaryDirectory { directory in
            try writeFour("four", in: directory)
            try await CassetteTrait.cassette("four", record: .never, options: .init(directory: .at(directory), unused: .fail))
                .provideScope(for: test, testCase: Test.Case.current) {
                    _ = try await Fixture.get("http://api.test/b", on: try #require(Cassette.current).session)
                }
            #expect(Self.unusedIssues.issues.map(\.sourceLocation) == [test.sourceLocation])
            let suite = CassetteTrait.cassette(options: .init(unused: .fail))
            #expect(CassetteTrait.resolve([suite, .cassette(options: .init(unused: .ignore))], for: test).1.unused == .ignore)
            #expect(CassetteTrait.resolve([suite, .cassette()], for: test).1.unused == .fail)
            #expect(CassetteTrait.resolve([.cassette()], for: test).1.resolved().unused == .warn)
        }
    }
    #endif
}
