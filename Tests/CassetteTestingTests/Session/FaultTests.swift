import Foundation
import Locking
import Testing
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Injected faults")
struct FaultTests {
    /// Fifty recordings, `/items/1` to `/items/50`, each answering `item n`.
    private func writeItems(in directory: URL) throws {
        try Fixture.write((1...50).map { (n: Int) in Fixture.interaction("http://api.test/items/\(n)", body: "item \(n)") },
                          name: "items", in: directory)
    }

    /// What each request of `paths` got: its body, `status N`, or `error N`.
    private func results(_ paths: [Int], faults: [Fault], in directory: URL) async throws -> [String] {
        try await Cassette.use("items", record: .never, options: .init(directory: .at(directory), unused: .ignore, faults: faults)) { session in
            var results: [String] = []
            for n in paths {
                do {
                    let (data, response) = try await Fixture.get("http://api.test/items/\(n)", on: session)
                    results.append(response.statusCode == 200 ? String(decoding: data, as: UTF8.self) : "status \(response.statusCode) \(String(decoding: data, as: UTF8.self))")
                } catch let error as URLError {
                    results.append("error \(error.code.rawValue)")
                }
            }
            return results
        }
    }

    @Test("by position: the n-th request the cassette answers fails with the URLError given, naming its URL")
    func byPosition() async throws {
        try await withTemporaryDirectory { directory in
            try writeItems(in: directory)
            let got = try await results([1, 2, 3], faults: [.fail(.notConnectedToInternet, when: .request(2))], in: directory)
            #expect(got == ["item 1", "error \(URLError.Code.notConnectedToInternet.rawValue)", "item 3"])
        }
    }

    @Test("by matcher: the selected requests get the status and body given; the first fault that selects wins")
    func byMatcher() async throws {
        try await withTemporaryDirectory { directory in
            try writeItems(in: directory)
            let faults: [Fault] = [.respond(status: 503, body: Data("busy".utf8), when: .matching { $0.path.hasSuffix("/2") }),
                                   .fail(.timedOut, when: .matching { $0.path.hasPrefix("/items") })]
            let got = try await results([2, 3], faults: faults, in: directory)
            #expect(got == ["status 503 busy", "error \(URLError.Code.timedOut.rawValue)"])
        }
    }

    @Test("by seeded fraction: the same seed fails the same requests whatever their order; another seed others")
    func bySeededFraction() async throws {
        try await withTemporaryDirectory { directory in
            try writeItems(in: directory)
            let faults = { (seed: UInt64) in [Fault.fail(.networkConnectionLost, when: .fraction(0.3, seed: seed))] }
            let failed = { (results: [String], order: [Int]) in Set(zip(order, results).filter { $0.1.hasPrefix("error") }.map(\.0)) }
            let order = Array(1...50)
            let first = failed(try await results(order, faults: faults(42), in: directory), order)
            let reversed = Array(order.reversed())
            let again = failed(try await results(reversed, faults: faults(42), in: directory), reversed)
            let other = failed(try await results(order, faults: faults(43), in: directory), order)
            #expect(first == again)
            #expect((5...25).contains(first.count), "about 30% of 50: \(first.count)")
            #expect(first != other)
        }
    }

    @Test("truncation delivers the response and the first bytes of its body, then fails as a lost connection")
    func truncation() async throws {
        try await withTemporaryDirectory { directory in
            try writeItems(in: directory)
            let collector = Collector()
            try await Cassette.use("items", record: .never, options: .init(directory: .at(directory), unused: .ignore, faults: [.truncate(toBytes: 3, when: .request(1))])) { _ in
                let configuration = try #require(Cassette.current).configuration
                let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
                defer { session.finishTasksAndInvalidate() }
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    collector.done.withLock { $0 = done }
                    session.dataTask(with: URL(string: "http://api.test/items/12")!).resume()
                }
            }
            #expect(collector.status.withLock { $0 } == 200)
            #expect(String(decoding: collector.received.withLock { $0 }, as: UTF8.self) == "ite")
            #expect((collector.error.withLock { $0 } as? URLError)?.code == .networkConnectionLost)
        }
    }

    /// Keeps what a data task delivers: its status, every byte, and how it ended.
    private final class Collector: NSObject, URLSessionDataDelegate, Sendable {
        let status = LockedBox<Int?>(nil)
        let received = LockedBox(Data())
        let error = LockedBox<(any Error)?>(nil)
        let done = LockedBox<CheckedContinuation<Void, Never>?>(nil)

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
            status.withLock { $0 = (response as? HTTPURLResponse)?.statusCode }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            received.withLock { $0.append(data) }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            self.error.withLock { $0 = error }
            done.withLock { continuation in
                continuation?.resume()
                continuation = nil
            }
        }
    }
}
