import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every credential family redaction knows by shape (``SecretShape``), planted under names no rule knows in every
/// place httpbin echoes (a header, the query, a JSON body, a form body, a cookie), and a long random value under
/// credential-like names no rule knows in the same places, recorded and replayed with the
/// default rules: no value reaches the file or a message, and the code sees the same bytes live, recording and
/// replaying (httpbin only echoes, so every value is the request's own and replay restores it).
@Suite("Live: secrets found by their shape reach no file and no message",
       .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveShapedSecretsTests {
    private let tokens = TokenFamilies()

    /// A long random value, planted where only a credential-like name says what it is (``SecretShape/highEntropy``).
    private let deviceSecret = TokenFamilies.random(.alphanumeric, 40)

    /// Every value with its family, the high-entropy one too.
    private var planted: [(family: String, value: String)] {
        tokens.all + [("high-entropy", deviceSecret)]
    }

    /// Each family's value in each place; a PEM block, which has line breaks, only where text may hold them. The
    /// high-entropy value goes under credential-like names no rule knows.
    private var requests: [URLRequest] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try! encoder.encode(["deviceSecret": deviceSecret, "kind": "device"]), as: UTF8.self)
        let highEntropy = [
            Fixture.httpbinRequest("/anything?device_auth=\(deviceSecret)&page=2"),
            Fixture.httpbinRequest("/anything", method: "POST", headers: ["Content-Type": "application/json"], body: json),
            Fixture.httpbinRequest("/anything", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: "kind=device&signing_key=\(deviceSecret)"),
            Fixture.httpbinRequest("/headers", headers: ["X-Device-Auth": "Token \(deviceSecret)"]),
            Fixture.httpbinRequest("/cookies", headers: ["Cookie": "theme=dark; device_token=\(deviceSecret)"]),
        ]
        return highEntropy + tokens.all.flatMap { family, value -> [URLRequest] in
            let planted = TokenFamilies.planted(family, value)
            let encoded = planted.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let json = String(decoding: try! encoder.encode(["note": planted, "kind": family]), as: UTF8.self)
            var requests = [
                Fixture.httpbinRequest("/anything?note=\(encoded)&page=2"),
                Fixture.httpbinRequest("/anything", method: "POST", headers: ["Content-Type": "application/json"], body: json),
                Fixture.httpbinRequest("/anything", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                        body: "kind=\(family)&note=\(encoded)"),
            ]
            if !planted.contains("\n") {
                requests.append(Fixture.httpbinRequest("/headers", headers: ["X-Client-Note": planted]))
                requests.append(Fixture.httpbinRequest("/cookies", headers: ["Cookie": "theme=dark; prefs=\(planted)"]))
            }
            return requests
        }
    }

    /// Sends every request; returns what the code saw of each (see ``Fixture/observed(_:on:)``).
    private func sendAll(on session: URLSession) async throws -> [String] {
        try await Fixture.observed(requests, on: session)
    }

    /// The texts that give a value away: the value in every form it is written on the wire, and each line of a PEM
    /// block's body (its base64).
    private var giveaways: [(family: String, text: String)] {
        planted.flatMap { family, value in
            let lines = value.split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)
            return WireForm.allCases.map { (family, $0.write(value, encoded: value)) } + lines.map { (family, $0) }
        }
    }

    @Test func noShapedSecretIsWrittenAndReplayGivesTheLiveBytes() async throws {
        try await withTemporaryDirectory { directory in
            let options = CassetteOptions(directory: .at(directory))
            let live = try await sendAll(on: URLSession(configuration: .ephemeral))
            let recorded = try await Cassette.use("shapes", record: .all, options: options) { try await sendAll(on: $0) }
            let replayed = try await Cassette.use("shapes", record: .never, options: options) { try await sendAll(on: $0) }
            let file = try String(contentsOf: directory.appendingPathComponent("shapes.json"), encoding: .utf8)
            for (family, value) in planted {
                #expect(live.joined().contains(value) || live.joined().contains(value.replacingOccurrences(of: "\n", with: "\\n")),
                        "httpbin should echo the \(family) value")
            }
            for (family, text) in giveaways where text.count >= 16 {
                #expect(!file.contains(text), "a \(family) value reached the file")
            }
            for (family, _) in tokens.all where family != "private-key" {
                #expect(file.contains("<REDACTED:\(family)"), "the file names the \(family) placeholder")
            }
            for name in ["device_auth", "deviceSecret", "signing_key", "x-device-auth"] {
                #expect(file.contains("<REDACTED:\(name)"), "the file names the high-entropy value under \(name)")
            }
            for (index, (seen, expected)) in zip(recorded, live).enumerated() where seen != expected {
                Issue.record("request \(index) saw, recording: \(Self.difference(seen, expected))")
            }
            for (index, (seen, expected)) in zip(replayed, live).enumerated() where seen != expected {
                Issue.record("request \(index) saw, replaying: \(Self.difference(seen, expected))")
            }
            #expect(recorded.count == live.count && replayed.count == live.count)
        }
    }

    /// Where two texts part, with a little of each: a failure says what differs, not two whole answers.
    private static func difference(_ seen: String, _ expected: String) -> String {
        let seen = seen.replacingOccurrences(of: #"Content-Length: \d+"#, with: "", options: .regularExpression)
        let expected = expected.replacingOccurrences(of: #"Content-Length: \d+"#, with: "", options: .regularExpression)
        let common = zip(seen, expected).prefix { $0 == $1 }.count
        let start = max(0, common - 40)
        return "after \(common) characters: saw …\(seen.dropFirst(start).prefix(200))…, live …\(expected.dropFirst(start).prefix(200))…"
    }

    @Test func noShapedSecretIsInAMessage() async throws {
        try await withTemporaryDirectory { directory in
            let options = CassetteOptions(directory: .at(directory))
            let messages = LockedBox<[String]>([])
            func note(_ error: any Error) { messages.withLock { $0 += ErrorTexts.of(error) } }
            try await Cassette.use("shape-errors", record: .all, options: options) { session in
                _ = try await Fixture.send(requests[0], on: session)
            }
            // Every other request is a no-match on replay: each message shows the request and the closest recorded.
            do {
                try await Cassette.use("shape-errors", record: .never, options: options) { session in
                    for request in requests.dropFirst() {
                        do { _ = try await Fixture.send(request, on: session) } catch { note(error) }
                    }
                }
            } catch { note(error) }
            let all = messages.withLock { $0 }
            #expect(all.count >= requests.count - 1)
            for (family, text) in giveaways where text.count >= 16 {
                #expect(!all.contains { $0.contains(text) }, "a \(family) value appeared in a message")
            }
        }
    }
}
