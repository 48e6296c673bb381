import Caching
import Foundation

/// Where a command writes a large output a piece at a time: standard output (in pieces of at least ``pieceSize``
/// bytes, each ending between characters), or a file saved atomically (`AtomicFile.Writing`).
final class StreamedOutput {
    /// Standard output receives what was written once this much is waiting, and at the end.
    static let pieceSize = 1 << 16

    /// Standard output, when that is where the output goes.
    private let output: (@Sendable (String) -> Void)?
    /// The file being saved, when the output goes to a file.
    private let file: AtomicFile.Writing?
    /// What was written and not yet handed on.
    private var waiting = Data()

    /// Writes to standard output, as `context` gives it.
    init(context: ToolContext) {
        output = context.output
        file = nil
    }

    /// Writes to a new temporary file beside `destination`; ``finish()`` renames it over `destination`.
    init(file destination: URL) throws(CacheError) {
        file = try AtomicFile.Writing(destination)
        output = nil
    }

    /// Writes `data` after what was written before.
    func write(_ data: Data) throws {
        waiting.append(data)
        if waiting.count >= Self.pieceSize { try flush() }
    }

    /// Writes what is waiting and, for a file, puts it in place of its destination.
    func finish() throws {
        try flush()
        try file?.commit()
    }

    /// Gives up: a file's temporary file is removed, its destination left as it was.
    func abandon() {
        file?.abandon()
    }

    /// Hands on what is waiting.
    private func flush() throws {
        guard !waiting.isEmpty else { return }
        if let output { output(String(decoding: waiting, as: UTF8.self)) }
        try file?.append(waiting)
        waiting.removeAll(keepingCapacity: true)
    }
}
