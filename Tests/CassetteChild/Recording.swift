import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records requests to its own loopback server into a cassette that another child records into at the same time.
enum Recording {
    /// Opens `name` in `directory` in record mode `new`, says "opened" on standard output, waits for a line on
    /// standard input (the parent's go, once every child has opened), then records `count` requests to
    /// `/<tag>/<n>` and lets `Cassette.use` save them.
    static func run(directory: String, name: String, tag: String, count: Int) async throws {
        let server = try LoopbackServer()
        server.start()
        // The file's earlier recordings are there to be kept, not replayed: no word about them going unused.
        try await Cassette.use(.named(name), record: .new, options: .init(directory: .at(URL(fileURLWithPath: directory, isDirectory: true)), unused: .ignore)) { session in
            FileHandle.standardOutput.write(Data("opened\n".utf8))
            guard readLine() != nil else { throw ChildFailure("Standard input closed before the go.") }
            for number in 1...count {
                guard let url = URL(string: "http://127.0.0.1:\(server.port)/\(tag)/\(number)") else {
                    throw ChildFailure("Could not build the URL for request \(number).")
                }
                let (_, response) = try await session.data(from: url)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    throw ChildFailure("Request \(number) was not answered 200: \(response).")
                }
            }
        }
    }
}
