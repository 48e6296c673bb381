import Foundation
import Testing

/// Where the live suite is required (CI sets `LIVE_REQUIRED=1`), a missing server fails instead of skipping.
@Suite("Live: the server is there when required",
       .enabled(if: ProcessInfo.processInfo.environment["LIVE_REQUIRED"] == "1", "LIVE_REQUIRED is not set"))
struct LiveServerTests {
    @Test func httpbinAnswers() {
        #expect(TestServer.httpbin.isRunning, "LIVE_REQUIRED=1 but httpbin does not answer at \(TestServer.httpbin.baseURL)")
    }

    #if !canImport(FoundationNetworking)
    /// The HTTPS server (`Scripts/tls.sh`), which only Apple's platforms can trust (see `LiveTLSTests`).
    @Test func tlsServerAnswers() {
        #expect(TestServer.tls.isRunning, "LIVE_REQUIRED=1 but the TLS server does not answer at \(TestServer.tls.baseURL)")
    }
    #endif
}
