import Foundation

/// Where the httpbin server is: `HTTPBIN_URL`, or `http://127.0.0.1:8765` (what `Scripts/httpbin.sh` starts).
public enum HTTPBinServer {
    /// The default address, on loopback.
    public static let defaultURL = URL(string: "http://127.0.0.1:8765")!

    /// The base URL `environment` names, or ``defaultURL``.
    public static func baseURL(in environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        environment["HTTPBIN_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) } ?? defaultURL
    }
}
