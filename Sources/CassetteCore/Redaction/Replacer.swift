import Foundation

/// Replaces many texts in one pass: at each position the longest text that matches is replaced, and what was written
/// is never scanned again.
///
/// One pass matters twice over. A secret may be part of a placeholder (a password `pass` and the placeholder
/// `<REDACTED:password>`): placeholders already in the text are `kept`, copied as they are, so no secret is ever
/// searched for inside one and none is left unsearched for fear of it. And a response with a thousand secrets costs
/// one scan, not a thousand: the texts sit in a trie, walked from each position that can start one.
struct Replacer: Sendable {
    /// The texts to find, each with what it becomes (itself, for a kept text).
    private let patterns: [(find: [UInt8], replace: [UInt8])]
    /// A trie of the texts: an edge per (node, byte), and the text that ends at a node.
    private let edges: [UInt64: Int32]
    private let ends: [Int32: Int]
    /// Which bytes start a text: at every other position the scan moves on at once.
    private let starts: [Bool]
    /// For a few texts (the usual case: a request's one token), no trie: the texts by length, longest first.
    private let few: [Int]?
    static let fewest = 16

    /// A replacer for `pairs`, copying `kept` texts unchanged wherever they stand.
    init(_ pairs: [(find: String, replace: String)], keeping kept: [String] = []) {
        var patterns: [(find: [UInt8], replace: [UInt8])] = []
        var edges: [UInt64: Int32] = [:]
        var ends: [Int32: Int] = [:]
        var starts = [Bool](repeating: false, count: 256)
        var nodes: Int32 = 1
        let all = pairs.map { (Array($0.find.utf8), Array($0.replace.utf8)) } + kept.map { (Array($0.utf8), Array($0.utf8)) }
        let isFew = all.count <= Self.fewest
        // The first pair for a text wins.
        for (find, replace) in all where !find.isEmpty {
            if isFew {
                guard !patterns.contains(where: { $0.find == find }) else { continue }
            } else {
                var node: Int32 = 0
                for byte in find {
                    let key = UInt64(UInt32(bitPattern: node)) << 8 | UInt64(byte)
                    if let next = edges[key] {
                        node = next
                    } else {
                        edges[key] = nodes
                        node = nodes
                        nodes += 1
                    }
                }
                guard ends[node] == nil else { continue }
                ends[node] = patterns.count
            }
            patterns.append((find, replace))
            starts[Int(find[0])] = true
        }
        self.patterns = patterns
        self.edges = edges
        self.ends = ends
        self.starts = starts
        few = isFew ? patterns.indices.sorted { patterns[$0].find.count > patterns[$1].find.count } : nil
    }
    /// Whether there is nothing to replace.
    var isEmpty: Bool { patterns.allSatisfy { $0.find == $0.replace } }

    /// `data` with every match replaced; the same data when nothing matched.
    func apply(to data: Data) -> Data {
        guard !isEmpty, !data.isEmpty else { return data }
        return data.withUnsafeBytes { bytes in
            replaced(bytes).map { Data($0) } ?? data
        }
    }

    /// `text` with every match replaced.
    func apply(to text: String) -> String {
        guard !isEmpty, !text.isEmpty else { return text }
        var copy = text
        return copy.withUTF8 { bytes in
            replaced(UnsafeRawBufferPointer(bytes)).map { String(decoding: $0, as: UTF8.self) } ?? text
        }
    }

    /// How often each text occurs in `text`, found as ``apply(to:)`` finds them. Texts that do not occur are left out.
    func occurrences(in text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var text = text
        text.withUTF8 { buffer in
            forEachMatch(in: UnsafeRawBufferPointer(buffer)) { _, match in
                counts[String(decoding: patterns[match].find, as: UTF8.self), default: 0] += 1
                return true
            }
        }
        return counts
    }

    /// Where the texts occur in `bytes`, found as ``apply(to:)`` finds them, each with what replaces it; kept texts
    /// are left out.
    func matches(in bytes: UnsafeRawBufferPointer) -> [(range: Range<Int>, replacement: [UInt8])] {
        var found: [(range: Range<Int>, replacement: [UInt8])] = []
        forEachMatch(in: bytes) { index, match in
            let pattern = patterns[match]
            if pattern.find != pattern.replace { found.append((index..<(index + pattern.find.count), pattern.replace)) }
            return true
        }
        return found
    }

    /// Whether any of the texts occurs in `bytes`.
    func occurs(in bytes: UnsafeRawBufferPointer) -> Bool {
        var found = false
        forEachMatch(in: bytes) { _, _ in
            found = true
            return false
        }
        return found
    }

    /// `bytes` with each of `replacements` (in order; one that overlaps the one before is skipped) written in place of
    /// its range; `nil` when there is none.
    static func splice(_ bytes: UnsafeRawBufferPointer, _ replacements: [(range: Range<Int>, replacement: [UInt8])]) -> [UInt8]? {
        guard !replacements.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var copiedUpTo = 0
        for (range, replacement) in replacements where range.lowerBound >= copiedUpTo {
            output.append(contentsOf: bytes[copiedUpTo..<range.lowerBound])
            output.append(contentsOf: replacement)
            copiedUpTo = range.upperBound
        }
        output.append(contentsOf: bytes[copiedUpTo...])
        return output
    }

    /// The replaced bytes, or `nil` when nothing was replaced.
    private func replaced(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        Self.splice(bytes, matches(in: bytes))
    }

    /// Gives `body` each match in `bytes`, where it starts and which text it is, as ``apply(to:)`` finds them: the
    /// longest text at each position, then on after it; `body` returns false to stop.
    private func forEachMatch(in bytes: UnsafeRawBufferPointer, _ body: (_ index: Int, _ match: Int) -> Bool) {
        var index = 0
        while index < bytes.count {
            guard starts[Int(bytes[index])], let match = longestMatch(in: bytes, at: index) else {
                index += 1
                continue
            }
            guard body(index, match) else { return }
            index += patterns[match].find.count
        }
    }

    /// The longest text that starts at `index`, walking the trie along the bytes (or trying the few texts).
    private func longestMatch(in bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
        if let few {
            let remaining = bytes.count - index
            for candidate in few {
                let find = patterns[candidate].find
                guard find.count <= remaining, find[0] == bytes[index] else { continue }
                var equal = true
                for offset in 1..<find.count where bytes[index + offset] != find[offset] {
                    equal = false
                    break
                }
                if equal { return candidate }
            }
            return nil
        }
        var node: Int32 = 0
        var longest: Int?
        var position = index
        while position < bytes.count,
              let next = edges[UInt64(UInt32(bitPattern: node)) << 8 | UInt64(bytes[position])] {
            node = next
            if let end = ends[node] { longest = end }
            position += 1
        }
        return longest
    }
}
