import Foundation

/// A member of a cache file left undecoded when the file was read (with deferral on,
/// ``Cache/entriesWithExpiration(in:file:deferring:)``, through ``TapeDecoder/deferredValue(_:)``), decoded by
/// ``decode()``: a reader of part of a large file pays for that part. The file's bytes and nodes live as long as it.
package struct DeferredValue<Value: Decodable>: Sendable {
    private let document: RetainedDocument
    private let node: Int

    init(document: RetainedDocument, node: Int) {
        self.document = document
        self.node = node
    }

    /// About how many bytes of the file the value spans (from its first to its last number or string), without
    /// decoding it: what its decoding will cost grows with this.
    package var byteCount: Int {
        let nodes = document.nodes
        guard nodes.indices.contains(node) else { return 0 }
        let end: Int
        switch nodes[node] {
        case .array(_, let after), .object(_, let after): end = after
        default: end = node + 1
        }
        let inside = node..<min(end, nodes.count)
        guard let first = inside.lazy.compactMap({ Self.span(of: nodes[$0]) }).first,
              let last = inside.reversed().lazy.compactMap({ Self.span(of: nodes[$0]) }).first else { return 0 }
        return max(0, last.upperBound - first.lowerBound)
    }

    /// The bytes a scalar node stands for; `nil` for containers, `null` and booleans.
    private static func span(of node: JSONTape.Node) -> Range<Int>? {
        switch node {
        case .integer(let start, let end), .number(let start, let end), .string(let start, let end), .escapedString(let start, let end):
            start..<max(start, end)
        case .null, .bool, .array, .object:
            nil
        }
    }

    /// Decodes the value exactly as reading the whole file would have, throwing the error that read would have
    /// thrown: the file and the coding path from its root.
    package func decode() throws(CacheError) -> Value {
        do {
            return try document.bytes.withUnsafeBytes { bytes in
                // The same bytes the nodes were parsed from: only their address may have changed.
                let tape = JSONTape(nodes: document.nodes, bytes: bytes)
                return try TapeDecoder.decode(Value.self, at: node, of: tape, path: tape.codingPath(to: node))
            }
        } catch {
            throw CacheError(decoding: error, file: document.file)
        }
    }
}

/// A parsed document kept for the deferred values made from it: its (UTF-8) bytes and its nodes, never changed.
final class RetainedDocument: Sendable {
    let bytes: Data
    let nodes: JSONTape.Nodes
    /// The file the bytes were read from, for errors.
    let file: URL?

    init(bytes: Data, nodes: JSONTape.Nodes, file: URL?) {
        self.bytes = bytes
        self.nodes = nodes
        self.file = file
    }
}

extension TapeDecoder {
    /// Whether this decoder reads a document that defers values (see ``deferredValue(_:)``).
    package var defers: Bool { document.deferral != nil }

    /// The value this decoder reads, left undecoded: ``DeferredValue/decode()`` decodes it later as this decoder
    /// would have (with the same coding path), but with nothing deferred. Only for a decoder that ``defers``.
    package func deferredValue<T: Decodable>(_ type: T.Type) throws -> DeferredValue<T> {
        guard let node, let retained = document.retained() else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "No value to defer."))
        }
        return DeferredValue(document: retained, node: node)
    }
}
