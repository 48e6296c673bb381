import Foundation
import Testing
@testable import CassetteCore
#if CAN_SPAWN_PROCESSES
@testable import CassetteFuzz

/// Issue 26, item 9: the leak oracle of the fuzz targets (`Scripts/fuzz.sh --target har|body|scan`) judges what
/// it should, every planted seed passes it, and every input the fuzzer found a leak with is a case here.
@Suite("Fuzzing for leaks")
struct LeakFuzzTests {
    static let recordedAt = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("the oracle finds a token left in a stored part, in each spelling a reader decodes",
          arguments: [Seeds.github, Seeds.escaped, Seeds.percentEncoded, "\\\\u0067" + Seeds.github.dropFirst(), Seeds.jwt, Seeds.aws])
    func oracleFindsLeaks(_ spelling: String) {
        let stored = Interaction(request: RecordedRequest(method: "POST", url: "https://api.test/p",
                                                          body: Body(Data(#"{"note": "\#(spelling)"}"#.utf8))),
                                 recordedAt: Self.recordedAt)
        #expect(LeakOracle.leak(in: stored) != nil)
    }

    @Test("the oracle finds a stored file that redacting again would change")
    func oracleFindsUnstableFiles() {
        let stored = Interaction(request: RecordedRequest(method: "GET", url: "https://api.test/p?token=plain-value-123"),
                                 recordedAt: Self.recordedAt)
        #expect(LeakOracle.problem(in: [stored])?.contains("redacted again") == true)
    }

    @Test("each planted body, in each place, leaves nothing behind", arguments: Seeds.plantedBodies.indices)
    func plantedBodies(_ index: Int) {
        let (type, _, text) = Seeds.plantedBodies[index]
        for place: UInt8 in 0...2 {
            #expect(FuzzTarget.body.run(Data([type, place]) + Data(text.utf8)) == nil)
        }
    }

    @Test("each planted text, in every place the scan target puts it, leaves nothing behind", arguments: Seeds.plantedTexts)
    func plantedTexts(_ text: String) {
        #expect(FuzzTarget.scan.run(Data(text.utf8)) == nil)
    }

    /// What the fuzzer found, each with the content type index and place of the body target (see
    /// `FuzzTarget.bodyExchange`).
    static let bodyFindings: [(String, UInt8, UInt8, String)] = [
        // 2026-11-25, a seed: a JSON file part of a multipart body, its token's first letter `\u`-escaped.
        ("multipart JSON part with an escape", 2, 0,
         "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.json\"\r\nContent-Type: application/json\r\n\r\n{\"k\":\"\(Seeds.escaped)\"}\r\n--B--\r\n"),
        // 2026-11-25, a seed: a page's script holding a JSON string with an escape.
        ("HTML script string with an escape", 5, 2, "<script>var k = \"\(Seeds.escaped)\";</script>"),
        // 2026-11-25, body target, 5 s in: the same string with its closing quote gone.
        ("a string cut short, with an escape", 5, 2, "<a href=\"/cb?token=x\">x</a><script>var k = \"\(Seeds.escaped)Def;</script>"),
        // The same with an opening quote gone: the escape stands where pairing quotes finds no string.
        ("an escape outside any string", 5, 2, "<p>He said \"hi</p><script>var k = \(Seeds.escaped)\";</script>"),
        // A malformed escape before the token's string.
        ("a malformed escape before it", 0, 0, "{\"a\": \"\\x\", \"b\": \"\(Seeds.escaped)\"}"),
    ]

    @Test("every leak the fuzzer found stays fixed", arguments: bodyFindings.indices)
    func findingsStayFixed(_ index: Int) {
        let (name, type, place, text) = Self.bodyFindings[index]
        let failure = FuzzTarget.body.run(Data([type, place]) + Data(text.utf8))
        #expect(failure == nil, "\(name): \(failure.map(String.init(describing:)) ?? "")")
    }

    /// The inputs the fuzzer found something wrong with, as it saved them (`Scripts/fuzz/findings/<target>-…`): a leak,
    /// a file `cassette verify` would reject, or a trap (corelibs Foundation's `String.contains` on `"abcé"` and
    /// `"é\0"`).
    static let savedFindings = inputs(in: "findings")

    /// Inputs the fuzzer found that are still judged wrong, each a known issue (see ``knownFindings(_:)``).
    static let knownFindings = inputs(in: "known")

    private static func inputs(in folder: String) -> [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Scripts/fuzz/\(folder)").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test("every input the fuzzer saved is judged well now", arguments: savedFindings)
    func savedFinding(_ path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let target = try #require(FuzzTarget(rawValue: String(name.prefix { $0 != "-" })), "\(name) names no target")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let failure = target.run(data)
        #expect(failure == nil, "\(name): \(failure.map(String.init(describing:)) ?? "")")
    }

    /// Redaction is one pass over a message. Where replacing a value changes how a URL or body splits into fields
    /// (a value holding `=`, `&` or `#` in garbage), redacting the stored message again can find more, and `cassette
    /// verify` reports the file. No secret is left by this: the second pass only replaces more. When one of these
    /// passes, the known issue fails: move the input to `findings/`.
    @Test("inputs where redacting again replaces more (known)", arguments: knownFindings)
    func knownFinding(_ path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let target = try #require(FuzzTarget(rawValue: String(name.prefix { $0 != "-" })))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let failure = target.run(data)
        #expect(failure?.description.contains("a value remains") != true, "\(name): a known issue must not be a leak")
        withKnownIssue("redaction is one pass: a replacement that changes how fields split leaves more for a second pass") {
            #expect(failure == nil, "\(name): \(failure.map(String.init(describing:))?.prefix(300) ?? "")")
        }
    }

    @Test("the fuzzer's findings are there to check")
    func findingsAreThere() {
        #expect(Self.savedFindings.count >= 10)
    }

    @Test("a token in a cookie's or a query item's name reaches neither its placeholder nor the rule's description")
    func tokenInAName() {
        let request = RecordedRequest(method: "GET", url: "https://api.test/p?\(Seeds.github)=1",
                                      headers: ["Cookie": "session.\(Seeds.github)=v", "X-Other": "x"])
        let (stored, secrets) = Redaction.default.redact(request)
        let written = stored.url + " " + stored.headers.map { $0.key + ": " + $0.value }.joined(separator: " ")
        #expect(!written.contains(Seeds.github), "\(written)")
        for secret in secrets.secrets {
            #expect(!secret.placeholder.contains(Seeds.github) && !secret.origin.description.contains(Seeds.github), "\(secret.placeholder)")
        }
    }

    @Test("a placeholder holds at most 64 bytes of a name: a long cookie name does not multiply the text its value stands in")
    func longNamesAreCut() {
        let name = String(repeating: "n", count: 2_000)
        let body = String(repeating: "value-1234 ", count: 200)
        let request = RecordedRequest(method: "POST", url: "https://api.test/p", headers: ["Cookie": "\(name)=value-1234", "Content-Type": "text/plain"],
                                      body: Body(Data(body.utf8)))
        let (stored, _) = Redaction.default.redact(request)
        let size = stored.body?.data.count ?? 0
        #expect(size < body.utf8.count * 10, "\(size) bytes from \(body.utf8.count)")
        #expect(stored.headers["Cookie"]?.contains("<REDACTED:cookie-\(String(repeating: "n", count: 64))>") == true)
    }
}
#endif
