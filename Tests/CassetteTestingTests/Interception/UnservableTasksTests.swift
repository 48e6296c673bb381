import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads on swift-corelibs-foundation: a URLProtocol cannot hand a download task its file there, so the
/// cassette fails them at once, in every mode, instead of crashing or completing with a nil file.
@Suite("Tasks a platform does not let a cassette serve")
struct UnservableTasksTests {
    #if canImport(FoundationNetworking)
    @Test("download(for:) fails with a URLError, and use throws the CassetteError; no crash")
    func asyncDownload() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/file", body: "bytes")], name: "download", in: directory)
            let taskError = LockedBox<(any Error)?>(nil)
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.use("download", record: .never, options: .init(directory: .at(directory))) { session in
                    do {
                        _ = try await session.download(for: URLRequest(url: URL(string: "http://api.test/file")!))
                    } catch {
                        taskError.withLock { $0 = error }
                    }
                }
            }
            #expect((taskError.withLock { $0 } as? URLError)?.code == .resourceUnavailable)
            #expect(error?.code == .unsupportedRequest)
            #expect(error?.message.contains("use data(for:) and write the data to a file yourself") == true)
        }
    }

    @Test("downloadTask(with:) with a completion handler gets an error, never a nil file without one")
    func completionHandlerDownload() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/file", body: "bytes")], name: "download", in: directory)
            let got = LockedBox<(file: URL?, error: (any Error)?)?>(nil)
            await #expect(throws: CassetteError.self) {
                try await Cassette.use("download", record: .never, options: .init(directory: .at(directory))) { session in
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        session.downloadTask(with: URL(string: "http://api.test/file")!) { file, _, error in
                            got.withLock { $0 = (file, error) }
                            done.resume()
                        }.resume()
                    }
                }
            }
            let result = got.withLock { $0 }
            #expect(result?.file == nil)
            #expect((result?.error as? URLError)?.code == .resourceUnavailable)
        }
    }
    #endif

    @Test func dataTasksAreServed() {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        #expect(UnservableTasks.reason(for: session.dataTask(with: URL(string: "http://api.test/")!)) == nil)
    }
}
