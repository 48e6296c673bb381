import Foundation
import Locking
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Pins how requests find their own cassette (see `ProtocolRoutes` and ../shared/PLATFORM-NOTES.md).
@Suite("Routing requests to their own cassette")
struct RoutingTests {
    /// 32 cassettes open at once, each recorded with different answers for the same URLs; every kind of task on
    /// each must get its own cassette's answer.
    @Test("data, async, upload and download tasks on 32 parallel cassettes reach their own cassette")
    func parallelCassettes() async throws {
        try await withTemporaryDirectory { directory in
            for n in 0..<32 {
                try Fixture.write([Fixture.interaction("http://api.test/who", body: "cassette \(n)"),
                                   Fixture.interaction("http://api.test/who", body: "cassette \(n) again"),
                                   Fixture.interaction("POST", "http://api.test/upload", body: "upload \(n)", requestBody: "from \(n)"),
                                   Fixture.interaction("http://api.test/file", body: "file \(n)")],
                                  name: "c\(n)", in: directory)
            }
            let answers = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
                for n in 0..<32 {
                    group.addTask {
                        let seen = LockedBox<[String]>([])
                        do {
                            try await Cassette.use("c\(n)", record: .never, options: .init(directory: .at(directory))) { session in
                                let answers = try await Self.everyTask(on: session, n: n)
                                seen.withLock { $0 = answers }
                            }
                        } catch let error as CassetteError where Self.downloadsFail {
                            // The download's failure, reported by its own cassette when the body ends.
                            #expect(error.code == .unsupportedRequest && error.cassette?.lastPathComponent == "c\(n).json")
                        }
                        return (n, seen.withLock { $0 })
                    }
                }
                return try await group.reduce(into: [Int: [String]]()) { $0[$1.0] = $1.1 }
            }
            for n in 0..<32 {
                var expected = ["cassette \(n)", "cassette \(n) again", "upload \(n)"]
                #if canImport(FoundationNetworking)
                // corelibs cannot deliver a download through any URLProtocol: the cassette fails it, naming itself.
                expected.append("unsupportedRequest c\(n).json")
                #else
                expected.append("file \(n)")
                #endif
                #expect(answers[n] == expected)
            }
        }
    }

    /// Whether this platform's URLSession lets no URLProtocol deliver a download (swift-corelibs-foundation).
    private static var downloadsFail: Bool {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }

    /// A completion-handler data task, an async data task, an upload and a download, in that order.
    private static func everyTask(on session: URLSession, n: Int) async throws -> [String] {
        let who = URLRequest(url: URL(string: "http://api.test/who")!)
        let first: String = await withCheckedContinuation { done in
            session.dataTask(with: who) { data, _, error in
                done.resume(returning: data.map { String(decoding: $0, as: UTF8.self) } ?? "error \(String(describing: error))")
            }.resume()
        }
        let second = String(decoding: try await session.data(for: who).0, as: UTF8.self)
        var upload = URLRequest(url: URL(string: "http://api.test/upload")!)
        upload.httpMethod = "POST"
        let uploaded = String(decoding: try await session.upload(for: upload, from: Data("from \(n)".utf8)).0, as: UTF8.self)
        let downloaded: String = await withCheckedContinuation { done in
            session.downloadTask(with: URL(string: "http://api.test/file")!) { file, _, error in
                if let file, let data = try? Data(contentsOf: file) {
                    done.resume(returning: String(decoding: data, as: UTF8.self))
                } else if let cassette = ((error as? URLError)?.errorUserInfo[NSUnderlyingErrorKey] as? CassetteError) {
                    done.resume(returning: "\(cassette.code) \(cassette.cassette?.lastPathComponent ?? "")")
                } else {
                    done.resume(returning: "no file: \(String(describing: error))")
                }
            }.resume()
        }
        return [first, second, uploaded, downloaded]
    }

    @Test("two cassettes open at once with the same URL never see each other's answers")
    func sameURLTwoCassettes() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a", body: "left")], name: "left", in: directory)
            try Fixture.write([Fixture.interaction("http://api.test/a", body: "right")], name: "right", in: directory)
            try await Cassette.use("left", record: .never, options: .init(directory: .at(directory))) { left in
                try await Cassette.use("right", record: .never, options: .init(directory: .at(directory))) { right in
                    // The innermost cassette is current.
                    #expect(Cassette.current?.name == "right")
                    let (fromRight, _) = try await Fixture.get("http://api.test/a", on: right)
                    let (fromLeft, _) = try await Fixture.get("http://api.test/a", on: left)
                    #expect(String(decoding: fromRight, as: UTF8.self) == "right")
                    #expect(String(decoding: fromLeft, as: UTF8.self) == "left")
                }
            }
        }
    }

    @Test("each cassette's configuration lists a protocol class of its own, never reused")
    func distinctProtocolClasses() throws {
        let classes = (0..<300).map { _ in ObjectIdentifier(ProtocolRoutes.newProtocolClass()) }
        #expect(Set(classes).count == 300)
    }

    /// The replay path of a data task needs nothing but the protocol's own class: no task, no session, nothing
    /// to reflect on.
    @Test("a protocol with no task finds its cassette from its class alone")
    func routesWithoutATask() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a", body: "by class")], name: "bare", in: directory)
            try Cassette.use("bare", record: .never, options: .init(directory: .at(directory))) { _ in
                let protocolClass = try #require(Cassette.current?.configuration.protocolClasses?.first as? URLProtocol.Type)
                let client = RecordingClient()
                let loader = protocolClass.init(request: URLRequest(url: URL(string: "http://api.test/a")!),
                                                cachedResponse: nil, client: client)
                #expect(loader.task == nil)
                loader.startLoading()
                #expect(client.events.withLock { $0 } == ["response 200", "data by class", "finished"])
            }
        }
    }

    @Test("a session kept after its cassette closed gets an error that names the cassette")
    func sessionOutlivesItsCassette() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/a")], name: "short", in: directory)
            let configuration = try await Cassette.useConfiguration("short", record: .never, options: .init(directory: .at(directory))) { configuration in
                _ = try await Fixture.get("http://api.test/a", on: URLSession(configuration: configuration))
                return configuration
            }
            let late = URLSession(configuration: configuration)
            defer { late.invalidateAndCancel() }
            await #expect {
                try await Fixture.get("http://api.test/a", on: late)
            } throws: { error in
                let cassette = (error as? CassetteError) ?? ((error as? URLError)?.errorUserInfo[NSUnderlyingErrorKey] as? CassetteError)
                return cassette?.code == .unroutedRequest && cassette?.cassette?.lastPathComponent == "short.json"
                    && String(describing: error).contains("after the cassette closed")
            }
        }
    }

    @Test func aSessionNoCassetteOwnsGetsAClearError() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CassetteURLProtocol.self]
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        await #expect {
            try await Fixture.get("http://api.test/", on: session)
        } throws: { error in
            String(describing: error).contains("no cassette owns")
        }
    }

    #if canImport(FoundationNetworking)
    @Test("a recording answers on a queue serialized with every session's tasks: corelibs' work queues share one serial target")
    func workQueuesAreSerializedTogether() async throws {
        let recorder = URLSession(configuration: .ephemeral), app = URLSession(configuration: .ephemeral)
        defer { recorder.invalidateAndCancel(); app.invalidateAndCancel() }
        let clientQueue = try #require(ClientQueues.clientQueue(for: recorder))
        let taskQueue = try #require(ClientQueues.workQueue(of: app.dataTask(with: URL(string: "http://api.test/")!)))
        // A block on the task's queue that takes a while; once it runs, one on the client queue: if the two queues
        // ran concurrently, the second would see the first still running.
        let running = LockedBox(false)
        let overlapped = LockedBox<Bool?>(nil)
        let started = DispatchSemaphore(value: 0)
        taskQueue.async {
            running.withLock { $0 = true }
            started.signal()
            Thread.sleep(forTimeInterval: 0.1)
            running.withLock { $0 = false }
        }
        started.wait()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            clientQueue.async {
                overlapped.withLock { $0 = running.withLock { $0 } }
                done.resume()
            }
        }
        #expect(overlapped.withLock { $0 } == false)
    }
    #endif
}

/// A `URLProtocolClient` that writes down what a protocol tells it.
private final class RecordingClient: NSObject, URLProtocolClient {
    let events = LockedBox<[String]>([])

    func urlProtocol(_ protocol: URLProtocol, didReceive response: URLResponse, cacheStoragePolicy policy: URLCache.StoragePolicy) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        events.withLock { $0.append("response \(status)") }
    }
    func urlProtocol(_ protocol: URLProtocol, didLoad data: Data) {
        events.withLock { $0.append("data " + String(decoding: data, as: UTF8.self)) }
    }
    func urlProtocolDidFinishLoading(_ protocol: URLProtocol) { events.withLock { $0.append("finished") } }
    func urlProtocol(_ protocol: URLProtocol, didFailWithError error: any Error) { events.withLock { $0.append("failed") } }
    func urlProtocol(_ protocol: URLProtocol, wasRedirectedTo request: URLRequest, redirectResponse: URLResponse) {}
    func urlProtocol(_ protocol: URLProtocol, cachedResponseIsValid cachedResponse: CachedURLResponse) {}
    func urlProtocol(_ protocol: URLProtocol, didReceive challenge: URLAuthenticationChallenge) {}
    func urlProtocol(_ protocol: URLProtocol, didCancel challenge: URLAuthenticationChallenge) {}
}
