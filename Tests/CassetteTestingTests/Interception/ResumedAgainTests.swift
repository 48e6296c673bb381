import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A running task resumed a second time (Alamofire's `Request.cancel()` resumes before it cancels): on
/// swift-corelibs-foundation that calls the protocol's `startLoading()` again, which must not answer the request twice.
/// `LiveRecordingEdgesTests` records such tasks; these replay them without a server.
@Suite("A task resumed again is answered once")
struct ResumedAgainTests {
    private func write(_ interaction: Interaction, in directory: URL) throws {
        try Fixture.write([interaction], name: "again", in: directory)
    }

    private func events(in directory: URL, latency: ReplayLatency = .immediate,
                        resumedAgainAfter: TimeInterval? = nil, cancelledAfter: TimeInterval? = nil) async throws -> [PieceLog.Event.Kind] {
        try await Cassette.useConfiguration("again", record: .never,
                                            options: .init(directory: .at(directory), latency: latency)) { configuration in
            await PieceLog().run(URLRequest(url: URL(string: "http://api.test/slow")!), on: configuration,
                                 resumedAgainAfter: resumedAgainAfter, cancelledAfter: cancelledAfter).map(\.kind)
        }
    }

    @Test("resumed again while its replay waits for the recorded time: one response, one end (it crashed the process)")
    func resumedWhileWaiting() async throws {
        try await withTemporaryDirectory { directory in
            var slow = Fixture.interaction("http://api.test/slow", body: "{}")
            slow.duration = 0.3
            try write(slow, in: directory)
            let seen = try await events(in: directory, latency: .recorded, resumedAgainAfter: 0.05)
            #expect(seen == [.response(200), .data(Data("{}".utf8)), .end(nil)])
        }
    }

    @Test("resumed, then cancelled, as Alamofire cancels, while a recorded cancellation is held open: cancelled once")
    func resumedThenCancelled() async throws {
        try await withTemporaryDirectory { directory in
            try write(Fixture.failed("http://api.test/slow", URLError(.cancelled)), in: directory)
            let seen = try await events(in: directory, cancelledAfter: 0.1)
            #expect(seen == [.end(URLError.cancelled.rawValue)])
        }
    }
}
