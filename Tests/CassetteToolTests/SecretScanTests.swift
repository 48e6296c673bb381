@testable import CassetteTool
import CassetteCore
import Foundation
import Testing

/// `SecretScan`, the redaction check of `cassette verify`: it passes the committed cassettes, finds a planted secret
/// of each kind at the path `Scripts/scan-secrets.sh` names, agrees with that script line for line, and finds
/// literal secrets without naming them.
@Suite struct SecretScanTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = packageRoot.appendingPathComponent("Scripts/scan-secrets.sh")

    /// Whether `python3` and `bash` are on the `PATH`, so that the script can run.
    static let canRunScript: Bool = ["python3", "bash"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)")
        }
    }

    static func document(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// Every `*.json` below `folder`, sorted.
    static func jsonFiles(below folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    /// `Scan` and `SecretScan` print a finding alike: `<path>: <description>`.
    static func lines(_ findings: [SecretFinding]) -> [String] {
        findings.map { "\($0.path): \($0.description)" }
    }

    // MARK: The committed cassettes

    @Test("every committed cassette passes")
    func committedCassettesPass() throws {
        let files = Self.jsonFiles(below: Self.packageRoot.appendingPathComponent("Cassettes"))
        #expect(files.count >= 10, "the cassettes are where the test looks")
        for file in files {
            let findings = SecretScan().findings(in: try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: file)))
            #expect(findings.isEmpty, "\(file.lastPathComponent): \(Self.lines(findings))")
        }
    }

    // MARK: Planted secrets

    @Test("a planted secret of each kind is found at its path; short, echoed and placeholder values are not",
          arguments: PlantedCase.all)
    func plantedSecrets(_ planted: PlantedCase) throws {
        let findings = SecretScan().findings(in: try Self.document(planted.json))
        #expect(findings.map(\.path) == planted.paths)
        for finding in findings { #expect(finding.description.hasSuffix("characters) is not a placeholder")) }
    }

    @Test("a finding says the name and length, not the value")
    func descriptionNamesNoValue() throws {
        let json = PlantedCase.cassette(request: #"{"headers": {"Authorization": "Bearer abc.def-ghi-0123"}, "url": "https://api.test/"}"#)
        let findings = SecretScan().findings(in: try Self.document(json))
        #expect(findings == [SecretFinding(path: "$.entries[0].value.request.headers.Authorization",
                                           description: #"the value of "Authorization" (16 characters) is not a placeholder"#)])
    }

    @Test("names added to the defaults are found, compared as the script compares names")
    func extraNames() throws {
        let json = PlantedCase.cassette(request: #"{"headers": {"X_Session": "session-0123456789"}, "url": "https://api.test/?Customer-Number=cn-0123456789"}"#)
        let scan = SecretScan(extraHeaderNames: ["x-session"], extraParameterNames: ["customer_number"])
        #expect(scan.findings(in: try Self.document(json)).map(\.path) == [
            "$.entries[0].value.request.headers.X_Session", "$.entries[0].value.request.url ?Customer-Number",
        ])
        #expect(SecretScan().findings(in: try Self.document(json)).isEmpty)
    }

    // MARK: Agreement with the script

    @Test("the script and the scan report the same findings for the planted cassettes and mutated real ones",
          .enabled(if: canRunScript, "needs bash and python3 to run Scripts/scan-secrets.sh"))
    func agreesWithTheScript() throws {
        var documents: [(name: String, data: Data)] = PlantedCase.all.enumerated().map { index, planted in
            ("planted-\(index).json", Data(planted.json.utf8))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let real = Self.jsonFiles(below: Self.packageRoot.appendingPathComponent("Cassettes"))
        // SECRET_SCAN_MUTATIONS=n mutates n copies of each real cassette instead of a handful in all.
        let perFile = Int(ProcessInfo.processInfo.environment["SECRET_SCAN_MUTATIONS"] ?? "") ?? 0
        let picked = perFile > 0 ? real.flatMap { Array(repeating: $0, count: perFile) } : real.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        for (index, file) in picked.enumerated() {
            var mutator = Mutator(seed: UInt64(index + 1))
            let mutated = mutator.mutate(try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: file)), depth: 0)
            documents.append(("mutated-\(index)-\(file.deletingPathExtension().lastPathComponent).json", try encoder.encode(mutated)))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("secret-scan-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for document in documents { try document.data.write(to: folder.appendingPathComponent(document.name)) }

        let (status, output) = try Self.runScript(on: folder)
        let scriptLines = Self.findingLines(output, folder: folder)
        var total = 0
        for document in documents {
            let swift = Self.lines(SecretScan().findings(in: try JSONDecoder().decode(JSONValue.self, from: document.data)))
            total += swift.count
            #expect(swift.sorted() == (scriptLines[document.name] ?? []).sorted(), "\(document.name)")
        }
        #expect(status == (total == 0 ? 0 : 1), "\(output)")
        #expect(Set(scriptLines.keys).isSubset(of: Set(documents.map(\.name))), "\(output)")
        #expect(total > 20, "the mutations plant secrets")
    }

    /// Runs the script on `folder`: its exit status and what it printed on standard output.
    static func runScript(on folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", script.path, folder.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONIOENCODING"] = "utf-8"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The script's findings by file name: each `<folder>/<file>: <path>: the value of ...` line without its file
    /// (a line not starting with the folder continues the one before: a path may hold a line break).
    static func findingLines(_ output: String, folder: URL) -> [String: [String]] {
        let prefix = folder.path + "/"
        var found: [(file: String, line: String)] = []
        for line in (output.hasSuffix("\n") ? output.dropLast() : output[...]).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(prefix), let colon = line.range(of: ": ") {
                found.append((String(line[line.index(line.startIndex, offsetBy: prefix.count)..<colon.lowerBound]),
                              String(line[colon.upperBound...])))
            } else if !line.hasPrefix("scan-secrets:"), !found.isEmpty {
                found[found.count - 1].line += "\n" + line
            }
        }
        return Dictionary(grouping: found, by: \.file).mapValues { $0.map(\.line) }
    }

    // MARK: Python's text functions

    @Test("lower, unquote, strip, repr, the placeholder pattern and key paths give what Python gives")
    func pythonTextFunctions() {
        // Expected values printed by Python 3.11.
        let lowered = ["ΑΣ": "ας", "ΣΑ": "σα", "Σ": "σ", "A Σ": "a σ", "ΑΣ.": "ας.", "ΑΣ'Α": "ασ'α", "İD": "i\u{307}d",
                       "To\u{212A}en": "token", "ÉCOLE_Key-Σ": "école_key-σ"]
        for (text, expected) in lowered { #expect(PythonText.same(PythonText.lower(text), expected), "\(text)") }
        #expect(SecretNameSet(["token"]).contains("To\u{212A}-en"))
        #expect(!SecretNameSet(["e\u{301}"]).contains("\u{E9}"), "names compare code point by code point")
        let unquoted: [(String, String, String)] = [
            ("%41%zz%4", "A%zz%4", "A%zz%4"), ("a+b%2B%20c", "a+b+ c", "a b+ c"), ("%E2%82%41", "\u{FFFD}A", "\u{FFFD}A"),
            ("%C3é%A9", "\u{FFFD}é\u{FFFD}", "\u{FFFD}é\u{FFFD}"), ("100%", "100%", "100%"), ("%%41", "%A", "%A"),
        ]
        for (text, plain, plus) in unquoted {
            #expect(PythonText.same(PythonText.unquote(text), plain), "\(text)")
            #expect(PythonText.same(PythonText.unquotePlus(text), plus), "\(text)")
        }
        #expect(PythonText.strip("\u{A0} x \u{2028}") == "x")
        #expect(PythonText.strip("\u{1C}\u{1F}x\u{85}") == "x")
        #expect(PythonText.strip("\u{200B}x") == "\u{200B}x")
        let reprs: [(Double, String)] = [
            (9999999999999998.0, "9999999999999998.0"), (1e16, "1e+16"), (1e-4, "0.0001"), (1.5e-5, "1.5e-05"), (123, "123.0"),
            (0.1, "0.1"), (-2.5e300, "-2.5e+300"), (.leastNonzeroMagnitude, "5e-324"), (1e22, "1e+22"),
            (12345678901234567890.0, "1.2345678901234567e+19"), (-0.0, "-0.0"),
        ]
        for (number, expected) in reprs { #expect(PythonJSON.repr(number) == expected) }
        let placeholders = ["<a>": true, "<>": true, "<a<b>": false, "x<a>": false, "REDACTED_a_1": true, "REDACTED__1": true,
                            "REDACTED_1": false, "REDACTED_a b_1": false, "REDACTED_a_1x": false, "REDACTED_a\u{A0}_1": false,
                            "REDACTED_a_\u{661}": false, "REDACTED_é_12": true]
        for (text, expected) in placeholders { #expect(ScanPatterns.isPlaceholder(text) == expected, "\(text)") }
        let keys = ["a": "$.a", "_a1": "$._a1", "1a": #"$["1a"]"#, "a-b": #"$["a-b"]"#, "": #"$[""]"#, "é": #"$["\u00e9"]"#,
                    "\u{1F511}": #"$["\ud83d\udd11"]"#, "a\"b\\\n\u{7F}": #"$["a\"b\\\n\u007f"]"#]
        for (key, expected) in keys { #expect(PythonJSON.keyPath("$", key) == expected) }
        let value = JSONValue.object(["b": .array([.integer(1), .number(2.5), .number(9.5e15), .bool(true), .null, .string("é\"\u{1}\u{2028}")]), "a": .object([:])])
        #expect(PythonJSON.dumps(value) == "{\"a\": {}, \"b\": [1, 2.5, 9500000000000000.0, true, null, \"é\\\"\\u0001\u{2028}\"]}")
    }

    // MARK: Literal secrets

    @Test("a literal secret is found raw, percent-encoded and in a key, and never printed")
    func literalSecrets() throws {
        let secret = "lit secret/0123+x"
        let json = PlantedCase.cassette(
            request: #"{"url": "https://api.test/a?q=lit%20secret%2F0123%2bx", "headers": {"X-Note": "lit+secret%2F0123%2Bx"}}"#,
            response: #"{"body": {"text": "echo: lit secret/0123+x!"}, "headers": {"lit secret/0123+x": "1"}, "status": 200}"#)
        let findings = SecretScan(literalSecrets: [secret, ""]).findings(in: try Self.document(json))
        #expect(findings.map(\.path) == [
            "$.entries[0].value.request.headers[\"X-Note\"]", "$.entries[0].value.request.url",
            "$.entries[0].value.response.body.text", #"$.entries[0].value.response.headers["lit secret/0123+x"]"#,
        ])
        #expect(findings.map(\.description) == [
            "the value holds a literal secret (17 characters)", "the value holds a literal secret (17 characters)",
            "the value holds a literal secret (17 characters)", "the key holds a literal secret (17 characters)",
        ])
        for finding in findings { #expect(!finding.description.contains(secret)) }
        #expect(SecretScan(literalSecrets: ["", "absent-literal"]).findings(in: try Self.document(json)).isEmpty)
    }

    @Test("literal findings take their place in document order among the rules' findings")
    func literalOrder() throws {
        let json = PlantedCase.cassette(request: #"{"url": "https://api.test/?token=plain-token-123", "body": {"text": "lit-0123456789"}}"#)
        let findings = SecretScan(literalSecrets: ["lit-0123456789", "plain-token-123"]).findings(in: try Self.document(json))
        #expect(findings.map(\.path) == [
            "$.entries[0].value.request.body.text", "$.entries[0].value.request.url ?token", "$.entries[0].value.request.url",
        ])
    }
}

/// A small cassette holding planted secrets, and the paths at which the scan must report them, in order.
struct PlantedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let paths: [String]

    var testDescription: String { name }

    /// A cache file with one interaction.
    static func cassette(request: String, response: String = #"{"status": 200}"#) -> String {
        #"{"entries": [{"key": 1, "value": {"recordedAt": "2026-11-23T16:24:49Z", "request": \#(request), "response": \#(response)}}], "format": "Caching.Cache", "version": 1}"#
    }

    static let request = "$.entries[0].value.request"
    static let response = "$.entries[0].value.response"

    static let all: [PlantedCase] = [
        PlantedCase(name: "Authorization keeps its scheme",
                    json: cassette(request: #"{"headers": {"Authorization": "Bearer abc.def-ghi-0123"}, "url": "https://api.test/"}"#),
                    paths: ["\(request).headers.Authorization"]),
        PlantedCase(name: "each cookie of Cookie; Set-Cookie's long values, attributes left out",
                    json: cassette(request: #"{"headers": {"Cookie": "session=s3cr3t-cookie-value; theme=dark"}, "url": "https://api.test/"}"#,
                                   response: #"{"headers": {"Set-Cookie": "sid=\"long-session-value-1\"; Path=/; HttpOnly, other=abc; Max-Age=3600"}, "status": 200}"#),
                    paths: ["\(request).headers.Cookie (cookie session)", "\(request).headers.Cookie (cookie theme)",
                            #"\#(response).headers["Set-Cookie"] (cookie sid)"#]),
        PlantedCase(name: "X-Api-Key",
                    json: cassette(request: #"{"headers": {"X-Api-Key": "key-0123456789"}, "url": "https://api.test/"}"#),
                    paths: [#"\#(request).headers["X-Api-Key"]"#]),
        PlantedCase(name: "a query item, and one of a URL in a query value",
                    json: cassette(request: #"{"url": "https://api.test/v1/items?page=2&access_token=tok-123456789&next=https%3A%2F%2Fother.test%2Fcb%3Fsignature%3Dsig-abcdef123&go+to=https://x.test/?token=plus-token-1234#top"}"#),
                    paths: ["\(request).url ?access_token", "\(request).url ?next ?signature", "\(request).url ?go+to ?token"]),
        PlantedCase(name: "URLs in query values, four levels deep at most",
                    json: cassette(request: #"{"url": "https://api.test/?a=1?b=2?c=3?d=4?token=depth-four-123&e=1?f=2?g=3?h=4?i=5?token=depth-five-123"}"#),
                    paths: ["\(request).url ?a ?b ?c ?d ?token"]),
        PlantedCase(name: "a URL's user-information password",
                    json: cassette(request: #"{"url": "https://alice:hunter2-password@api.test/"}"#),
                    paths: ["\(request).url (user information)"]),
        PlantedCase(name: "a form field of a text body",
                    json: cassette(request: #"{"body": {"text": "a=1&password=pa%2Bss+word"}, "method": "POST", "url": "https://api.test/login"}"#),
                    paths: ["\(request).body.text ?password"]),
        PlantedCase(name: "a multipart field",
                    json: cassette(request: #"{"body": {"text": "--BOUNDARY\r\nContent-Disposition: form-data; name=\"client_secret\"\r\n\r\ncs-0123456789\r\n--BOUNDARY\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n--BOUNDARY--\r\n"}, "url": "https://api.test/upload"}"#),
                    paths: ["\(request).body.text (multipart field client_secret)"]),
        PlantedCase(name: "a JSON key at depth, and JSON held in a string",
                    json: cassette(request: #"{"body": {"json": {"payload": "{\"refresh_token\": \"rt-0123456789\"}", "user": {"credentials": [{"api_key": "ak-0123456789"}]}}}, "url": "https://api.test/"}"#),
                    paths: ["\(request).body.json.payload <json>.refresh_token", "\(request).body.json.user.credentials[0].api_key"]),
        PlantedCase(name: "headers echoed in a response body, and a Location with a token",
                    json: cassette(request: #"{"url": "https://api.test/echo"}"#,
                                   response: #"{"body": {"json": {"headers": {"X-Auth-Token": "echoed-token-value-1"}}}, "headers": {"Location": "https://api.test/cb?code=1&token=loc-token-123456"}, "status": 302}"#),
                    paths: [#"\#(response).body.json.headers["X-Auth-Token"]"#, "\(response).headers.Location ?token"]),
        PlantedCase(name: "a headers object at any depth, its name in any case",
                    json: cassette(request: #"{"body": {"json": {"echo": {"HEADERS": {"Cookie": "k=cookie-value-123", "Accept": "*/*"}}}}, "url": "https://api.test/"}"#),
                    paths: ["\(request).body.json.echo.HEADERS.Cookie (cookie k)"]),
        PlantedCase(name: "a redirect hop, and a file that is not a cache",
                    json: cassette(request: #"{"url": "https://api.test/"}"#,
                                   response: #"{"redirects": [{"status": 301, "url": "https://api.test/next?token=hop-token-123456"}], "status": 200}"#),
                    paths: ["\(response).redirects[0].url ?token"]),
        PlantedCase(name: "any JSON file: walked from $", json: #"{"settings": {"password": "plain-text-pw"}, "weird key": [{"secret": "s-0123456789"}]}"#,
                    paths: ["$.settings.password", #"$["weird key"][0].secret"#]),
        PlantedCase(name: "a response value shorter than 8 characters is not a secret",
                    json: cassette(request: #"{"url": "https://api.test/"}"#, response: #"{"body": {"json": {"token": "short7c"}}, "status": 200}"#),
                    paths: []),
        PlantedCase(name: "a response value the request carries is not a secret (the request's is)",
                    json: cassette(request: #"{"headers": {"X-Api-Key": "echo-key-0123456789"}, "url": "https://api.test/?q=a%20b"}"#,
                                   response: #"{"body": {"json": {"headers": {"X-Api-Key": "echo-key-0123456789"}, "token": "?q=a b"}}, "status": 200}"#),
                    paths: [#"\#(request).headers["X-Api-Key"]"#]),
        PlantedCase(name: "placeholders are not secrets",
                    json: cassette(request: #"{"body": {"json": {"password": "<REDACTED:password>"}}, "headers": {"Authorization": "Bearer <REDACTED:token>", "Cookie": "a=<REDACTED:a>; b="}, "url": "https://api.test/?token=REDACTED_token_3"}"#,
                                   response: #"{"body": {"json": {"token": "REDACTED_access_token_12"}}, "status": 200}"#),
                    paths: []),
    ]
}

/// Plants secret-looking values and names into a real cassette, reproducibly: strings replaced and members added
/// from pools of the shapes the scan looks into (and of the traps around them).
struct Mutator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }

    /// SplitMix64.
    private mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    static let names = [
        "token", "Access-Token", "ACCESS_TOKEN", "client-secret", "Authorization", "authorization", "Proxy-Authorization",
        "Set-Cookie", "cookie", "X-Api-Key", "Location", "location", "headers", "Headers", "url", "text", "json", "body",
        "base64", "password", "weird key", "ключ", "to\u{212A}en", "redirects", "api_key", "failure", "response", "\u{1F511}",
    ]

    static let values = [
        "Bearer live-token-0123456789", "Basic  dXNlcjpwYXNzd29yZA== ", "Bearer", "Bearer <REDACTED:token>",
        #"session="quoted-cookie-123456"; Path=/; HttpOnly, second=value-abcdefgh; Max-Age=3600; ="x"; e\#u{301}=acc-ent-value"#,
        "https://user:p%40ss-word-1234@api.example.com/x?token=tok-%E2%82-xyz&next=https%3A%2F%2Fe.example%2F%3Fsignature%3Dsig%2B12345678#frag?token=nope",
        "a=1&password=pa+ss%20word%zz&Access-Token=abcdefghij&=&&x", "ftp://:only-password-9@host/", "mailto:x@y?token=mail-token-123",
        "--B\r\nContent-Disposition: form-data; name=\"api_key\"\r\nContent-Type: text/plain\r\n\r\nmp-key-0123456789\r\n--B\r\nContent-Disposition:form-data;name=\"secret\"\r\n\r\n\r\n--B--",
        #"{"id_token": "idt-0123456789", "nested": [{"secret": "s\#u{e9}cre\#u{301}t-long-value"}], "n": NaN, "big": 1e999}"#,
        #"[{"passwd": "pw"}, {"token": "<REDACTED:token>"}, "https://h.test/?apikey=in-array-12345"]"#, #"{"token": "trailing-comma-1",}"#,
        "\u{A0}{\"apikey\": \"ak-nbsp-12345678\"}\u{2028}", #"{"token": "first-value-123", "token": "second-value-456"}"#,
        #"{"headers": {"Cookie": "a=b1234567; c=\"dddddddddd\"", "X-CSRF-Token": "csrf-0123456789"}, "auth": {"signature": "\ud83d\ude00-pair-signature"}}"#,
        "REDACTED_token_3", "REDACTED_x y_3", "REDACTED__1", "REDACTED_1", "<REDACTED:token>", "<a<b>", "<>", "short", "", "1234567",
        "12345678", "Σύνθημα-value-ΑΣ", "https://api.example.com/?to\u{212A}en=kelvin-token-123&SIGNATURE=sig%C3%A9%FFvalue",
        "http://127.0.0.1:8765/get?Token=%", "  padded-secret-value  ", "\u{1F511}\u{1F511}\u{1F511}\u{1F511}", "multi\nline\tsecret\u{7}",
    ]

    /// `node` with some strings replaced and, in some objects, a member added (a string or a small object of
    /// strings), at most four levels deep into added members.
    mutating func mutate(_ node: JSONValue, depth: Int) -> JSONValue {
        switch node {
        case .string:
            return next(4) == 0 ? .string(Self.values[next(Self.values.count)]) : node
        case .array(let items):
            return .array(items.map { mutate($0, depth: depth) })
        case .object(let members):
            var result = members.mapValues { mutate($0, depth: depth) }
            if next(3) == 0 {
                let name = Self.names[next(Self.names.count)]
                if next(3) == 0 && depth < 4 {
                    var added: [String: JSONValue] = [:]
                    added[Self.names[next(Self.names.count)]] = mutate(.object([:]), depth: depth + 1)
                    added[Self.names[next(Self.names.count)]] = .string(Self.values[next(Self.values.count)])
                    result[name] = .object(added)
                } else {
                    result[name] = .string(Self.values[next(Self.values.count)])
                }
            }
            return .object(result)
        default:
            return node
        }
    }
}
