import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording over HTTPS from a server whose certificate is self-signed (`Scripts/tls.sh`), trusted by the app's own
/// delegate, as a test that trusts a local certificate, or an app that pins one, does: live, recording and replay
/// show the code the same answer, and without the delegate, live and recording fail alike. On Apple's platforms the
/// recorder's session is asked about the server's certificate on every connection, and hands the question to the
/// app (see ``RecorderChallenge``); declining it, as the recorder once did, failed every HTTPS recording there.
/// Replay makes no connection, so the delegate is not asked then: the documented difference.
///
/// swift-corelibs-foundation asks no delegate about server trust (it has no Security framework), so no test there
/// can trust a self-signed certificate: this suite runs on Apple's platforms, where `.ci/run` starts the server.
@Suite("Live: recording over HTTPS, trusted by the app's delegate", .enabled(if: TestServer.tls.isRunning, TestServer.tls.skipMessage))
struct LiveTLSTests {
    /// What the code observed: the answer, or the error's code; and how often the delegate was asked about trust.
    private struct Seen: Equatable {
        var status: Int?
        var body: Data?
        var error: Int?
        var trustQuestions = 0
    }

    private func fetch(_ configuration: URLSessionConfiguration, trusting: Bool) async -> Seen {
        let delegate = TrustingDelegate(trusts: trusting)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (body, response) = try await session.data(from: URL(string: TestServer.tls.url("/get"))!)
            return Seen(status: (response as? HTTPURLResponse)?.statusCode, body: body, trustQuestions: delegate.asked)
        } catch {
            return Seen(error: (error as NSError).code, trustQuestions: delegate.asked)
        }
    }

    @Test("a self-signed certificate the app's delegate trusts: recorded and replayed as live; not trusted, it fails as live")
    func selfSignedCertificate() async throws {
        try await withTemporaryDirectory { directory in
            let options = CassetteOptions(directory: .at(directory), environment: [:])
            let live = await fetch(.ephemeral, trusting: true)
            #expect(live.status == 200 && live.trustQuestions > 0, "\(live)")
            let recorded = try await Cassette.useConfiguration("tls", record: .all, options: options) { await fetch($0, trusting: true) }
            let replayed = try await Cassette.useConfiguration("tls", record: .never, options: options) { await fetch($0, trusting: true) }
            #expect(recorded == live)
            // Replay makes no connection: the same answer, and no question about the certificate.
            #expect(replayed == Seen(status: live.status, body: live.body, trustQuestions: 0))

            let refusedLive = await fetch(.ephemeral, trusting: false)
            #expect(refusedLive.error == URLError.serverCertificateUntrusted.rawValue || refusedLive.error == URLError.secureConnectionFailed.rawValue,
                    "\(refusedLive)")
            let refusedRecording = await #expect(throws: CassetteError.self) {
                try await Cassette.useConfiguration("tls-refused", record: .all, options: options) { configuration in
                    let seen = await fetch(configuration, trusting: false)
                    #expect(seen.error == refusedLive.error)
                }
            }
            #expect(refusedRecording?.code == .transportError)
        }
    }
}

/// A session delegate that trusts the loopback server's certificate, whatever signed it, when `trusts`; otherwise
/// it lets the platform judge. Counts the questions about server trust.
final class TrustingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let trusts: Bool
    private let questions = LockedBox(0)

    init(trusts: Bool) {
        self.trusts = trusts
    }

    /// How often it was asked about the server's certificate.
    var asked: Int { questions.withLock { $0 } }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        answer(challenge, completionHandler)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        answer(challenge, completionHandler)
    }

    private func answer(_ challenge: URLAuthenticationChallenge,
                        _ completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let space = challenge.protectionSpace
        guard space.authenticationMethod == RecorderChallenge.serverTrustMethod else {
            return completionHandler(.performDefaultHandling, nil)
        }
        questions.withLock { $0 += 1 }
        #if canImport(FoundationNetworking)
        completionHandler(.performDefaultHandling, nil)
        #else
        guard trusts, space.host == "127.0.0.1", let trust = space.serverTrust else { return completionHandler(.performDefaultHandling, nil) }
        completionHandler(.useCredential, URLCredential(trust: trust))
        #endif
    }
}
