@testable import CassetteTool
import CassetteCore
import Foundation
import Testing

/// `cassette verify`'s redaction check: it passes the committed cassettes, finds a planted secret of each kind at its
/// coding path naming the rule that finds it, and never prints a value.
@Suite struct RedactionCheckTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every `*.json` below `folder`, sorted.
    static func jsonFiles(below folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    /// What `verify` says of a file holding `json`, checked with `redaction`: every problem line.
    static func problems(_ json: String, redaction: Redaction = .default) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redaction-check-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return VerifyCommand.problems(in: file, check: RedactionCheck(redaction: redaction))
    }

    // MARK: The committed cassettes

    @Test("every committed cassette passes")
    func committedCassettesPass() throws {
        let files = Self.jsonFiles(below: Self.packageRoot.appendingPathComponent("Cassettes"))
        #expect(files.count >= 30, "the cassettes are where the test looks")
        for file in files {
            let problems = VerifyCommand.problems(in: file, check: RedactionCheck(redaction: .default))
            #expect(problems.isEmpty, "\(file.lastPathComponent): \(problems)")
        }
    }

    // MARK: Planted secrets

    @Test("a planted secret of each kind is found at its path, by the rule that finds it; short, echoed and placeholder values are not",
          arguments: PlantedCase.all)
    func plantedSecrets(_ planted: PlantedCase) throws {
        let problems = try Self.problems(planted.json)
        let found = problems.filter { $0.hasPrefix("At ") && $0.contains(" is stored unredacted; recording writes ") }
        #expect(found.map { PlantedCase.pathAndRule(of: $0) } == planted.findings.map { "\($0.path): \($0.rule)" })
        #expect(problems.count == found.count + (planted.isCassette ? 0 : 1), "\(problems)")
    }

    @Test("a cassette put where no cassette name leads (a hidden file, a hidden folder) is read by verify and list too")
    func hiddenFilesAreChecked() throws {
        let json = PlantedCase.cassette(request: #"{"headers": {"Authorization": "Bearer abc.def-ghi-0123"}, "method": "GET", "url": "https://api.test/"}"#)
        try ToolSandbox.with { sandbox in
            for path in ["Cassettes/.leak.json", "Cassettes/.hidden/inner.json"] {
                try FileManager.default.createDirectory(at: sandbox.file(path).deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(json.utf8).write(to: sandbox.file(path))
            }
            let verify = sandbox.run(["verify", "Cassettes"])
            #expect(verify.status == 1)
            #expect(verify.output.contains("Cassettes/.leak.json"), "\(verify.output)")
            #expect(verify.output.contains("Cassettes/.hidden/inner.json"), "\(verify.output)")
            #expect(!verify.output.contains("abc.def-ghi-0123"))
            let list = sandbox.run(["list", "Cassettes"])
            #expect(list.output.contains(".leak") && list.output.contains(".hidden/inner"), "\(list.output)")
        }
    }

    @Test("a token in a URL's fragment is found by the query item rule (issue 26, item 5)")
    func fragmentToken() throws {
        let json = PlantedCase.cassette(request: #"{"method": "GET", "url": "https://app.test/cb#access_token=implicit-token-4f1c&state=x"}"#)
        let problems = try Self.problems(json)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains(#"the value of query item "access_token""#) == true, "\(problems)")
        #expect(problems.first?.contains("implicit-token-4f1c") == false)
    }

    @Test("a finding names the rule, the length and what recording writes, not the value")
    func descriptionNamesNoValue() throws {
        let json = PlantedCase.cassette(request: #"{"headers": {"Authorization": "Bearer abc.def-ghi-0123"}, "method": "GET", "url": "https://api.test/"}"#)
        #expect(try Self.problems(json) == [
            #"At entries[0].value.request.headers.Authorization: the value of header "authorization" (16 characters) is stored unredacted; recording writes <REDACTED:authorization>"#,
        ])
    }

    @Test("a value only the server sent is said so, with the learned placeholder recording gives it")
    func serverValues() throws {
        let json = PlantedCase.cassette(request: #"{"method": "GET", "url": "https://api.test/"}"#,
                                        response: #"{"body": {"json": {"access_token": "fresh-token-0123"}, "layout": "compact"}, "status": 200, "url": "https://api.test/"}"#)
        #expect(try Self.problems(json) == [
            #"At entries[0].value.response.body.json.access_token: the value of JSON key "access_token" (16 characters, sent by the server) is stored unredacted; recording writes REDACTED_access_token_1"#,
        ])
    }

    @Test("rules added to the defaults are found: a header, a query item (also a JSON key), a key path, a literal")
    func addedRules() throws {
        let json = PlantedCase.cassette(request: #"{"body": {"json": {"customerNumber": "cn-9876543210", "user": {"ssn": "123-45-6789"}}, "layout": "compact"}, "headers": {"X_Session": "session-0123456789"}, "method": "POST", "url": "https://api.test/?Customer-Number=cn-0123456789&q=lit%20secret%2F0123%2Bx"}"#,
                                        response: #"{"body": {"text": "echo: lit secret/0123+x!"}, "status": 200, "url": "https://api.test/"}"#)
        #expect(try Self.problems(json).isEmpty, "the default rules name none of them")
        let rules = Redaction.default.redactingHeaders("x-session").redactingQueryItems("customer_number")
            .redactingJSONKeys("customer_number").redactingJSONKeyPaths("user.ssn").redactingSecret("lit secret/0123+x", as: "<LIT>")
        let found = try Self.problems(json, redaction: rules)
        #expect(found.map(PlantedCase.pathAndRule) == [
            #"entries[0].value.request.body.json.customerNumber: the value of JSON key "customerNumber""#,
            #"entries[0].value.request.body.json.user.ssn: the value of JSON key "ssn""#,
            #"entries[0].value.request.headers.X_Session: the value of header "x_session""#,
            #"entries[0].value.request.url: the literal secret <LIT>"#,
            #"entries[0].value.request.url: the value of query item "Customer-Number""#,
            #"entries[0].value.response.body.text: the literal secret <LIT>"#,
        ])
        #expect(!found.joined().contains("lit secret") && !found.joined().contains("0123456789"))
    }

    @Test("values of a secret's shape are found where no rule looks, by shape and path; --redact no-shape: turns one off")
    func shapedValues() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let github = "ghp_" + String((0..<35).map { _ in letters.randomElement()! }) + "7"
        let google = "AIza" + String((0..<34).map { _ in letters.randomElement()! }) + "Q"
        let json = PlantedCase.cassette(
            request: #"{"headers": {"X-Custom": "\#(google)"}, "method": "GET", "url": "https://api.test/"}"#,
            response: #"{"body": {"json": {"note": "deploy with \#(github)"}, "layout": "compact"}, "status": 200, "url": "https://api.test/"}"#)
        let found = try Self.problems(json)
        #expect(found.map(PlantedCase.pathAndRule) == [
            #"entries[0].value.request.headers["X-Custom"]: a value shaped like "google-api-key""#,
            #"entries[0].value.response.body.json.note: a value shaped like "github-token""#,
        ])
        #expect(found.last?.hasSuffix("recording writes REDACTED_github-token_1") == true, "\(found)")
        #expect(!found.joined().contains(github) && !found.joined().contains(google))
        let rules = try RedactionRules(["no-shape:github-token", "no-shape:google-api-key"], environment: [:], spec: VerifyCommand.spec).redaction
        #expect(try Self.problems(json, redaction: rules).isEmpty)
    }

    @Test("a change that shows no placeholder (in a binary body) is still a problem, at its path")
    func changeWithoutAPlaceholder() throws {
        let body = Data("password=hunter22-secret&x=".utf8) + Data([0xFF, 0xFE])
        let json = PlantedCase.cassette(request: #"{"body": {"base64": "\#(body.base64EncodedString())"}, "method": "POST", "url": "https://api.test/"}"#)
        #expect(try Self.problems(json) == ["At entries[0].value.request.body.base64: redacting this value again changes it; record the cassette again"])
    }

    @Test("a file the default rules recorded passes, whatever it held: recording then verify finds nothing")
    func recordedFilesPass() throws {
        for planted in PlantedCase.all where planted.isCassette {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: file) }
            let interactions = try CassetteFile.decode(Data(planted.json.utf8), file: file)
            try CassetteFile.save(Redaction.default.redacting(interactions), to: file)
            let problems = VerifyCommand.problems(in: file, check: RedactionCheck(redaction: .default))
            #expect(problems.isEmpty, "\(planted.name): \(problems)")
        }
    }
}

/// A small cassette holding planted secrets, and what the check must report, in order: each place with the rule
/// that finds the secret there.
struct PlantedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let findings: [(path: String, rule: String)]
    /// Whether the file reads as a cassette (else verify says so first, and checks it as a JSON request body).
    var isCassette = true

    var testDescription: String { name }

    /// A cache file with one interaction.
    static func cassette(request: String, response: String = #"{"status": 200, "url": "https://api.test/"}"#) -> String {
        #"{"entries": [{"key": 1, "value": {"recordedAt": "2026-11-23T16:24:49Z", "request": \#(request), "response": \#(response)}}], "format": "Caching.Cache", "version": 1}"#
    }

    /// `At <path>: <rule> (n characters...) is stored unredacted; ...` as `<path>: <rule>`.
    static func pathAndRule(of problem: String) -> String {
        let text = problem.hasPrefix("At ") ? String(problem.dropFirst(3)) : problem
        return text.range(of: " (").map { String(text[..<$0.lowerBound]) } ?? text
    }

    static let request = "entries[0].value.request"
    static let response = "entries[0].value.response"

    static let all: [PlantedCase] = [
        PlantedCase(name: "Authorization keeps its scheme",
                    json: cassette(request: #"{"headers": {"Authorization": "Bearer abc.def-ghi-0123"}, "method": "GET", "url": "https://api.test/"}"#),
                    findings: [("\(request).headers.Authorization", #"the value of header "authorization""#)]),
        PlantedCase(name: "each cookie of Cookie; Set-Cookie's long values, attributes left out",
                    json: cassette(request: #"{"headers": {"Cookie": "session=s3cr3t-cookie-value; theme=dark"}, "method": "GET", "url": "https://api.test/"}"#,
                                   response: #"{"headers": {"Set-Cookie": "sid=\"long-session-value-1\"; Path=/; HttpOnly, other=abc; Max-Age=3600"}, "status": 200, "url": "https://api.test/"}"#),
                    findings: [("\(request).headers.Cookie", #"the value of cookie "session""#),
                               ("\(request).headers.Cookie", #"the value of cookie "theme""#),
                               (#"\#(response).headers["Set-Cookie"]"#, #"the value of cookie "sid""#)]),
        PlantedCase(name: "X-Api-Key",
                    json: cassette(request: #"{"headers": {"X-Api-Key": "key-0123456789"}, "method": "GET", "url": "https://api.test/"}"#),
                    findings: [(#"\#(request).headers["X-Api-Key"]"#, #"the value of header "x-api-key""#)]),
        PlantedCase(name: "a query item, and one of a URL in a query value",
                    json: cassette(request: #"{"method": "GET", "url": "https://api.test/v1/items?page=2&access_token=tok-123456789&next=https%3A%2F%2Fother.test%2Fcb%3Fsignature%3Dsig-abcdef123&go+to=https://x.test/?token=plus-token-1234#top"}"#),
                    findings: [("\(request).url", #"the value of query item "signature""#),
                               ("\(request).url", #"the value of query item "token""#),
                               ("\(request).url", #"the value of query item "access_token""#)]),
        PlantedCase(name: "URLs in query values, four levels deep at most",
                    json: cassette(request: #"{"method": "GET", "url": "https://api.test/?a=1?b=2?c=3?d=4?token=depth-four-123&e=1?f=2?g=3?h=4?i=5?token=depth-five-123"}"#),
                    findings: [("\(request).url", #"the value of query item "token""#)]),
        PlantedCase(name: "a URL's user-information password",
                    json: cassette(request: #"{"method": "GET", "url": "https://alice:hunter2-password@api.test/"}"#),
                    findings: [("\(request).url", "the URL's user-information password")]),
        PlantedCase(name: "a form field of a text body",
                    json: cassette(request: #"{"body": {"text": "a=1&password=pa%2Bss+word"}, "method": "POST", "url": "https://api.test/login"}"#),
                    findings: [("\(request).body.text", #"the value of form field "password""#)]),
        PlantedCase(name: "a multipart field, no Content-Type announcing the boundary",
                    json: cassette(request: #"{"body": {"text": "--BOUNDARY\r\nContent-Disposition: form-data; name=\"client_secret\"\r\n\r\ncs-0123456789\r\n--BOUNDARY\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n--BOUNDARY--\r\n"}, "method": "POST", "url": "https://api.test/upload"}"#),
                    findings: [("\(request).body.text", #"the value of form field "client_secret""#)]),
        PlantedCase(name: "a JSON key at depth, and JSON held in a string",
                    json: cassette(request: #"{"body": {"json": {"payload": "{\"refresh_token\": \"rt-0123456789\"}", "user": {"credentials": [{"api_key": "ak-0123456789"}]}}, "layout": "compact"}, "method": "POST", "url": "https://api.test/"}"#),
                    findings: [("\(request).body.json.payload", #"the value of JSON key "refresh_token""#),
                               ("\(request).body.json.user.credentials[0].api_key", #"the value of JSON key "api_key""#)]),
        PlantedCase(name: "headers echoed in a response body, and a Location with a token",
                    json: cassette(request: #"{"method": "GET", "url": "https://api.test/echo"}"#,
                                   response: #"{"body": {"json": {"headers": {"X-Auth-Token": "echoed-token-value-1"}}, "layout": "compact"}, "headers": {"Location": "https://api.test/cb?code=1&token=loc-token-123456"}, "status": 302, "url": "https://api.test/echo"}"#),
                    findings: [(#"\#(response).body.json.headers["X-Auth-Token"]"#, #"the value of header "x-auth-token""#),
                               ("\(response).headers.Location", #"the value of query item "token""#)]),
        PlantedCase(name: "a headers object at any depth, its name in any case",
                    json: cassette(request: #"{"body": {"json": {"echo": {"HEADERS": {"Accept": "*/*", "Cookie": "k=cookie-value-123"}}}, "layout": "compact"}, "method": "POST", "url": "https://api.test/"}"#),
                    findings: [("\(request).body.json.echo.HEADERS.Cookie", #"the value of cookie "k""#)]),
        PlantedCase(name: "a redirect hop",
                    json: cassette(request: #"{"method": "GET", "url": "https://api.test/"}"#,
                                   response: #"{"redirects": [{"headers": {}, "status": 301, "url": "https://api.test/next?token=hop-token-123456"}], "status": 200, "url": "https://api.test/"}"#),
                    findings: [("\(response).redirects[0].url", #"the value of query item "token""#)]),
        PlantedCase(name: "any JSON file: checked as a JSON request body",
                    json: #"{"settings": {"password": "plain-text-pw"}, "weird key": [{"secret": "s-0123456789"}]}"#,
                    findings: [("settings.password", #"the value of JSON key "password""#),
                               (#"["weird key"][0].secret"#, #"the value of JSON key "secret""#)],
                    isCassette: false),
        PlantedCase(name: "a cassette that does not read, still checked as JSON: its headers objects and keys",
                    json: cassette(request: #"{"headers": {"Authorization": "Bearer broken-file-token-1"}, "url": "https://api.test/"}"#),
                    findings: [("\(request).headers.Authorization", #"the value of header "authorization""#)],
                    isCassette: false),
        PlantedCase(name: "a response value shorter than 8 characters is not a secret",
                    json: cassette(request: #"{"method": "GET", "url": "https://api.test/"}"#,
                                   response: #"{"body": {"json": {"token": "short7c"}, "layout": "compact"}, "status": 200, "url": "https://api.test/"}"#),
                    findings: []),
        PlantedCase(name: "a value the request carries raw is a leak in the request and in the response that echoes it",
                    json: cassette(request: #"{"headers": {"X-Api-Key": "echo-key-0123456789"}, "method": "GET", "url": "https://api.test/?q=a%20b"}"#,
                                   response: #"{"body": {"json": {"headers": {"X-Api-Key": "echo-key-0123456789"}, "token": "?q=a b"}, "layout": "compact"}, "status": 200, "url": "https://api.test/"}"#),
                    findings: [(#"\#(request).headers["X-Api-Key"]"#, #"the value of header "x-api-key""#),
                               (#"\#(response).body.json.headers["X-Api-Key"]"#, #"the value of header "x-api-key""#)]),
        PlantedCase(name: "placeholders are not secrets",
                    json: cassette(request: #"{"body": {"json": {"password": "<REDACTED:password>"}, "layout": "compact"}, "headers": {"Authorization": "Bearer <REDACTED:token>", "Cookie": "a=<REDACTED:a>; b="}, "method": "POST", "url": "https://api.test/?token=REDACTED_token_3"}"#,
                                   response: #"{"body": {"json": {"token": "REDACTED_access_token_12"}, "layout": "compact"}, "status": 200, "url": "https://api.test/"}"#),
                    findings: []),
    ]
}
