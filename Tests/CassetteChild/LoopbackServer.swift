import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, on a port the system picks: it answers every request, one connection at a
/// time, with `200` and the JSON `{"path":"<the request's path>"}`, then closes the connection.
final class LoopbackServer: Sendable {
    /// The port it listens on.
    let port: UInt16
    private let listener: Int32

    /// Binds and listens; ``start()`` begins answering.
    init() throws(ChildFailure) {
        signal(SIGPIPE, SIG_IGN)  // a client that hangs up early must not kill the process
        #if canImport(Darwin)
        let streamType = SOCK_STREAM
        #else
        let streamType = Int32(SOCK_STREAM.rawValue)
        #endif
        let listener = socket(AF_INET, streamType, 0)
        guard listener >= 0 else { throw ChildFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard bound else { throw ChildFailure("bind/listen: \(String(cString: strerror(errno)))") }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Answers connections on a thread of its own until the process exits.
    func start() {
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { continue }
                answer(connection)
                close(connection)
            }
        }
    }

    /// Reads one request's head from `connection` and writes the answer.
    private func answer(_ connection: Int32) {
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            head.append(contentsOf: buffer[0..<count])
        }
        let requestLine = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = requestLine.split(separator: " ")
        let path = parts.count > 1 ? String(parts[1]) : "/"
        let body = Data("{\"path\":\"\(path)\"}".utf8)
        var response = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
        response.append(body)
        response.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let sent = write(connection, base + offset, bytes.count - offset)
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}
