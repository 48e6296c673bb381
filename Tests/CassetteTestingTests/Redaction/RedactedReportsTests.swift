import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the harness's messages show of a request once its secrets are hidden: still enough to find the problem.
@Suite("Redacted requests in reports")
struct RedactedReportsTests {
    private let secrets = PlantedSecrets(host: "http://api.test")

    /// The interactions the default rules record for `requests`, each with `method` in place of its own.
    private func recorded(_ requests: [URLRequest], rules: Redaction = .default, method: String? = nil) -> [Interaction] {
        requests.map { request in
            var stored = rules.redact(RecordedRequest(request, body: request.httpBody)).stored
            stored.method = method ?? stored.method
            return Interaction(request: stored, response: RecordedResponse(status: 204, url: stored.url),
                               recordedAt: Fixture.recordedAt)
        }
    }

    /// The message of each error the client got for `requests`, sent through cassette `name` in mode `none`.
    private func noMatchMessages(_ name: String, in directory: URL) async -> [String] {
        var messages: [String] = []
        _ = try? await Cassette.use(.named(name), record: .never, options: .init(directory: .at(directory))) { session in
            for request in secrets.requests {
                do {
                    _ = try await session.data(for: request)
                } catch {
                    let cassette = (error as? URLError)?.errorUserInfo[NSUnderlyingErrorKey] as? CassetteError
                    messages.append(cassette?.message ?? String(describing: error))
                }
            }
        }
        return messages
    }

    @Test("a recording as the rules left it is shown as it is: only the real difference is named")
    func recordedPlaceholdersAreShownAsTheyAre() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write(recorded(secrets.requests, method: "PUT"), name: "put", in: directory)
            let messages = await noMatchMessages("put", in: directory)
            #expect(messages.count == secrets.requests.count)
            for (message, request) in zip(messages, recorded(secrets.requests)) {
                #expect(message.contains("PUT \(URLParts.shortened(request.request.url))") && message.contains("— differs in: method\n"),
                        "\(message)")
            }
        }
    }

    @Test("a file holding real values is shown redacted, and the message says the values differ only there")
    func aFileHoldingRealValues() async throws {
        try await withTemporaryDirectory { directory in
            // As a cassette recorded with no rules (or written by hand) holds them.
            try Fixture.write(recorded(secrets.requests, rules: .disabled), name: "raw", in: directory)
            let messages = await noMatchMessages("raw", in: directory)
            // A request whose secret only a header or the URL's user information holds still matches: the default
            // matchers read neither. Nor does one whose secret is the password of a URL in its body: a URL's password
            // is hidden whatever the rules.
            let differing = zip(recorded(secrets.requests, rules: .disabled), recorded(secrets.requests)).filter {
                RequestMatcher.defaults.key(for: $0.request) != RequestMatcher.defaults.key(for: $1.request)
            }
            #expect(differing.count == secrets.requests.count - 5, "\(differing.map(\.0.request.url))")
            #expect(messages.count == differing.count)
            for message in messages {
                #expect(message.contains("differs in: only values the redaction rules hide"), "\(message)")
            }
            #expect(secrets.leaks(in: messages).isEmpty)
        }
    }

    @Test("a request no cassette answers is named redacted by the default rules, without its query")
    func unroutedRequestText() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CassetteURLProtocol.self]
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        var texts: [String] = []
        for request in secrets.requests {
            do { _ = try await session.data(for: request) } catch { texts.append(String(describing: error)) }
        }
        #expect(texts.contains { $0.hasPrefix("GET http://api.test/basic-auth/demo/%3CREDACTED:authorization-password%3E: ") })
        #expect(texts.contains { $0.hasPrefix("GET http://demo:%3CREDACTED:url-password%3E@api.test/basic-auth/demo: ") })
        #expect(texts.contains { $0.hasPrefix("GET http://api.test/anything?…: ") })
    }

    @Test("the client's URLError names the stored URL under both failing-URL keys")
    func failingURLKeys() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([], name: "empty", in: directory)
            let request = secrets.requests[4]
            let stored = Redaction.default.redact(RecordedRequest(request, body: nil)).stored.url
            var info: [String: Any] = [:]
            _ = try? await Cassette.use("empty", record: .never, options: .init(directory: .at(directory))) { session in
                do { _ = try await session.data(for: request) } catch { info = (error as NSError).userInfo }
            }
            #expect(stored.contains("%3CREDACTED:token%3E"))
            #expect(info["NSErrorFailingURLStringKey"] as? String == stored)
            #expect((info[NSURLErrorFailingURLErrorKey] as? URL)?.absoluteString == stored)
        }
    }
}
