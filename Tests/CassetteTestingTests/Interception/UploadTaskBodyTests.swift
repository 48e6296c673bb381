import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Upload bodies never reach a URLProtocol's request; the cassette reads them from the task. On
/// swift-corelibs-foundation that reads the task's internal `knownBody`: these tests fail loudly if a toolchain
/// moves it.
@Suite("Upload bodies are captured")
struct UploadTaskBodyTests {
    #if canImport(FoundationNetworking)
    private let session = URLSession(configuration: .ephemeral)
    private let request = URLRequest(url: URL(string: "http://api.test/upload")!)

    @Test("corelibs keeps upload(from:) data in the task's knownBody")
    func dataBody() throws {
        let task = session.uploadTask(with: request, from: Data("payload".utf8))
        defer { task.cancel() }
        #expect(try UploadTaskBody.read(from: task).get() == Data("payload".utf8))
    }

    @Test("corelibs keeps upload(fromFile:) as the file's URL")
    func fileBody() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        try Data("from disk".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let task = session.uploadTask(with: request, fromFile: file)
        defer { task.cancel() }
        #expect(try UploadTaskBody.read(from: task).get() == Data("from disk".utf8))
    }

    @Test("a streamed upload's body comes from a delegate the cassette cannot call: a clear error")
    func streamedUpload() {
        let task = session.uploadTask(withStreamedRequest: request)
        defer { task.cancel() }
        guard case .failure(let reason) = UploadTaskBody.read(from: task) else {
            Issue.record("a streamed upload has no body to read")
            return
        }
        #expect(reason.what.contains("uploadTask(withStreamedRequest:)"))
        #expect(reason.workaround.contains("httpBodyStream"))
    }
    #endif

    @Test func uploadsReplayAgainstTheirRecordedBody() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("POST", "http://api.test/upload", body: "stored", requestBody: "payload")],
                              name: "upload", in: directory)
            let body = try await Cassette.use("upload", record: .never, options: .init(directory: .at(directory))) { session in
                var request = URLRequest(url: URL(string: "http://api.test/upload")!)
                request.httpMethod = "POST"
                return try await session.upload(for: request, from: Data("payload".utf8)).0
            }
            #expect(body == Data("stored".utf8))
        }
    }
}
