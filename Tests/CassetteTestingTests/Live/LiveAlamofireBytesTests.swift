import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bytes Alamofire 5.12 sends for what apps commonly write with it, sent here with URLSession (the package does not
/// depend on Alamofire), recorded from httpbin: no planted value reaches the file in any spelling, and recording and
/// replay give the code what it saw live. Each case was found by driving Alamofire itself through a cassette.
@Suite("Live: the bytes Alamofire sends", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveAlamofireBytesTests {
    /// A planted value: two random cores around characters that each encoding writes differently, as Alamofire's
    /// `URLEncodedFormEncoder` and `JSONEncoder` receive them from an app.
    private static func planted(_ middle: String = "-p@ss w/+rd&=ä\"q\\<x>-") -> (value: String, cores: [String]) {
        let head = String(UUID().uuidString.prefix(8)), tail = String(UUID().uuidString.suffix(12))
        return (head + middle + tail, [head, tail])
    }

    /// Alamofire's form encoding of a value (`URLEncodedFormEncoder`'s allowed characters: RFC 3986's query
    /// characters but the delimiters `:#[]@!$&'()*+,;=`).
    private static func formEncoded(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: ":#[]@!$&'()*+,;=")
        return value.addingPercentEncoding(withAllowedCharacters: allowed)!
    }

    /// Runs `requests` live, recording and replaying; returns what each run saw and the file.
    private func threeWays(_ requests: [URLRequest]) async throws -> (live: [String], recorded: [String], replayed: [String], file: String) {
        try await withTemporaryDirectory { directory in
            let live = try await Fixture.observed(requests, on: URLSession(configuration: .ephemeral))
            let recorded = try await Cassette.use("alamofire", record: .all, options: .init(directory: .at(directory))) {
                try await Fixture.observed(requests, on: $0)
            }
            let replayed = try await Cassette.use("alamofire", record: .never, options: .init(directory: .at(directory))) {
                try await Fixture.observed(requests, on: $0)
            }
            let file = try String(contentsOf: directory.appendingPathComponent("alamofire.json"), encoding: .utf8)
            return (live, recorded, replayed, file)
        }
    }

    /// Expects no core in the file, and recording and replay to see what live saw.
    private func expectNoCoreAndAsLive(_ run: (live: [String], recorded: [String], replayed: [String], file: String), _ cores: [String],
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        for core in cores { #expect(!run.file.contains(core), "\(core) reached the file", sourceLocation: sourceLocation) }
        #expect(run.recorded == run.live, sourceLocation: sourceLocation)
        #expect(run.replayed == run.live, sourceLocation: sourceLocation)
    }

    @Test("a form value nested under a secret's name (auth[token][value], token[0]) is a secret, as in JSON")
    func nestedFormNames() async throws {
        let nested = Self.planted("-"), indexed = Self.planted("-"), second = Self.planted("-")
        // URLEncodedFormEncoder: `["auth": ["token": ["value": …]]]`, and an array with `.indexInBrackets`.
        let query = "auth%5Btoken%5D%5Bvalue%5D=\(Self.formEncoded(nested.value))&page=2"
            + "&token%5B0%5D=\(Self.formEncoded(indexed.value))&token%5B1%5D=\(Self.formEncoded(second.value))"
        let run = try await threeWays([
            Fixture.httpbinRequest("/anything/get?" + query),
            Fixture.httpbinRequest("/anything/post", method: "POST",
                                   headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"], body: query),
        ])
        for core in nested.cores + indexed.cores + second.cores {
            #expect(!run.file.contains(core), "\(core) reached the file")
        }
        #expect(run.file.contains("page=2"), "the form's other values are the app's own")
        #expect(run.recorded == run.live)
        #expect(run.replayed == run.live)
    }

    @Test("a URL in a JSON body whose token holds `/`, written `\\/` by JSONEncoder: the whole token is a secret")
    func tokenWithSlashInAJSONURL() async throws {
        let token = Self.planted("-a.b_c~d+e/f=")
        let escaped = token.value.replacingOccurrences(of: "/", with: "\\/")
        let body = #"{"note":"hi","webhook":{"url":"https:\/\/hooks.example\/cb?token=\#(escaped)&x=1"}}"#
        let run = try await threeWays([Fixture.httpbinRequest("/anything/json", method: "POST",
                                                              headers: ["Content-Type": "application/json"], body: body)])
        expectNoCoreAndAsLive(run, token.cores)
    }

    @Test("a redirect target held in a query value, its token percent-encoded twice: a secret")
    func doublyEncodedRedirectTarget() async throws {
        let token = Self.planted()
        let target = "/anything/r?token=" + token.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let run = try await threeWays([Fixture.httpbinRequest("/redirect-to?url=" + target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)])
        for core in token.cores { #expect(!run.file.contains(core), "\(core) reached the file") }
        #expect(run.recorded == run.live)
        // httpbin echoes the target's URL partly decoded, a spelling replay does not write back as it was (see
        // partlyDecodedEcho); the status and the URL the code ends at are as live.
        let statusAndURL = { (seen: [String]) in seen.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } }
        #expect(statusAndURL(run.replayed) == statusAndURL(run.live))
    }

    @Test("a JSON body as Foundation's JSONEncoder writes it (`\\/`), echoed by httpbin as a string with `\\u` escapes, replays as live")
    func encoderBodyEchoedWithASCIIEscapes() async throws {
        let secret = Self.planted()
        // JSONEncoder: `"` and `\` escaped, `/` as `\/`, `ä` as it is.
        let escaped = secret.value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "/", with: "\\/")
        let run = try await threeWays([Fixture.httpbinRequest("/anything/json", method: "POST", headers: ["Content-Type": "application/json"],
                                                              body: #"{"client_secret":"\#(escaped)","grant_type":"refresh_token"}"#)])
        expectNoCoreAndAsLive(run, secret.cores)
    }

    @Test("a Basic challenge answered with the password the URL holds, then a wrong one to another such URL: each replays its own recording")
    func rightThenWrongCredential() async throws {
        let password = "pw-\(UUID().uuidString.prefix(12))"
        // Alamofire's `.authenticate(username:password:)`, as its own tests use it: the right password, then a wrong
        // one (answered, then rejected on the second challenge, as Alamofire does) to a URL holding another.
        @Sendable func run(_ configuration: URLSessionConfiguration) async -> [Observation] {
            let right = DecidingDelegate(challenges: [.credential(user: "u", password: password)])
            let wrong = DecidingDelegate(challenges: [.credential(user: "u", password: "wrong"), .reject])
            var seen: [Observation] = []
            for (delegate, path) in [(right, "/basic-auth/u/\(password)"), (wrong, "/basic-auth/u/correct-horse-battery")] {
                let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
                var observation = await Observation.data(Fixture.httpbinRequest(path), on: session)
                observation.notes = delegate.log
                seen.append(observation)
                session.finishTasksAndInvalidate()
            }
            return seen
        }
        try await withTemporaryDirectory { directory in
            let live = await run(.ephemeral)
            let recorded = try await Cassette.useConfiguration("challenges", record: .all, options: .init(directory: .at(directory))) { await run($0) }
            let replayed = try await Cassette.useConfiguration("challenges", record: .never, options: .init(directory: .at(directory))) { await run($0) }
            let file = try String(contentsOf: directory.appendingPathComponent("challenges.json"), encoding: .utf8)
            #expect(!file.contains(password))
            #expect(recorded == live)
            #expect(replayed == live)
        }
    }

    @Test("a redirect target whose token holds a `+`: the server's echo with a space is the request's secret, restored as live")
    func plusInARedirectTargetsToken() async throws {
        let token = Self.planted("-a.b_c~d+e/f=")
        let target = TestServer.httpbin.url("/anything/abs?access_token=\(token.value)")
        let run = try await threeWays([Fixture.httpbinRequest("/redirect-to?url=" + target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)])
        expectNoCoreAndAsLive(run, token.cores)
    }

    /// httpbin (werkzeug) echoes a request's URL with its query partly decoded: `%40`, `%C3%A4`, `%22` written as
    /// characters, `%20`, `%2B`, `%26`, `%3D` kept (`p@ss%20w/%2Brd%26%3Dä"q`), and as a JSON string with `\u`
    /// escapes. No form models that spelling: it is replaced (no leak), and replay writes the value back JSON-escaped
    /// but not percent-encoded, so the echoed `url` differs from live.
    @Test("a query value httpbin echoes partly decoded (its `url`): no leak; replay writes it back fully decoded (known)")
    func partlyDecodedEcho() async throws {
        let token = Self.planted()
        let run = try await threeWays([Fixture.httpbinRequest("/anything?access_token=\(Self.formEncoded(token.value))")])
        for core in token.cores { #expect(!run.file.contains(core), "\(core) reached the file") }
        #expect(run.recorded == run.live)
        withKnownIssue("a spelling no wire form models (percent-encoding partly undone) is restored in the usual JSON escaping only") {
            #expect(run.replayed == run.live)
        }
    }
}
