import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

#if CAN_SPAWN_PROCESSES

/// `cassette verify`, the one secret check of committed cassettes (run by `Scripts/test.sh`), checks what the harness
/// writes with the harness's own rules: it passes every file the default rules write, and fails, naming each planted
/// secret by its rule and never printing one, on the same file written without rules.
@Suite("cassette verify finds the planted secrets")
struct VerifyPlantedSecretsTests {
    private static let packageRoot = CassetteLocation.packageRoot(containing: #filePath)

    /// Runs `cassette verify` on `target`: its exit status and everything it printed.
    private func verify(_ target: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try ChildProcess.executable("cassette")
        process.arguments = ["verify", target.path]
        process.currentDirectoryURL = Self.packageRoot
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

    /// For each planted request (in ``PlantedSecrets/requests`` order), what verify must report in it, as
    /// `<place in the request>: <rule>`; a URL's password (the request's, or one in its body) is hidden whatever the
    /// rules, so no rule-less file holds it.
    private static let expected: [[String]] = [
        [#"headers.Authorization: the value of header "authorization""#],
        [#"headers.Authorization: the value of header "authorization""#, #"url: the password in header "authorization""#],
        [#"headers.Cookie: the value of cookie "sid""#],
        [#"headers["X-Api-Key"]: the value of header "x-api-key""#],
        [#"url: the value of query item "token""#],
        [#"url: the value of query item "api_key""#],
        [#"url: the value of query item "access_token""#],
        [#"body.text: the value of JSON key "password""#],
        [#"body.json.auth.nested.client_secret: the value of JSON key "client_secret""#],
        [#"body.text: the value of form field "refresh_token""#],
        [#"body.text: the value of form field "password""#],
        [],
        [#"url: the value of query item "access_token""#],
        [],
    ]

    @Test("a cassette the default rules wrote passes; the same one written without rules fails, every planted secret named")
    func findsPlantedSecrets() async throws {
        try await withTemporaryDirectory { directory in
            let secrets = PlantedSecrets(host: "https://api.test")
            #expect(Self.expected.count == secrets.requests.count)
            let redacted = directory.appendingPathComponent("redacted"), raw = directory.appendingPathComponent("raw")
            try Fixture.write(try interactions(secrets, rules: .default), name: "planted", in: redacted)
            try Fixture.write(try interactions(secrets, rules: .disabled), name: "planted", in: raw)

            let clean = try verify(redacted)
            #expect(clean.status == 0, "\(clean.output)")

            let dirty = try verify(raw)
            #expect(dirty.status == 1)
            for (position, places) in Self.expected.enumerated() {
                for place in places {
                    let line = "planted.json: At entries[\(position)].value.request.\(place) ("
                    #expect(dirty.output.contains(line), "entry \(position) \(place): \(dirty.output)")
                }
            }
            #expect(dirty.output.contains(#"response.headers["Set-Cookie"]: the value of cookie "server" (36 characters, sent by the server)"#),
                    "a value the server set")
            #expect(secrets.leaks(in: [dirty.output]).isEmpty, "verify prints no value")

            let handMade = directory.appendingPathComponent("hand-made.json")
            try Data(#"{"entries":[{"key":1,"value":{"recordedAt":"2026-11-23T16:24:49Z","request":{"method":"GET","url":"https://demo:\#(secrets.userInfoPassword)@api.test/"}}}],"format":"Caching.Cache","version":1}"#.utf8)
                .write(to: handMade)
            let userInfo = try verify(handMade)
            #expect(userInfo.status == 1)
            #expect(userInfo.output.contains("At entries[0].value.request.url: the URL's user-information password ("), "\(userInfo.output)")
            #expect(secrets.leaks(in: [userInfo.output]).isEmpty)
        }
    }

    @Test("the committed cassettes pass")
    func committedCassettesPass() throws {
        let result = try verify(Self.packageRoot.appendingPathComponent("Cassettes"))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a missing folder is an error of its own")
    func missingFolder() throws {
        let result = try verify(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        #expect(result.status == 3, "\(result.output)")
    }
}
#endif
