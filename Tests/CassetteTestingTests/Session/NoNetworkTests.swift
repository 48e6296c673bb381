import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The guarantee that a cassette which may not record never touches the network: a listening socket on loopback
/// counts the connections it is offered while requests that have no recording go through the cassette.
@Suite("No network without recording")
struct NoNetworkTests {
    @Test("in mode none, a request with no recording fails without a connection, even with a server listening")
    func noneNeverConnects() async throws {
        let listener = try LoopbackListener()
        defer { listener.close() }
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://127.0.0.1:\(listener.port)/recorded")], name: "offline", in: directory)
            await #expect(throws: CassetteError.self) {
                try await Cassette.use("offline", record: .never, options: .init(directory: .at(directory))) { session in
                    _ = try await Fixture.get("http://127.0.0.1:\(listener.port)/recorded", on: session)
                    _ = try? await Fixture.get("http://127.0.0.1:\(listener.port)/not-recorded", on: session)
                }
            }
        }
        #expect(listener.acceptedConnections() == 0)
    }

    @Test("the listener does count a real connection (the check above can fail)")
    func listenerCountsConnections() async throws {
        let listener = try LoopbackListener()
        defer { listener.close() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(listener.port)/")!)
        request.timeoutInterval = 0.5
        _ = try? await session.data(for: request)
        #expect(listener.acceptedConnections() >= 1)
    }
}

/// A TCP socket listening on an ephemeral loopback port that never answers; it only counts connections.
private final class LoopbackListener: Sendable {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { _ = closeDescriptor(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    /// How many connections are waiting to be accepted (each is accepted and closed).
    func acceptedConnections() -> Int {
        var count = 0
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return count }
            count += 1
            _ = closeDescriptor(connection)
        }
    }

    func close() { _ = closeDescriptor(descriptor) }
}

/// The C library's `close`, which the listener's own `close()` hides.
private func closeDescriptor(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}
