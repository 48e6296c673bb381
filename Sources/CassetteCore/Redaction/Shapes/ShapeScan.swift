import Caching
import Foundation

/// Finds, in one pass over a text's bytes, the values that have one of a few ``SecretShape``s.
///
/// Every replayed request's URL, headers and body go through this, so it looks at each byte once through a table
/// of the bytes a shape can start at (a prefix's first byte, `e` of a JWT's `eyJ`, `-` of `-----BEGIN`, `=` of
/// `Signature=`), and reads further only there. High-entropy values are found by name (see ``AuthLikeName``), not
/// here.
package struct ShapeScan: Sendable {
    /// A value found: which shape, and where it stands in the bytes.
    struct Hit: Equatable {
        let shape: SecretShape
        let range: Range<Int>
    }

    private let shapes: [SecretShape]
    /// For each byte, the prefixes starting with it, longest first, with their shapes.
    private let prefixes: [[(prefix: SecretShape.TokenPrefix, shape: SecretShape)]]
    private let jwt: SecretShape?
    private let privateKey: SecretShape?
    private let awsSignature: SecretShape?
    /// The bytes where a shape may start.
    private let triggers: [Bool]
    /// The fewest bytes any value of these shapes has: shorter text (most header values) is not read.
    private let shortest: Int

    package init(_ shapes: [SecretShape]) {
        self.shapes = shapes
        var prefixes = [[(prefix: SecretShape.TokenPrefix, shape: SecretShape)]](repeating: [], count: 256)
        var triggers = [Bool](repeating: false, count: 256)
        var jwt: SecretShape?, privateKey: SecretShape?, awsSignature: SecretShape?
        var shortest = Int.max
        for shape in shapes {
            switch shape.kind {
            case .jwt:
                jwt = shape
                triggers[Int(UInt8(ascii: "e"))] = true
                shortest = min(shortest, 16)
            case .privateKey:
                privateKey = shape
                triggers[Int(UInt8(ascii: "-"))] = true
                shortest = min(shortest, 32)
            case .awsSignature:
                awsSignature = shape
                triggers[Int(UInt8(ascii: "="))] = true
                shortest = min(shortest, 64)
            case .highEntropy:
                break
            case .prefixed(let list):
                for prefix in list {
                    guard let first = prefix.text.first else { continue }
                    prefixes[Int(first)].append((prefix, shape))
                    triggers[Int(first)] = true
                    shortest = min(shortest, prefix.text.count + prefix.lengths.lowerBound)
                }
            }
        }
        self.shortest = shortest
        isEmpty = !triggers.contains(true)
        self.prefixes = prefixes.map { $0.sorted { $0.prefix.text.count > $1.prefix.text.count } }
        self.jwt = jwt
        self.privateKey = privateKey
        self.awsSignature = awsSignature
        self.triggers = triggers
    }

    /// Whether no shape is looked for in text (``SecretShape/highEntropy`` alone is looked for by name).
    let isEmpty: Bool

    /// The values of a shape in `text`, in order, none overlapping.
    func hits(in text: String) -> [Hit] {
        guard !isEmpty else { return [] }
        var text = text
        return text.withUTF8 { hits(in: UnsafeRawBufferPointer($0)) }
    }

    /// The values found in `text`, each as a string (the bytes as written, which for a token are ASCII).
    package func values(in text: String) -> [(shape: SecretShape, value: String)] {
        guard text.utf8.count >= shortest else { return [] }
        var text = text
        return text.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            return hits(in: bytes).map { ($0.shape, String(decoding: bytes[$0.range], as: UTF8.self)) }
        }
    }

    /// The values found in `name` (a header's name, a coding path), and in each of its words between the bytes
    /// `separators`: a token starts a word, and a name joins its words with characters (`-`, `.`) that a token's
    /// start may not follow (`X-AKIA…`).
    package func values(inName name: String, separators: Set<UInt8>) -> [(shape: SecretShape, value: String)] {
        var found = values(in: name)
        guard name.utf8.count > shortest, name.utf8.contains(where: separators.contains) else { return found }
        for word in name.utf8.split(whereSeparator: separators.contains) where word.count >= shortest {
            found += values(in: String(decoding: word, as: UTF8.self))
        }
        return found
    }

    /// The values found in `data`, each as a string.
    func values(in data: Data) -> [(shape: SecretShape, value: String)] {
        guard !isEmpty else { return [] }
        return data.withUnsafeBytes { bytes in
            hits(in: bytes).map { ($0.shape, String(decoding: bytes[$0.range], as: UTF8.self)) }
        }
    }

    /// The values found in `bytes`, in order, none overlapping.
    func hits(in bytes: UnsafeRawBufferPointer) -> [Hit] {
        guard bytes.count >= shortest else { return [] }
        var found: [Hit] = []
        var index = 0
        let count = bytes.count
        var footers = PEMBlock.Footers()
        while index < count {
            let byte = bytes[index]
            guard triggers[Int(byte)], let hit = hit(at: index, first: byte, in: bytes, footers: &footers) else {
                index += 1
                continue
            }
            found.append(hit)
            index = max(hit.range.upperBound, index + 1)
        }
        return found
    }

    /// The value of a shape that starts (or, for a signature, whose `Signature=` ends) at `index`, if any.
    private func hit(at index: Int, first: UInt8, in bytes: UnsafeRawBufferPointer, footers: inout PEMBlock.Footers) -> Hit? {
        let startsWord = index == 0 || !Self.continuesWord(bytes[index - 1])
        if startsWord {
            // By position: binding each (prefix, shape) pair copied both, with their arrays and strings, at every
            // letter a prefix starts with.
            let candidates = prefixes[Int(first)]
            for position in candidates.indices {
                if let end = Self.token(candidates[position].prefix, at: index, in: bytes) {
                    return Hit(shape: candidates[position].shape, range: index..<end)
                }
            }
        }
        // Each shape is bound only once its value is found: binding it first copied it at every `e`, `-` and `=`.
        if first == UInt8(ascii: "e"), startsWord, jwt != nil, let end = JSONWebToken.end(at: index, in: bytes), let jwt {
            return Hit(shape: jwt, range: index..<end)
        }
        if first == UInt8(ascii: "-"), privateKey != nil, let end = PEMBlock.end(at: index, in: bytes, footers: &footers), let privateKey {
            return Hit(shape: privateKey, range: index..<end)
        }
        if first == UInt8(ascii: "="), awsSignature != nil, let range = Self.signature(after: index, in: bytes), let awsSignature {
            return Hit(shape: awsSignature, range: range)
        }
        return nil
    }

    /// Whether a byte before a token would make it the middle of a longer word.
    static func continuesWord(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// Where the token `prefix` starts at `index` ends, if one does.
    private static func token(_ prefix: SecretShape.TokenPrefix, at index: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        let text = prefix.text
        guard bytes.count - index > text.count else { return nil }
        for offset in 1..<text.count where bytes[index + offset] != text[offset] { return nil }
        var end = index + text.count
        var letters = false, digits = false
        // One byte past the longest token, to tell a run that is too long; a user's shape may have no longest.
        let limit = bytes.count - end > prefix.lengths.upperBound ? end + prefix.lengths.upperBound + 1 : bytes.count
        while end < limit, prefix.alphabet.holds(bytes[end]) {
            let byte = bytes[end]
            if byte.isASCIIDigit { digits = true } else if byte.isASCIIUppercase || byte.isASCIILowercase { letters = true }
            end += 1
        }
        let length = end - index - text.count
        guard prefix.lengths.contains(length) else { return nil }
        // A run that goes on in another alphabet (`AKIA…` then lowercase letters) is some other word.
        if end < bytes.count, continuesWord(bytes[end]) { return nil }
        if prefix.mixesLettersAndDigits, !(letters && digits) { return nil }
        return end
    }

    /// `signature`, spelled once: ``signature(after:in:)`` runs at every `=` of every replayed request.
    private static let signatureName = Array("signature".utf8)

    /// The 64 hexadecimal digits after the `=` at `index`, when `signature` (any case) stands before it.
    private static func signature(after index: Int, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        let name = signatureName
        guard index >= name.count, bytes.count - index > 64 else { return nil }
        for (offset, letter) in name.enumerated() where bytes[index - name.count + offset].asciiLowercased != letter {
            return nil
        }
        let start = index + 1
        var end = start
        while end < bytes.count, end - start <= 64, JSONStringEscapes.hexDigit(bytes[end]) != nil { end += 1 }
        guard end - start == 64 else { return nil }
        if end < bytes.count, bytes[end].isASCIIAlphanumeric { return nil }
        return start..<end
    }
}
