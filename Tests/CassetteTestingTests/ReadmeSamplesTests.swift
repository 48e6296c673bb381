import CassetteTesting
import Foundation
import Testing

/// Every Swift sample in the README compiles as a test: each stands, line for line, in this file,
/// `Tests/HTTPBinClientTests/ReadmeSamples.swift` or `Tests/HTTPBinClientTests/SharedSessionTests.swift`, where it
/// runs. Samples of other files (the `Package.swift` lines)
/// are fenced as ```` ```swift Package.swift ```` and not checked here.
@Suite("README samples")
struct ReadmeSamplesTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let sampleFiles = ["Tests/CassetteTestingTests/ReadmeSamplesTests.swift",
                                      "Tests/HTTPBinClientTests/ReadmeSamples.swift",
                                      "Tests/HTTPBinClientTests/SharedSessionTests.swift"]

    /// The lines of `text` without their indentation, blank lines left out.
    private static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty }
    }

    /// The README's ```` ```swift ```` blocks, each with the line it starts on.
    private static func samples() throws -> [(line: Int, text: String)] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var samples: [(line: Int, text: String)] = []
        var current: (line: Int, text: String)?
        for (number, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var sample = current {
                if line == "```" { samples.append(sample); current = nil } else { sample.text += line + "\n"; current = sample }
            } else if line == "```swift" {
                current = (number + 1, "")
            }
        }
        return samples
    }

    @Test("every Swift sample of the README is in a file that compiles it")
    func everySampleCompiles() throws {
        let files = try Self.sampleFiles.map { Self.lines(try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8)) }
        let samples = try Self.samples()
        #expect(samples.count >= 10, "the README's samples are where the test looks")
        for sample in samples {
            let wanted = Self.lines(sample.text)
            let found = files.contains { file in
                file.indices.contains { start in file[start...].starts(with: wanted) }
            }
            #expect(found, "README.md:\(sample.line): this sample is in none of \(Self.sampleFiles):\n\(sample.text)")
        }
    }

    // README: Streams
    @Test func chatStreamReplaysAtItsPace() async throws {
        let words = try await Cassette.useConfiguration("readme/chat-stream", options: .init(latency: .recorded)) { configuration in
            try await ChatStream(configuration: configuration).words(from: URL(string: "http://127.0.0.1:8766/chat?events=6&interval_ms=100")!)
        }
        #expect(words.map(\.text).joined() == "Hello! This reply streams one")
        #expect(words.last!.at >= 0.45)   // recorded 100 ms apart, replayed 100 ms apart
    }

    // README: Matching
    @Test func matchingSample() {
        let matchers: [RequestMatcher] = [.method, .url(ignoringQueryItems: "ts"), .body(ignoringJSONKeyPaths: "**.requestId")]
        let byTenant = RequestMatcher.custom("tenant") { request in request.header("X-Tenant") ?? "" }
        let request = RecordedRequest(method: "GET", url: "http://h/p?ts=1", headers: ["x-tenant": "acme"])
        #expect(matchers.map(\.name) == ["method", #"url(ignoringQueryItems: "ts")"#, #"body(ignoringJSONKeyPaths: "**.requestId")"#])
        #expect(byTenant.key(request) == "acme")
    }

    // README: Secrets
    @Test func redactionSample() {
        let token = ProcessInfo.processInfo.environment["API_TOKEN"] ?? "test-token"
        let redaction = Redaction.default
            .redactingHeaders("X-Session")              // a header
            .redactingQueryItems("signature")           // a query item or form field
            .redactingJSONKeyPaths("user.ssn", "**.pin") // JSON values: a path from the top, or a key at any depth
            .redactingSecret(token, as: "<API_TOKEN>")  // a literal value, wherever it appears
            .detecting(.prefixed("acme-key", prefixes: "acme_live_")) // your own token shape
        #expect(redaction.headerNames.contains("x-session"))
        #expect(redaction.shapes.contains { $0.name == "acme-key" })
        #expect(redaction.jsonKeyPaths.suffix(2) == ["user.ssn", "**.pin"])
        #expect(redaction.secrets.map(\.placeholder) == ["<API_TOKEN>"])
    }
}
