import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cases 6 and 10: peak resident memory while replaying a cassette that holds one 100 MB body, kept whole (6) or as
/// a stream of 1 MB pieces replayed piece by piece to a session's delegate (10).
///
/// A child process (this executable with `--memory-child FILE`, or `--memory-stream-child FILE`) does the replay,
/// so the peak belongs to replay alone.
enum MemoryCase {
    static let bodySize = 100 << 20
    /// Case 10's pieces: 1 MB each, 100 of them.
    static let pieceSize = 1 << 20

    /// Bytes that are not UTF-8, so the body is stored as base64 (the largest form on disk).
    static func body() -> Data {
        var body = Data(count: bodySize)
        body.withUnsafeMutableBytes { buffer in
            for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) | 0x80 }
        }
        return body
    }

    /// 6. The body kept whole, replayed to `data(for:)`.
    static func run() throws -> Row {
        try row("6 memory replaying a 100 MB body", child: "--memory-child", file: "large.json") {
            Fixtures.interaction(0, body: body())
        }
    }

    /// 10. The same body stored as a stream of 1 MB pieces, all at time 0, replayed to a session's delegate that
    /// drops what it hears. Opening the file is most of the peak, as in case 6 (a 100 MB body read from base64
    /// peaks near 265 MB before any request), so this shows that delivering it piece by piece adds little.
    static func runStreamed() throws -> Row {
        try row("10 memory replaying a 100 MB streamed body", child: "--memory-stream-child", file: "large-stream.json") {
            var interaction = Fixtures.interaction(0, body: body())
            // A streamed body has no length; the pieces say how it came.
            interaction.response?.headers = ["Content-Type": "application/octet-stream", "Server": "bench"]
            interaction.response?.stream = RecordedStream(head: 0, chunks: Array(repeating: RecordedStream.Chunk(at: 0, size: pieceSize),
                                                                                   count: bodySize / pieceSize))
            return interaction
        }
    }

    /// The peak of the child run with `flag` on the cassette `fileName` of `interaction` (written unless it is there).
    private static func row(_ name: String, child flag: String, file fileName: String, interaction: () -> Interaction) throws -> Row {
        let file = Fixtures.folder.appendingPathComponent(fileName)
        if !FileManager.default.fileExists(atPath: file.path) { try CassetteFile.save([interaction()], to: file) }
        let (peak, text) = try peakOfChild([flag, file.path])
        guard let peak else { return Row(name: name, measured: "child failed: \(text)", ratio: nil, target: "≤ 3× body", met: false) }
        let multiple = peak / Double(bodySize)
        return Row(name: name,
                   measured: String(format: "peak RSS %.0f MB", peak / 1e6 * 1.048576),
                   ratio: multiple, target: "≤ 3× body", met: multiple <= 3,
                   json: ["peak_mb": peak / 1_048_576, "multiple": multiple])
    }

    /// In the child: replay the large body once and print the peak resident bytes.
    static func child(file: String) async throws {
        let url = URL(fileURLWithPath: file)
        let size = try await Cassette.use(.named(url.deletingPathExtension().lastPathComponent), record: .never, options: .init(directory: .at(url.deletingLastPathComponent()))) { session in
            try await session.data(for: URLRequest(url: Fixtures.url(0))).0.count
        }
        guard size == bodySize else { throw URLError(.cannotDecodeContentData) }
        print(peakResidentBytes())
    }

    /// In the child: replay the large streamed body once to a delegate that drops each piece, and print the peak
    /// resident bytes.
    static func streamedChild(file: String) async throws {
        let url = URL(fileURLWithPath: file)
        let counted = try await Cassette.useConfiguration(.named(url.deletingPathExtension().lastPathComponent), record: .never, options: .init(directory: .at(url.deletingLastPathComponent()))) { configuration in
            let delegate = CountingDelegate()
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            return try await delegate.run(URLRequest(url: Fixtures.url(0)), on: session)
        }
        guard counted.bytes == bodySize, counted.pieces == bodySize / pieceSize else { throw URLError(.cannotDecodeContentData) }
        print(peakResidentBytes())
    }
}
