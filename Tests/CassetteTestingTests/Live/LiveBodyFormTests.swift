import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A body the app set whole reaches a protocol on Apple's platforms as a stream (OHHTTPStubs issue #52); recording
/// sends it whole, with its length, as live, and only a stream the app set itself as a stream. Sent here as Apple's
/// loading system hands it over, to httpbin, which echoes the headers it got.
@Suite("Live: bodies are sent in the form the app gave them", .enabled(if: TestServer.httpbin.isRunning, TestServer.httpbin.skipMessage))
struct LiveBodyFormTests {
    private static let body = Data(#"{"sent":"whole"}"#.utf8)

    /// The request as the protocol got it: the body as a stream.
    private static func streamed() -> URLRequest {
        var request = URLRequest(url: URL(string: TestServer.httpbin.url("/anything"))!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBodyStream = InputStream(data: body)
        return request
    }

    /// The headers httpbin got for `outgoing`, sent by a recorder.
    private func headersSent(_ outgoing: OutgoingRequest) async throws -> [String: String] {
        let recorder = Recorder(timeouts: Recorder.Timeouts(request: 10, resource: 10))
        defer { recorder.close() }
        let handlers = Recorder.Handlers(onRedirect: { _, proposed, decided in decided(proposed) }, onChallenge: { _, answered in answered(nil) },
                                         passThrough: nil)
        let exchange = try await withCheckedThrowingContinuation { continuation in
            _ = recorder.perform(outgoing, timeouts: Recorder.Timeouts(request: 10, resource: 10), handlers: handlers) { continuation.resume(with: $0) }
        }
        let echo = try JSONDecoder().decode([String: JSONValue].self, from: exchange.body)
        guard case .object(let headers)? = echo["headers"] else { return [:] }
        return headers.compactMapValues { if case .string(let value) = $0 { value } else { nil } }
    }

    @Test("set as httpBody and handed over as a stream: sent whole, with Content-Length; set as a stream: sent as one")
    func forms() async throws {
        var whole = URLRequest(url: Self.streamed().url!)
        whole.httpBody = Self.body
        #expect(OutgoingRequest.BodyForm.of(Self.streamed(), original: whole, isUpload: false) == .httpBody)
        #expect(OutgoingRequest.BodyForm.of(Self.streamed(), original: Self.streamed(), isUpload: false) == .stream)
        #expect(OutgoingRequest.BodyForm.of(Self.streamed(), original: nil, isUpload: false) == .stream)
        #expect(OutgoingRequest.BodyForm.of(whole, original: whole, isUpload: false) == .httpBody)
        #expect(OutgoingRequest.BodyForm.of(Self.streamed(), original: whole, isUpload: true) == .upload)

        let asBytes = try await headersSent(OutgoingRequest(request: Self.streamed(), body: Self.body, form: .httpBody, app: whole))
        #expect(asBytes["Content-Length"] == "\(Self.body.count)" && asBytes["Transfer-Encoding"] == nil, "\(asBytes)")
        let asStream = try await headersSent(OutgoingRequest(request: Self.streamed(), body: Self.body, form: .stream, app: Self.streamed()))
        #expect(asStream["Content-Length"] == nil, "\(asStream)")
    }
}
