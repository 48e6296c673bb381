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
    /// one that starts it.
    init(_ name: String, variable: String, defaultURL: String, probe: String, script: String) {
        baseURL = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultURL
        isRunning = Self.answers(URL(string: baseURL + probe)!)
        skipMessage = "\(name) is not running at \(baseURL); start it with `\(script) start` (its live tests skipped)"
    }

    /// A URL on the server.
    func url(_ path: String) -> String { baseURL + path }

    /// Whether `url` answers `200` within 3 seconds.
    private static func answers(_ url: URL) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let answered = LockedBox(false)
        var request = URLRequest(url: url)
        request.timeoutInterval = 2
        let session = URLSession(configuration: .ephemeral)
        session.dataTask(with: request) { _, response, _ in
            answered.withLock { $0 = (response as? HTTPURLResponse)?.statusCode == 200 }
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 3)
        session.invalidateAndCancel()
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
}
