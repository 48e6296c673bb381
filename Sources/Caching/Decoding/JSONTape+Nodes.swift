extension JSONTape {
    /// A tape's nodes: 16 bytes each, kept in blocks of a fixed size, so that a large document's nodes take about
    /// what they need (a growing array takes up to twice that, and copies itself to grow) and are never moved.
    ///
    /// Reading a node gives it as a ``JSONTape/Node``; it is stored packed: the node's first number as it is, its
    /// second number shifted left by three bits beside its kind.
    struct Nodes: RandomAccessCollection, Sendable {
        /// One node, packed.
        private struct Packed: Sendable {
            let first: Int
            let secondAndKind: Int
        }

        private var blocks: [[Packed]] = []
        private(set) var count = 0

        /// Nodes per block, a power of two: a full block takes 256 KB.
        private static let blockShift = 14
        private static let blockMask = (1 << blockShift) - 1

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        subscript(index: Int) -> Node {
            get { Self.unpacked(blocks[index >> Self.blockShift][index & Self.blockMask]) }
            set { blocks[index >> Self.blockShift][index & Self.blockMask] = Self.packed(newValue) }
        }

        /// Adds `node` after the last one. A block grows as an array does until it is full, so a small document
        /// takes little.
        mutating func append(_ node: Node) {
            if count >> Self.blockShift == blocks.count { blocks.append([]) }
            blocks[count >> Self.blockShift].append(Self.packed(node))
            count += 1
        }

        /// Makes room for `count` nodes (at most a block's) before the first is added.
        mutating func reserveCapacity(_ count: Int) {
            if blocks.isEmpty { blocks.append([]) }
            blocks[0].reserveCapacity(Swift.min(count, 1 << Self.blockShift))
        }

        /// Drops the nodes from `index` on, keeping the room they took for the nodes that follow.
        mutating func removeAll(from index: Int) {
            guard index < count else { return }
            let block = index >> Self.blockShift
            blocks[block].removeSubrange((index & Self.blockMask)...)
            blocks.removeSubrange((block + 1)...)
            count = index
        }

        private static func packed(_ node: Node) -> Packed {
            let (kind, first, second): (Int, Int, Int) = switch node {
            case .null: (0, 0, 0)
            case .bool(let value): (1, value ? 1 : 0, 0)
            case .integer(let start, let end): (2, start, end)
            case .number(let start, let end): (3, start, end)
            case .string(let start, let end): (4, start, end)
            case .escapedString(let start, let end): (5, start, end)
            case .array(let count, let end): (6, count, end)
            case .object(let count, let end): (7, count, end)
            }
            // Every number is a count, an index or a byte offset into a document in memory: far below 2^60.
            return Packed(first: first, secondAndKind: second << 3 | kind)
        }

        private static func unpacked(_ packed: Packed) -> Node {
            let second = packed.secondAndKind >> 3
            switch packed.secondAndKind & 7 {
            case 0: return .null
            case 1: return .bool(packed.first != 0)
            case 2: return .integer(start: packed.first, end: second)
            case 3: return .number(start: packed.first, end: second)
            case 4: return .string(start: packed.first, end: second)
            case 5: return .escapedString(start: packed.first, end: second)
            case 6: return .array(count: packed.first, end: second)
            default: return .object(count: packed.first, end: second)
            }
        }
    }
}
