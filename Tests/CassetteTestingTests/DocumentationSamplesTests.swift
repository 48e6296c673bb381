import CassetteTesting
import Foundation
import Testing

/// Every Swift sample of the documentation, the README and each article of `CassetteTesting.docc`, compiles as a
/// test: each stands, line for line, in this file, `Tests/HTTPBinClientTests/DocumentationSamples.swift` or
/// `Tests/HTTPBinClientTests/SharedSessionTests.swift`, where it runs. Samples of other files (the `Package.swift`
/// lines) are fenced as ```` ```swift Package.swift ````, shell as ```` ```bash ````, and not checked here.
@Suite("Documentation samples")
struct DocumentationSamplesTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let catalog = "Sources/CassetteTesting/CassetteTesting.docc"
    private static let sampleFiles = ["Tests/CassetteTestingTests/DocumentationSamplesTests.swift",
                                      "Tests/HTTPBinClientTests/DocumentationSamples.swift",
                                      "Tests/HTTPBinClientTests/SharedSessionTests.swift"]

    /// The lines of `text` without their indentation, blank lines left out.
    private static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty }
    }

    /// The documents whose samples are checked: the README, then the catalog's articles in name order.
    private static func documents() throws -> [String] {
        let articles = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        return ["README.md"] + articles
    }

    /// The ```` ```swift ```` blocks of `document`, each with the line it starts on.
    private static func samples(in document: String) throws -> [(line: Int, text: String)] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        var samples: [(line: Int, text: String)] = []
        var current: (line: Int, text: String)?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // A fence may be indented (in a list item); its info string is exactly `swift` for a checked sample.
            let fence = line.drop { $0 == " " }
            if var sample = current {
                if fence == "```" { samples.append(sample); current = nil } else { sample.text += line + "\n"; current = sample }
            } else if fence == "```swift" {
                current = (number + 1, "")
            }
        }
        return samples
    }

    @Test("every Swift sample of the README and the articles is in a file that compiles it")
    func everySampleCompiles() throws {
        let files = try Self.sampleFiles.map { Self.lines(try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8)) }
        let documents = try Self.documents()
        #expect(documents.count >= 13, "the catalog's articles are where the test looks")
        var count = 0
        for document in documents {
            for sample in try Self.samples(in: document) {
                count += 1
                let wanted = Self.lines(sample.text)
                let found = files.contains { file in
                    file.indices.contains { start in file[start...].starts(with: wanted) }
                }
                #expect(found, "\(document):\(sample.line): this sample is in none of \(Self.sampleFiles):\n\(sample.text)")
            }
        }
        #expect(count >= 15, "the documents' samples are where the test looks")
    }

    // Streams.md
    @Test func chatStreamReplaysAtItsPace() async throws {
        let words = try await Cassette.useConfiguration("readme/chat-stream", options: .init(latency: .recorded)) { configuration in
            try await ChatStream(configuration: configuration).words(from: URL(string: "http://127.0.0.1:8766/chat?events=6&interval_ms=100")!)
        }
        #expect(words.map(\.text).joined() == "Hello! This reply streams one")
        #expect(words.last!.at >= 0.45)   // recorded 100 ms apart, replayed 100 ms apart
    }

    // Matching.md
    @Test func matchingSample() {
        let matchers: [RequestMatcher] = [.method, .url(ignoringQueryItems: "ts"), .body(ignoringJSONKeyPaths: "**.requestId")]
        let byTenant = RequestMatcher.custom("tenant") { request in request.header("X-Tenant") ?? "" }
        let request = RecordedRequest(method: "GET", url: "http://h/p?ts=1", headers: ["x-tenant": "acme"])
        #expect(matchers.map(\.name) == ["method", #"url(ignoringQueryItems: "ts")"#, #"body(ignoringJSONKeyPaths: "**.requestId")"#])
        #expect(byTenant.key(request) == "acme")
    }

    // Secrets.md
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
