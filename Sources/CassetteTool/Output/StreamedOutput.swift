import Foundation

/// Where a command writes a large output a piece at a time, so that it never holds the whole of it: standard output
/// (through the context, in pieces of at least ``pieceSize`` bytes), or a file written beside its destination and
/// renamed over it once complete, so that the destination holds its old contents or the new, never a part.
///
/// Each piece handed to ``write(_:)`` must end between characters: standard output receives text.
final class StreamedOutput {
    /// Standard output receives what was written once this much is waiting, and at the end.
    static let pieceSize = 1 << 16

    /// Standard output, when that is where the output goes.
    private let output: (@Sendable (String) -> Void)?
    /// The file being written and where it goes once complete, when the output goes to a file.
    private let file: (handle: FileHandle, temporary: URL, destination: URL)?
    /// What was written and not yet handed on.
    private var waiting = Data()

    /// Writes to standard output, as `context` gives it.
    init(context: ToolContext) {
        output = context.output
        file = nil
    }

    /// Writes to a new temporary file beside `destination`; ``finish()`` renames it over `destination`.
    init(file destination: URL) throws {
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
        try Data().write(to: temporary, options: .withoutOverwriting)
        do {
            file = (try FileHandle(forWritingTo: temporary), temporary, destination)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
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
        guard let file else { return }
        try file.handle.close()
        guard rename(file.temporary.path, file.destination.path) == 0 else {
            let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            try? FileManager.default.removeItem(at: file.temporary)
            throw error
        }
    }

    /// Gives up: a file's temporary file is removed, its destination left as it was.
    func abandon() {
        guard let file else { return }
        try? file.handle.close()
        try? FileManager.default.removeItem(at: file.temporary)
    }

    /// Hands on what is waiting.
    private func flush() throws {
        guard !waiting.isEmpty else { return }
        if let output { output(String(decoding: waiting, as: UTF8.self)) }
        if let file { try file.handle.write(contentsOf: waiting) }
        waiting.removeAll(keepingCapacity: true)
    }
}
