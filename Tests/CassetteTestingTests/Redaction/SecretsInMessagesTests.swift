import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Secrets planted in every place a request carries them, under the default rules: no text of any error the
/// harness produces (the thrown ``CassetteError``, the `URLError` the client gets, every value of its user info)
/// gives one away, whatever went wrong. Offline: every answer comes from a cassette, a route or a refused port.
@Suite("Planted secrets reach no error message")
struct SecretsInMessagesTests {
    private let secrets = PlantedSecrets(host: "http://api.test")

    /// Sends every request on `session`; returns the texts of each error the client got, and how many failed.
    private func sendAll(_ requests: [URLRequest], on session: URLSession) async -> (texts: [String], failed: Int) {
        var texts: [String] = []
        var failed = 0
        for request in requests {
            do {
                _ = try await session.data(for: request)
            } catch {
                failed += 1
                texts += ErrorTexts.of(error)
            }
        }
        return (texts, failed)
    }

    /// The interactions a cassette holds for `requests`, as the default rules record them.
    private func recorded(_ requests: [URLRequest], rules: Redaction = .default) -> [Interaction] {
        requests.map { request in
            let stored = rules.redact(RecordedRequest(request, body: request.httpBody)).stored
            return Interaction(request: stored, response: RecordedResponse(status: 204, url: stored.url),
                               recordedAt: Fixture.recordedAt)
        }
    }

    /// Runs `body` in a cassette and returns the texts of the error `use` threw, and its code.
    private func thrown(_ body: () async throws -> Void) async -> (texts: [String], code: CassetteError.Code?) {
        do {
            try await body()
            return ([], nil)
        } catch {
            return (ErrorTexts.of(error), (error as? CassetteError)?.code)
        }
    }

    @Test("no match: the request, its body, the closest recordings and their differences are shown redacted")
    func noMatch() async throws {
        try await withTemporaryDirectory { directory in
            // The closest recordings: the same requests as a cassette recorded without rules holds them (real
            // values), and as the default rules record them but with another method.
            let stale = recorded(secrets.requests, rules: .disabled).map { interaction -> Interaction in
                var interaction = interaction
                interaction.request.url += interaction.request.url.contains("?") ? "&v=1" : "?v=1"
                return interaction
            }
            let other = recorded(secrets.requests).map { interaction -> Interaction in
                var interaction = interaction
                interaction.request.method = "PUT"
                return interaction
            }
            try Fixture.write(stale + other, name: "no-match", in: directory)
            let client = LockedBox<(texts: [String], failed: Int)>(([], 0))
            let error = await thrown {
                try await Cassette.use("no-match", record: .never, matching: [.method, .url, .body, .headers("Authorization", "Cookie", "X-Api-Key")], options: .init(directory: .at(directory))) { session in
                    let sent = await sendAll(secrets.requests, on: session)
                    client.withLock { $0 = sent }
                }
            }
            let (texts, failed) = client.withLock { $0 }
            #expect(failed == secrets.requests.count)
            #expect(error.code == .noMatch)
            #expect(error.texts.joined().contains("Closest recorded requests"))
            let leaks = secrets.leaks(in: texts + error.texts)
            #expect(leaks.isEmpty, "\(leaks)")
        }
    }

    @Test("exhausted: a request made more often than recorded")
    func exhausted() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write(recorded(secrets.requests), name: "exhausted", in: directory)
            let client = LockedBox<(texts: [String], failed: Int)>(([], 0))
            let error = await thrown {
                try await Cassette.use("exhausted", record: .never, options: .init(directory: .at(directory))) { session in
                    let first = await sendAll(secrets.requests, on: session)
                    #expect(first.failed == 0, "each request replays once: \(first.texts.first ?? "")")
                    let again = await sendAll(secrets.requests, on: session)
                    client.withLock { $0 = again }
                }
            }
            let (texts, failed) = client.withLock { $0 }
            #expect(failed == secrets.requests.count)
            #expect(error.code == .exhausted)
            let leaks = secrets.leaks(in: texts + error.texts)
            #expect(leaks.isEmpty, "\(leaks)")
        }
    }

    @Test("unrouted: a session whose configuration lists a protocol class no cassette owns")
    func unrouted() async {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CassetteURLProtocol.self]
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let (texts, failed) = await sendAll(secrets.requests, on: session)
        #expect(failed == secrets.requests.count)
        #expect(texts.joined().contains("no cassette owns"))
        let leaks = secrets.leaks(in: texts)
        #expect(leaks.isEmpty, "\(leaks)")
    }

    @Test("a request sent after the cassette closed")
    func afterClose() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write(recorded(secrets.requests), name: "closed", in: directory)
            let configuration = try await Cassette.useConfiguration("closed", record: .never, options: .init(directory: .at(directory), unused: .ignore)) { $0 }
            let late = URLSession(configuration: configuration)
            defer { late.invalidateAndCancel() }
            let (texts, failed) = await sendAll(secrets.requests, on: late)
            #expect(failed == secrets.requests.count)
            #expect(texts.joined().contains("after the cassette closed"))
            let leaks = secrets.leaks(in: texts)
            #expect(leaks.isEmpty, "\(leaks)")
        }
    }

    /// Cut just after each real value, or with a stray character right after it: a reader that quotes the text
    /// around the error would quote the value.
    @Test("a corrupt cassette file holding real values", arguments: ["cut", "stray"])
    func corruptFile(damage: String) async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write(recorded(secrets.requests, rules: .disabled), name: "whole", in: directory)
            let whole = try String(contentsOf: directory.appendingPathComponent("whole.json"), encoding: .utf8)
            var damaged = 0
            for (_, value) in secrets.all {
                guard let range = whole.range(of: value), let end = Self.endOfString(in: whole, from: range.upperBound) else { continue }
                let text = damage == "cut" ? String(whole[..<end]) : whole[..<end] + " x" + whole[end...]
                try Data(text.utf8).write(to: directory.appendingPathComponent("corrupt.json"))
                let error = await thrown {
                    try Cassette.use("corrupt", record: .never, options: .init(directory: .at(directory))) { _ in }
                }
                #expect(error.code == .unreadableCassette)
                let leaks = secrets.leaks(in: error.texts)
                #expect(leaks.isEmpty, "\(leaks)")
                damaged += 1
            }
            #expect(damaged >= 10, "most planted values are in a file written without rules")
        }
    }

    /// Where the JSON string that holds `start` ends: just after its closing quote.
    private static func endOfString(in text: String, from start: String.Index) -> String.Index? {
        var index = start
        while index < text.endIndex {
            if text[index] == "\\" {
                index = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
            } else if text[index] == "\"" {
                return text.index(after: index)
            } else {
                index = text.index(after: index)
            }
        }
        return nil
    }

    /// Recording needs a server: here every request is refused (port 9 on the loopback), and recorded as such, so
    /// the save runs offline. The folder the file goes in becomes a regular file before the save.
    @Test("a recording whose save fails")
    func saveFails() async {
        await withTemporaryDirectory { directory in
            let refused = PlantedSecrets(host: "http://127.0.0.1:9")
            let error = await thrown {
                try await Cassette.use("saves/here", record: .all, options: .init(directory: .at(directory), recordsTransportErrors: true)) { session in
                    // The client gets the platform's own transport error, as it would live: not the harness's text.
                    let sent = await sendAll(refused.requests, on: session)
                    #expect(sent.failed == refused.requests.count)
                    try Data("not a folder".utf8).write(to: directory.appendingPathComponent("saves"))
                }
            }
            #expect(error.code == .writeFailed)
            let leaks = refused.leaks(in: error.texts)
            #expect(leaks.isEmpty, "\(leaks)")
        }
    }

    #if canImport(FoundationNetworking)
    @Test("a download task, which this platform does not let a cassette serve")
    func unsupportedRequest() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write(recorded(secrets.requests), name: "download", in: directory)
            let client = LockedBox<[String]>([])
            let error = await thrown {
                try await Cassette.use("download", record: .never, options: .init(directory: .at(directory))) { session in
                    for request in secrets.requests {
                        let texts: [String] = await withCheckedContinuation { done in
                            session.downloadTask(with: request) { _, _, error in
                                done.resume(returning: error.map { ErrorTexts.of($0) } ?? [])
                            }.resume()
                        }
                        #expect(!texts.isEmpty)
                        client.withLock { $0 += texts }
                    }
                }
            }
            #expect(error.code == .unsupportedRequest)
            let leaks = secrets.leaks(in: client.withLock { $0 } + error.texts)
            #expect(leaks.isEmpty, "\(leaks)")
        }
    }
    #endif

    @Test("the scan itself finds a secret written any way a message could hold it")
    func scanFindsLeaks() {
        let planted = secrets.all.map(\.value)
        for value in planted {
            #expect(!secrets.leaks(in: ["prefix \(value) suffix"]).isEmpty)
        }
        #expect(!secrets.leaks(in: [secrets.nestedURLToken.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""]).isEmpty)
        #expect(secrets.leaks(in: ["<REDACTED:token>", "nothing secret"]).isEmpty)
    }
}
