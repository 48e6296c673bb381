import Foundation
import Locking
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real server the live suite records against, on loopback, started by a script in `Scripts/`: asked once per
/// test process whether it answers; its tests skip, naming the script, when it does not.
struct TestServer: Sendable {
    /// The server's base URL.
    let baseURL: String
    /// Whether the server answered its probe path with `200`.
    let isRunning: Bool
    /// Why its tests are skipped when it is not running.
    let skipMessage: Comment

    /// The server `name` at `$variable`, else `defaultURL`; `probe` is a path it answers with `200`, `script` the
    /// one that starts it; the probe's session has `delegate` (one that trusts the server's certificate, say).
    init(_ name: String, variable: String, defaultURL: String, probe: String, script: String,
         delegate: (any URLSessionDelegate & Sendable)? = nil) {
        baseURL = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultURL
        isRunning = Self.answers(URL(string: baseURL + probe)!, delegate: delegate)
        skipMessage = "\(name) is not running at \(baseURL); start it with `\(script) start` (its live tests skipped)"
    }

    /// A server this platform cannot use at all, for `why`.
    init(unusable why: Comment, variable: String, defaultURL: String) {
        baseURL = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultURL
        isRunning = false
        skipMessage = why
    }

    /// A URL on the server.
    func url(_ path: String) -> String { baseURL + path }

    /// Whether `url` answers `200` within 3 seconds.
    private static func answers(_ url: URL, delegate: (any URLSessionDelegate & Sendable)?) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let answered = LockedBox(false)
        var request = URLRequest(url: url)
        request.timeoutInterval = 2
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        session.dataTask(with: request) { _, response, _ in
            answered.withLock { $0 = (response as? HTTPURLResponse)?.statusCode == 200 }
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 3)
        // Not invalidateAndCancel(): on swift-corelibs-foundation it makes URLSession.shared, before the harness
        // could register the protocol a process scope needs (see SharedSessionCaptureTests).
        session.finishTasksAndInvalidate()
        return answered.withLock { $0 }
    }
}

extension TestServer {
    /// The real httpbin the live suite records against (see `Scripts/httpbin.sh`): `HTTPBIN_URL`, or
    /// `http://127.0.0.1:8765`.
    static let httpbin = TestServer("httpbin", variable: "HTTPBIN_URL", defaultURL: "http://127.0.0.1:8765", probe: "/get",
                                    script: "Scripts/httpbin.sh")

    /// The server-sent-events server the live suite streams from (see `Scripts/sse.sh`; httpbin has none): `SSE_URL`,
    /// or `http://127.0.0.1:8766`.
    static let sse = TestServer("the SSE server", variable: "SSE_URL", defaultURL: "http://127.0.0.1:8766", probe: "/health",
                                script: "Scripts/sse.sh")

    /// The HTTPS server with a self-signed certificate the live suite records over TLS from (see `Scripts/tls.sh`):
    /// `TLS_URL`, or `https://127.0.0.1:8767`. Only Apple's platforms let a session's delegate trust it.
    static let tls: TestServer = {
        #if canImport(FoundationNetworking)
        TestServer(unusable: "swift-corelibs-foundation asks no delegate about server trust, so no session here can trust a self-signed certificate; this suite runs on Apple's platforms",
                   variable: "TLS_URL", defaultURL: "https://127.0.0.1:8767")
        #else
        TestServer("the TLS server", variable: "TLS_URL", defaultURL: "https://127.0.0.1:8767", probe: "/health",
                   script: "Scripts/tls.sh", delegate: TrustingDelegate(trusts: true))
        #endif
    }()
}
