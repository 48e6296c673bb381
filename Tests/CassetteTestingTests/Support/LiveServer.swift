import Foundation
import Locking
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real httpbin the live suite records against, on loopback (see `Scripts/httpbin.sh`).
enum LiveServer {
    /// The server's base URL: `HTTPBIN_URL`, or `http://127.0.0.1:8765`.
    static let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_URL"].flatMap { $0.isEmpty ? nil : $0 }
        ?? "http://127.0.0.1:8765"

    /// Whether the server answered `/get`, asked once per test process.
    static let isRunning: Bool = {
        let done = DispatchSemaphore(value: 0)
        let answered = LockedBox(false)
        var request = URLRequest(url: URL(string: baseURL + "/get")!)
        request.timeoutInterval = 2
        let session = URLSession(configuration: .ephemeral)
        session.dataTask(with: request) { _, response, _ in
            answered.withLock { $0 = (response as? HTTPURLResponse)?.statusCode == 200 }
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 3)
        session.invalidateAndCancel()
        return answered.withLock { $0 }
    }()

    /// Why live tests are skipped when the server is not running.
    static let skipMessage: Comment = "httpbin is not running at \(baseURL); start it with `Scripts/httpbin.sh start` (live recording tests skipped)"

    /// A URL on the server.
    static func url(_ path: String) -> String { baseURL + path }
}
