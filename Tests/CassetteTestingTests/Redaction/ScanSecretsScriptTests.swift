import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

/// `Scripts/scan-secrets.sh` checks committed cassettes with the default rules: its lists are the Swift ones, it
/// passes every file the default rules write, and fails (without printing a value) on one written without rules.
@Suite("Scripts/scan-secrets.sh")
struct ScanSecretsScriptTests {
    private static let packageRoot = CassetteLocation.packageRoot(containing: #filePath)
    private static let script = packageRoot.appendingPathComponent("Scripts/scan-secrets.sh")

    /// Whether `python3` and `bash` are on the `PATH`, so that the script can run.
    private static let canRun: Bool = ["python3", "bash"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)")
        }
    }

    /// The words of the script's line `NAME = "..."` (or the value of `NAME = 8`).
    private func assignment(_ name: String) throws -> [String] {
        let text = try String(contentsOf: Self.script, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(name + " = ") }, "\(name) is not in the script")
        return line.dropFirst(name.count + 3).replacingOccurrences(of: "\"", with: "").split(separator: " ").map(String.init)
    }

    @Test("its name lists and length are the harness's defaults")
    func listsMatchTheSwiftDefaults() throws {
        #expect(Set(try assignment("HEADER_NAMES")) == Redaction.defaultHeaderNames)
        #expect(Set(try assignment("PARAMETER_NAMES")) == Redaction.defaultParameterNames)
        #expect(try assignment("MINIMUM_LEARNED_LENGTH") == [String(InteractionSecret.minimumLearnedLength)])
    }

    /// Runs the script on `target`: its exit status and everything it printed.
    private func scan(_ target: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", Self.script.path, target.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// The planted requests, each answered by a server that echoes it (URL, headers, body) and sets a cookie of
    /// its own, as `rules` record them.
    private func interactions(_ secrets: PlantedSecrets, rules: Redaction) throws -> [Interaction] {
        try secrets.requests.enumerated().map { position, request in
            let sent = RecordedRequest(request, body: request.httpBody)
            let echo: [String: Any] = ["url": sent.url, "headers": sent.headers,
                                       "data": sent.body.map { String(decoding: $0.data, as: UTF8.self) } ?? ""]
            let response = RecordedResponse(
                status: 200, headers: ["Content-Type": "application/json", "Set-Cookie": "server=\(UUID().uuidString); Path=/"],
                body: Body(try JSONSerialization.data(withJSONObject: echo, options: [.sortedKeys])), url: sent.url)
            var (stored, found) = rules.redact(sent)
            let storedResponse = rules.redact(response, secrets: &found, number: position + 1)
            stored.method = sent.method
            return Interaction(request: stored, response: storedResponse, recordedAt: Fixture.recordedAt)
        }
    }

    @Test("a cassette the default rules wrote passes; the same one written without rules fails, every entry named",
          .enabled(if: canRun, "needs bash and python3"))
    func scansPlantedSecrets() async throws {
        try await withTemporaryDirectory { directory in
            let secrets = PlantedSecrets(host: "https://api.test")
            let redacted = directory.appendingPathComponent("redacted"), raw = directory.appendingPathComponent("raw")
            try Fixture.write(try interactions(secrets, rules: .default), name: "planted", in: redacted)
            try Fixture.write(try interactions(secrets, rules: .disabled), name: "planted", in: raw)

            let clean = try scan(redacted)
            #expect(clean.status == 0, "\(clean.output)")

            let dirty = try scan(raw)
            #expect(dirty.status == 1)
            // A URL's password is hidden whatever the rules: no rule-less file holds one, so one is written by hand.
            for position in secrets.requests.indices where secrets.requests[position].url?.password == nil {
                #expect(dirty.output.contains("planted.json: $.entries[\(position)].value.request."), "entry \(position): \(dirty.output)")
            }
            #expect(dirty.output.contains(#"response.headers["Set-Cookie"] (cookie server)"#), "a value the server set")
            #expect(secrets.leaks(in: [dirty.output]).isEmpty, "the scan prints no value")

            let handMade = directory.appendingPathComponent("hand-made.json")
            try Data(#"{"entries":[{"key":1,"value":{"request":{"method":"GET","url":"https://demo:\#(secrets.userInfoPassword)@api.test/"}}}]}"#.utf8)
                .write(to: handMade)
            let userInfo = try scan(handMade)
            #expect(userInfo.status == 1)
            #expect(userInfo.output.contains("$.entries[0].value.request.url (user information)"), "\(userInfo.output)")
        }
    }

    @Test("the committed cassettes pass", .enabled(if: canRun, "needs bash and python3"))
    func committedCassettesPass() throws {
        let result = try scan(Self.packageRoot.appendingPathComponent("Cassettes"))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a missing folder is an error of its own", .enabled(if: canRun, "needs bash and python3"))
    func missingFolder() throws {
        let result = try scan(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        #expect(result.status == 2)
    }
}
