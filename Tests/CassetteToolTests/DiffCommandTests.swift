@testable import CassetteCore
import Foundation
import Testing

/// `cassette diff`: what a re-recording changed, by interaction and by JSON path, never with a value.
@Suite struct DiffCommandTests {
    private static func interaction(_ url: String, status: Int = 200, json: String, date: String = "Mon, 23 Nov 2026 10:00:00 GMT",
                                    requestBody: String? = nil) -> Interaction {
        Interaction(
            request: RecordedRequest(method: requestBody == nil ? "GET" : "POST", url: url, body: requestBody.map { Body(Data($0.utf8)) }),
            response: RecordedResponse(status: status, headers: ["Content-Type": "application/json", "Date": date],
                                       body: Body(Data(json.utf8)), url: url),
            recordedAt: Date(timeIntervalSince1970: 1_795_392_000))
    }

    /// Runs `cassette diff old.json new.json` over the two recordings, with `options` after.
    private static func diff(_ old: [Interaction], _ new: [Interaction], format: String? = nil, options: [String] = []) throws -> ToolRun {
        try ToolSandbox.with { sandbox in
            try CassetteFile.save(old, to: sandbox.file("old.json"))
            try CassetteFile.save(new, to: sandbox.file("new.json"))
            return sandbox.run(["diff", "old.json", "new.json"] + (format.map { ["--format", $0] } ?? []) + options)
        }
    }

    private static let users = "https://api.example.com/users"
    private static let before = #"{"id":1,"name":"Ada","token":"tok-old-secret-1","tags":["a"]}"#

    @Test("only Date moved, and the recording date: no changes, exit 0")
    func onlyDate() throws {
        var again = Self.interaction(Self.users, json: Self.before, date: "Tue, 24 Nov 2026 11:00:00 GMT")
        again.recordedAt = Date(timeIntervalSince1970: 1_795_500_000)
        let run = try Self.diff([Self.interaction(Self.users, json: Self.before)], [again])
        #expect(run.status == 0)
        #expect(run.output == "diff: no changes in 1 cassette.\n")
    }

    @Test("a changed value, an added key, a changed kind, a longer array: each by path, never the value")
    func jsonChanges() throws {
        let after = #"{"id":"1","name":"Ada","token":"tok-new-secret-2","tags":["a","b"],"email":"x@example.com"}"#
        let run = try Self.diff([Self.interaction(Self.users, json: Self.before)], [Self.interaction(Self.users, json: after)])
        #expect(run.status == 1)
        #expect(run.output.contains("~ GET https://api.example.com/users"))
        for line in ["body: $.email added (string)", "body: $.id is string, was number", "body: $.tags has 2 elements, was 1",
                     "body: $.token changed"] {
            #expect(run.output.contains(line), "\(line)\n\(run.output)")
        }
        #expect(!run.output.contains("tok-new-secret-2") && !run.output.contains("tok-old-secret-1") && !run.output.contains("x@example.com"))
    }

    @Test("a new interaction, a removed one, a status and a request body, in markdown")
    func interactionsAndMarkdown() throws {
        let old = [Self.interaction(Self.users, json: Self.before), Self.interaction(Self.users + "/2", json: "{}"),
                   Self.interaction(Self.users, json: "{}", requestBody: #"{"name":"Ada"}"#)]
        let new = [Self.interaction(Self.users, status: 201, json: Self.before), Self.interaction(Self.users + "/3", json: "{}"),
                   Self.interaction(Self.users, json: "{}", requestBody: #"{"name":"Ada","admin":true}"#)]
        let run = try Self.diff(old, new, format: "markdown")
        #expect(run.status == 1)
        #expect(run.output.contains("### new.json: 1 added, 1 removed, 2 changed"), "\(run.output)")
        #expect(run.output.contains("- + GET https://api.example.com/users/3"))
        #expect(run.output.contains("- - GET https://api.example.com/users/2"))
        #expect(run.output.contains("  - status 200 → 201"))
        #expect(run.output.contains("  - request body: $.admin added (bool)"))
    }

    @Test("a secret a file holds in a URL (an old revision, say) is not shown: the URL is redacted as recording would")
    func secretsInURLsAreNotShown() throws {
        let old = [Self.interaction(Self.users + "?token=tok-in-old-file-1&page=1", json: "{}")]
        let new = [Self.interaction(Self.users + "?token=<REDACTED:token>&page=2", json: "{}")]
        for format in ["text", "markdown"] {
            let run = try Self.diff(old, new, format: format)
            #expect(run.status == 1)
            #expect(!run.output.contains("tok-in-old-file-1"), "\(run.output)")
            #expect(run.output.contains("GET https://api.example.com/users?token=%3CREDACTED:token%3E&page=1"), "\(run.output)")
        }
    }

    @Test("what the test's matchers ignore is ignored: a query item when pairing, a header, JSON key paths in every body")
    func ignoringWhatMatchersIgnore() throws {
        var old = Self.interaction(Self.users + "?page=1&ts=100", json: #"{"id":1,"requestId":"r-1","meta":{"nonce":"n1"}}"#)
        old.response?.headers["X-Build"] = "a1"
        var new = Self.interaction(Self.users + "?ts=200&page=1", json: #"{"id":1,"requestId":"r-2","meta":{"nonce":"n2"}}"#)
        new.response?.headers["X-Build"] = "b2"
        let plain = try Self.diff([old], [new])
        #expect(plain.output.contains("+ GET https://api.example.com/users?ts=200&page=1") && plain.output.contains("- GET"))
        let ignoring = try Self.diff([old], [new], options: ["--ignore-query", "ts", "--ignore-header", "X-Build",
                                                             "--ignore-json", "requestId", "--ignore-json", "**.nonce"])
        #expect(ignoring.status == 0, "\(ignoring.output)")
        #expect(ignoring.output == "diff: no changes in 1 cassette.\n")
        let notAll = try Self.diff([old], [new], options: ["--ignore-query", "ts", "--ignore-json", "requestId"])
        #expect(notAll.output.contains("~ GET https://api.example.com/users?ts=200&page=1"), "\(notAll.output)")
        #expect(notAll.output.contains("header X-Build changed") && notAll.output.contains("body: $.meta.nonce changed"))
        #expect(!notAll.output.contains("requestId"))
    }

    @Test("an event stream is compared event by event, and by how it ended; its timing is not")
    func streamEvents() throws {
        func stream(_ events: [String], end: RecordedStream.End, pace: Double) -> Interaction {
            let body = events.map { "data: \($0)\n\n" }.joined()
            var interaction = Self.interaction(Self.users + "/events", json: "{}")
            interaction.response?.headers["Content-Type"] = "text/event-stream"
            interaction.response?.body = Body(Data(body.utf8))
            interaction.response?.stream = RecordedStream(head: 0.01, chunks: events.enumerated().map { index, event in
                RecordedStream.Chunk(at: pace * Double(index + 1), size: event.utf8.count + 8)
            }, end: end)
            return interaction
        }
        let old = stream([#"{"delta":"Hel","index":0}"#, #"{"delta":"lo","index":1}"#], end: .complete, pace: 0.1)
        let slower = stream([#"{"delta":"Hel","index":0}"#, #"{"delta":"lo","index":1}"#], end: .complete, pace: 0.3)
        #expect(try Self.diff([old], [slower]).status == 0, "only the timing moved")
        let new = stream([#"{"delta":"Hi","index":0}"#, #"{"delta":"lo","index":1,"done":true}"#, "[DONE]"], end: .cancelled, pace: 0.1)
        let run = try Self.diff([old], [new])
        for line in ["body: 3 events, was 2", "body: event 1: $.delta changed", "body: event 2: $.done added (bool)",
                     "stream cancelled by the client, was finished"] {
            #expect(run.output.contains(line), "\(line)\n\(run.output)")
        }
        #expect(!run.output.contains("Hel") && !run.output.contains("Hi"))
    }

    /// An interaction answering with the event-stream `body`, as a server wrote it.
    private static func events(_ body: String) -> Interaction {
        var interaction = Self.interaction(Self.users + "/events", json: "{}")
        interaction.response?.headers["Content-Type"] = "text/event-stream"
        interaction.response?.body = Body(Data(body.utf8))
        return interaction
    }

    @Test("a stream change a client reads is a change, not layout: an event's type, id, retry, and a last event no blank line ends",
          arguments: [
              ("event: delta\ndata: {\"text\":\"hi\"}\n\n", "event: error\ndata: {\"text\":\"hi\"}\n\n", "body: event 1: type changed"),
              ("data: {\"ok\":true}\n\ndata: {\"balance\": 100}", "data: {\"ok\":true}\n\ndata: {\"balance\": 999999}", "body: event 2: $.balance changed"),
              ("data: {\"ok\":true}\n\ndata: {\"balance\": 100}\n", "data: {\"ok\":true}\n\ndata: {\"balance\": 999999}\n", "body: event 2: $.balance changed"),
              ("id: 1\ndata: x\n\n", "id: 2\ndata: x\n\n", "body: event 1: id changed"),
              ("retry: 1000\ndata: x\n\n", "retry: 60000\ndata: x\n\n", "body: event 1: retry changed"),
              ("data: x\n\n", "data: x\n\ndata: y", "body: 2 events, was 1"),
          ])
    func streamChangesAClientReads(old: String, new: String, line: String) throws {
        let run = try Self.diff([Self.events(old)], [Self.events(new)])
        #expect(run.status == 1)
        #expect(run.output.contains(line), "\(line)\n\(run.output)")
        #expect(!run.output.contains("layout only"), "\(run.output)")
        #expect(!run.output.contains("999999") && !run.output.contains("error"), "values are never shown\n\(run.output)")
    }

    @Test("a stream a client reads the same is changed in layout only: line endings, comments, an unknown field")
    func streamLayoutOnly() throws {
        let old = "event: delta\ndata: {\"text\":\"hi\"}\nid: 1\n\n"
        let new = ": keep-alive\r\nevent: delta\r\nx-unknown: 1\r\ndata:{\"text\":\"hi\"}\r\nid: 1\r\n\r\n"
        let run = try Self.diff([Self.events(old)], [Self.events(new)])
        #expect(run.status == 1)
        #expect(run.output.contains("body: changed in layout only"), "\(run.output)")
    }

    @Test("markdown holds a hostile name, URL and key as inert text: no injected heading, no HTML, a backtick-safe heading")
    func hostileMarkdown() throws {
        let hostile = "evil`name\n### Approved by security <img src=x onerror=alert(1)> *[link](x)* _|_"
        let old = [Self.interaction(Self.users, json: #"{"a":1}"#), Self.interaction(Self.users + "/gone", json: "{}")]
        let new = [Self.interaction(Self.users, json: "{\"a\":1,\"\(hostile.replacingOccurrences(of: "\n", with: "\\n"))\":2}"),
                   Self.interaction(Self.users + "/" + hostile, json: "{}")]
        let run = try ToolSandbox.with { sandbox in
            try FileManager.default.createDirectory(at: sandbox.file("old"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: sandbox.file("new"), withIntermediateDirectories: true)
            try CassetteFile.save(old, to: sandbox.file("old/\(hostile).json"))
            try CassetteFile.save(new, to: sandbox.file("new/\(hostile).json"))
            return sandbox.run(["diff", "old", "new", "--format", "markdown"])
        }
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("#") }.count == 1, "only the cassette's own heading\n\(run.output)")
        #expect(lines.first?.hasPrefix("### evil\\`name\\n### Approved by security &lt;img src=x onerror=alert(1)&gt; \\*\\[link\\](x)\\* \\_\\|\\_: ") == true,
                "\(run.output)")
        #expect(!run.output.contains("<") && !run.output.contains(">"), "\(run.output)")
        // A heading, one line per added, removed and changed interaction, the changed key, a blank line, the summary.
        #expect(lines.count == 8, "\(run.output)")
    }

    #if CAN_SPAWN_PROCESSES
    @Test("--git compares the cassette directory with a revision: a committed cassette changed, one added since, nothing else")
    func againstGit() throws {
        try ToolSandbox.with { sandbox in
            try sandbox.git("init", "-q")
            try sandbox.git("add", ".")
            try sandbox.git("commit", "-q", "-m", "recorded")
            #expect(sandbox.run(["diff", "--git"]).status == 0)
            let file = try #require(try FileManager.default.subpathsOfDirectory(atPath: sandbox.file("Cassettes").path)
                .sorted().first { $0.hasSuffix(".json") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } })
            let url = sandbox.file("Cassettes/" + file)
            var interactions = try #require(try CassetteFile.load(url))
            interactions[0].response?.status = 299
            try CassetteFile.save(interactions, to: url)
            try CassetteFile.save([Self.interaction(Self.users, json: "{}")], to: sandbox.file("Cassettes/new-since.json"))
            let run = sandbox.run(["diff", "--git", "HEAD"])
            #expect(run.status == 1)
            #expect(run.output.contains("new-since: new cassette, 1 added"), "\(run.output)")
            #expect(run.output.contains("→ 299"), "\(run.output)")
            #expect(run.output.contains("\ndiff: 2 of "), "\(run.output)")
            #expect(sandbox.run(["diff", "--git", "no-such-revision"]).status == 3)
        }
    }
    #endif
}
