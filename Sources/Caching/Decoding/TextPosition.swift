import Foundation

/// A place in a document as an editor shows it: a 1-based line and a 1-based column, the column counted in bytes
/// from the start of the line (as `JSONDecoder` counts it).
struct TextPosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    let line: Int
    /// The byte in the line, from 1.
    let column: Int

    /// The position of the byte at `offset` in `bytes` (clamped to them), its lines counted by `memchr`.
    init(offset: Int, in bytes: UnsafeRawBufferPointer) {
        let end = max(0, min(offset, bytes.count))
        var line = 1
        var lineStart = 0
        if let base = bytes.baseAddress {
            while lineStart < end, let newline = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), end - lineStart) {
                line += 1
                lineStart = base.distance(to: UnsafeRawPointer(newline)) + 1
            }
        }
        self.line = line
        column = end - lineStart + 1
    }

    /// `line L, column C`.
    var description: String { "line \(line), column \(column)" }
}
