import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking

/// Apple's route records against httpbin here, through the stand-in for Apple's loading system (``LoadingStandIn``):
/// the recorder stops at each redirect, the stand-in asks the app's delegate and starts a protocol for the request it
/// returns, and that protocol goes on with the same recording. The file is the one Linux's route records from the
/// same exchange, so a cassette recorded on either platform replays on the other: each is replayed by the other route
/// here, with the same answers and the same questions asked.
@Suite("Live: Apple's route records the chain Linux's route records", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveClientRouteTests {
    private static let password = "pw-\(UUID().uuidString.prefix(12))"

    /// What the task ended with and what the delegate was asked, through one route.
    private struct Seen: Equatable, CustomStringConvertible {
        var status: Int?
        var url: String?
        var body: Data
        var error: Int?
        var asked: [String]

        var description: String {
            "status \(status.map(String.init) ?? "-") \(url ?? "-") body \(body.count) error \(error.map(String.init) ?? "-") asked \(asked)"
        }
    }

    private enum Route {
        /// Apple's, through the stand-in.
        case client
        /// Linux's: a real session whose delegate the cassette asks.
        case session
    }

    /// Sends `request` through the cassette "chain" in `directory` in `mode`, by `route`, for an app whose delegate
    /// decides as `delegate` does; a `CassetteError` thrown by `use` is returned too.
    private func run(_ route: Route, _ mode: RecordMode, _ delegate: DecidingDelegate, _ request: URLRequest,
                     in directory: URL) async -> (seen: Seen, error: CassetteError?) {
        var options = CassetteOptions(directory: .at(directory), environment: [:])
        options.asksThroughClient = route == .client
        var seen = Seen(body: Data(), asked: [])
        do {
            try await Cassette.useConfiguration("chain", record: mode, options: options) { configuration in
                switch route {
                case .client:
                    let result = try await LoadingStandIn(configuration, delegate: delegate).load(request)
                    seen = Seen(status: result.status, url: result.url, body: result.body, error: result.error, asked: delegate.log)
                case .session:
                    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
                    defer { session.finishTasksAndInvalidate() }
                    do {
                        let (body, response) = try await session.data(for: request)
                        let http = response as? HTTPURLResponse
                        seen = Seen(status: http?.statusCode, url: http?.url?.absoluteString, body: body, error: nil, asked: [])
                    } catch {
                        seen = Seen(body: Data(), error: (error as NSError).code, asked: [])
                    }
                    // The session's own end ("complete: …") is no question the stand-in's delegate is asked.
                    seen.asked = delegate.log.filter { !$0.hasPrefix("complete:") }
                }
            }
        } catch let error as CassetteError {
            return (seen, error)
        } catch {
            Issue.record("unexpected error: \(error)")
        }
        return (seen, nil)
    }

    /// The recorded chain, as both routes must write it: per interaction the request, the hops and the final
    /// response's status, URL and body (dates, durations and header order aside).
    private func chain(in directory: URL) throws -> [String] {
        let interactions = try #require(try CassetteFile.load(directory.appendingPathComponent("chain.json")))
        return interactions.map { interaction in
            let response = interaction.response
            let hops = response?.redirects.map { "\($0.status) \($0.url) -> \($0.headers.value(caseInsensitiveKey: "Location") ?? "-")" } ?? []
            let body = response?.body.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
            return "\(interaction.request.method) \(interaction.request.url) \(hops) => \(response?.status ?? 0) \(response?.url ?? "-") \(body)"
        }
    }

    @Test("each route records the same file, and replays the other's with the same answers and questions", arguments: [
        ("followed redirects", DecidingDelegate(), "/redirect/2", nil),
        ("a delegate that stops at the first redirect", DecidingDelegate(redirects: .stop), "/redirect/2", nil),
        // The protocol gets the body as a stream it reads up; the followed request must carry it again.
        ("a POST redirected with 307, its body sent again", DecidingDelegate(), "/redirect-to?url=%2Fanything&status_code=307",
         #"{"sent":"twice"}"#),
        ("a Basic challenge answered with a credential", DecidingDelegate(challenges: [.credential(user: "demo", password: password)]),
         "/basic-auth/demo/\(password)", nil),
        ("a wrong credential, then the right one",
         DecidingDelegate(challenges: [.credential(user: "demo", password: "wrong"), .credential(user: "demo", password: password)]),
         "/basic-auth/demo/\(password)", nil),
    ] as [(String, DecidingDelegate, String, String?)])
    func sameRecording(_ name: String, _ delegate: DecidingDelegate, _ path: String, _ body: String?) async throws {
        var request = URLRequest(url: URL(string: TestServer.httpbin.url(path))!)
        if let body {
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        try await withTemporaryDirectory { directory in
            let apple = directory.appendingPathComponent("client", isDirectory: true)
            let linux = directory.appendingPathComponent("session", isDirectory: true)
            let recordedByClient = await run(.client, .all, delegate.fresh(), request, in: apple)
            let recordedBySession = await run(.session, .all, delegate.fresh(), request, in: linux)
            #expect(recordedByClient.error == nil && recordedBySession.error == nil,
                    "\(String(describing: recordedByClient.error)) \(String(describing: recordedBySession.error))")
            let file = try chain(in: apple)
            if let body, path.contains("status_code=307") {
                // The one difference is the platform's: swift-corelibs-foundation follows a 307 with an empty body
                // (live too, see the fidelity suite), where Apple's route sends the body again, as URLSession does there.
                let echoed = { (seen: Seen) in (try? JSONDecoder().decode([String: JSONValue].self, from: seen.body))?["data"] }
                #expect(echoed(recordedByClient.seen) == .string(body), "\(name): Apple's route did not send the body again")
                #expect(echoed(recordedBySession.seen) == .string(""), "\(name): corelibs now sends a 307's body; the routes can be compared whole")
                #expect(recordedByClient.seen.asked == recordedBySession.seen.asked)
            } else {
                #expect(recordedByClient.seen == recordedBySession.seen, "\(name): the routes saw different answers while recording")
                #expect(file == (try chain(in: linux)), "\(name): the routes recorded different files")
            }
            #expect(try Data(contentsOf: apple.appendingPathComponent("chain.json")).firstOffset(of: Data(Self.password.utf8)) == nil)
            // Each file replayed by the other route: what recording showed, and the same questions.
            let replayedByClient = await run(.client, .never, delegate.fresh(), request, in: linux)
            let replayedBySession = await run(.session, .never, delegate.fresh(), request, in: apple)
            #expect(replayedByClient.error == nil && replayedBySession.error == nil)
            #expect(replayedByClient.seen == recordedBySession.seen, "\(name): Apple's route replays Linux's file otherwise")
            #expect(replayedBySession.seen == recordedByClient.seen, "\(name): Linux's route replays Apple's file otherwise")
        }
    }

    @Test("the beforeRecord hook sees each chain once, whole: followed, at its end; refused, when the cassette closes",
          arguments: [(DecidingDelegate(), "200 after 2 hops"), (DecidingDelegate(redirects: .stop), "302 after 0 hops")])
    func hookSeesTheChainOnce(_ delegate: DecidingDelegate, _ expected: String) async throws {
        try await withTemporaryDirectory { directory in
            let seen = LockedBox<[String]>([])
            var options = CassetteOptions(directory: .at(directory), hooks: CassetteHooks(beforeRecord: { interaction in
                seen.withLock { $0.append("\(interaction.response?.status ?? 0) after \(interaction.response?.redirects.count ?? 0) hops") }
                return interaction
            }), environment: [:])
            options.asksThroughClient = true
            let request = URLRequest(url: URL(string: TestServer.httpbin.url("/redirect/2"))!)
            try await Cassette.useConfiguration("chain", record: .all, options: options) { configuration in
                _ = try await LoadingStandIn(configuration, delegate: delegate.fresh()).load(request)
            }
            #expect(seen.withLock { $0 } == [expected])
            let stored = try #require(try CassetteFile.load(directory.appendingPathComponent("chain.json")))
            #expect(stored.map { "\($0.response?.status ?? 0) after \($0.response?.redirects.count ?? 0) hops" } == [expected])
        }
    }
}
#endif
