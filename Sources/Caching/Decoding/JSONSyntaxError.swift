/// Where and why a document is not valid JSON.
struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `Unexpected end of the document`.
    let message: String
    /// Where the parser stopped.
    let position: TextPosition

    /// The line the parser stopped on, from 1.
    var line: Int { position.line }
    /// The byte in that line the parser stopped on, from 1.
    var column: Int { position.column }

    /// `message` at `line L, column C`.
    var description: String { "\(message) at \(position)" }

    /// An error found at byte `offset` of `bytes`; its line and column are worked out here, once.
    init(_ message: String, at offset: Int, in bytes: UnsafeRawBufferPointer) {
        self.message = message
        position = TextPosition(offset: offset, in: bytes)
    }
}
