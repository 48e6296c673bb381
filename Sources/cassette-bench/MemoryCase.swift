import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Case 6: peak resident memory while replaying a cassette that holds one 100 MB body.
///
/// A child process (this executable with `--memory-child FILE`) does the replay, so the peak belongs to replay alone.
enum MemoryCase {
    static let bodySize = 100 << 20

    static func run() throws -> Row {
        let file = Fixtures.folder.appendingPathComponent("large.json")
        if !FileManager.default.fileExists(atPath: file.path) {
            // Bytes that are not UTF-8, so the body is stored as base64 (the largest form on disk).
            var body = Data(count: bodySize)
            body.withUnsafeMutableBytes { buffer in
                for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) | 0x80 }
            }
            try CassetteFile.save([Fixtures.interaction(0, body: body)], to: file)
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: child.executableURL?.path ?? "") {
            child.executableURL = Bundle.main.executableURL
        }
        child.arguments = ["--memory-child", file.path]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        child.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard child.terminationStatus == 0, let peak = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return Row(name: "6 memory (100 MB body)", measured: "child failed: \(text)", ratio: nil, target: "≤ 3×", met: false)
        }
        let multiple = peak / Double(bodySize)
        return Row(name: "6 memory replaying a 100 MB body",
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
}
