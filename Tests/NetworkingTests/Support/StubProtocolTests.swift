import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Stub protocol (test support)")
struct StubProtocolTests {
    #if canImport(FoundationNetworking)
    @Test("pins a corelibs internal: the task's work queue is found by reflection")
    func findsTheLoadingQueue() throws {
        let server = StubServer()
        let task = server.session.dataTask(with: server.baseURL)
        defer { task.cancel() }
        #expect(StubProtocol.loadingQueue(of: task) != nil)
    }
    #endif

    @Test func unknownHostsFailInsteadOfHanging() async throws {
        let server = StubServer()
        await #expect(throws: URLError.self) {
            _ = try await server.session.data(from: url("https://not-registered.test/x"))
        }
    }

    @Test func requestsAreRoutedByHostSoParallelServersNeverMix() async throws {
        let servers = (0..<8).map { index in StubServer(body: "server \(index)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, server) in servers.enumerated() {
                group.addTask {
                    for _ in 0..<10 {
                        let (data, _) = try await server.session.data(from: server.baseURL)
                        #expect(String(decoding: data, as: UTF8.self) == "server \(index)")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(servers.allSatisfy { $0.received.count == 10 })
    }
}
