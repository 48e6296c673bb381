import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("NetworkError")
struct NetworkErrorTests {
    @Test("every case describes itself with its context")
    func descriptions() throws {
        let address = try url("https://h.test/a")
        let cases: [(NetworkError, [String])] = [
            (.invalidURL(baseURL: try url("api"), path: "items"), ["Invalid URL", "api", "\"items\""]),
            (.encodingFailed(url: address, reason: "NaN"), ["Encoding failed", "https://h.test/a", "NaN"]),
            (.transport(code: .timedOut, url: address, reason: "slow"), ["Transport error -1001", "https://h.test/a", "slow"]),
            (.nonHTTPResponse(url: address), ["not an HTTP response", "https://h.test/a"]),
            (.unacceptableStatus(status: 404, body: Data("gone".utf8), url: address), ["HTTP 404", "https://h.test/a", "gone"]),
            (.unacceptableStatus(status: 204, body: Data(), url: nil), ["HTTP 204."]),
            (.decodingFailed(type: "Movie", codingPath: "a[0].b", reason: "Expected Int", url: address),
             ["Decoding Movie failed at a[0].b", "https://h.test/a", "Expected Int"]),
            (.cancelled(url: address), ["Cancelled", "https://h.test/a"]),
            (.authentication(reason: "refresh failed"), ["Authentication failed", "refresh failed"]),
        ]
        for (error, fragments) in cases {
            for fragment in fragments {
                #expect(error.description.contains(fragment), "\(error.description) lacks \(fragment)")
            }
            #expect(error.errorDescription == error.description)
            #expect((error as any Error).localizedDescription == error.description)
        }
    }

    @Test func hugeBodiesAreTruncatedInDescriptionsButKept() throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 10_000)
        let error = NetworkError.unacceptableStatus(status: 500, body: body, url: try url("https://h.test/a"))
        #expect(error.description.hasPrefix("HTTP 500 (https://h.test/a): xxx"))
        #expect(error.description.hasSuffix("… (10000 bytes)"))
        #expect(error.description.count < 300)
        guard case .unacceptableStatus(_, let kept, _) = error else { return }
        #expect(kept == body)
    }

    @Test func urlErrorsMapToCancelledOrTransport() throws {
        let address = try url("https://h.test/a")
        #expect(NetworkError(transport: URLError(.cancelled), url: address) == .cancelled(url: address))
        guard case .transport(.cannotConnectToHost, address, _) = NetworkError(transport: URLError(.cannotConnectToHost), url: address) else {
            Issue.record("expected transport")
            return
        }
        struct Odd: Error {}
        guard case .transport(.unknown, _, let reason) = NetworkError(transport: Odd(), url: nil) else {
            Issue.record("expected transport(.unknown)")
            return
        }
        #expect(reason.contains("Odd"))
    }
}
