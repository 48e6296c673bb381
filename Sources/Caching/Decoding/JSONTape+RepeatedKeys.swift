extension JSONTape {
    /// A key that appears twice in one object: the key node of its first appearance and of its second.
    struct RepeatedKey: Sendable, Hashable {
        /// The key node of the first appearance.
        let first: Int
        /// The key node of the second appearance.
        let again: Int
    }

    /// The repeated key that appears again earliest in the document, of those `finder` found while parsing and those
    /// in the objects it left to compare as text. (Readers disagree on which of two values for a key counts.)
    func earliestRepeatedKey(_ finder: RepeatedKeyFinder) -> RepeatedKey? {
        var earliest = finder.earliest
        for object in finder.objectsToCompareAsText {
            guard case .object(let count, _) = nodes[object], let repeated = repeatedText(inObjectAt: object, count: count) else { continue }
            if repeated.again < earliest?.again ?? Int.max { earliest = repeated }
        }
        return earliest
    }

    /// The error for `repeated`: data corrupted at the coding path of the repeated member, naming the key, the
    /// object that holds it and the lines and columns of both appearances.
    func error(for repeated: RepeatedKey) -> DecodingError {
        let path = codingPath(to: repeated.again)
        let name = keyText(at: repeated.again)
        let object = CodingPathText.of(Array(path.dropLast()))
        let holder = object.isEmpty ? "the top-level object" : "the object at \(object)"
        return .dataCorrupted(.init(codingPath: path, debugDescription: """
            The key "\(name)" appears more than once in \(holder) (\(position(of: repeated.first)), and again at \
            \(position(of: repeated.again))). Readers disagree on which of its values counts, so the document is \
            rejected: keep one of them.
            """))
    }

    /// Where a key node's opening quote is.
    private func position(of key: Int) -> TextPosition {
        switch nodes[key] {
        case .string(let start, _), .escapedString(let start, _): TextPosition(offset: start - 1, in: bytes)
        default: TextPosition(offset: 0, in: bytes)
        }
    }

    /// The first key of the object at `object` that repeats an earlier one, compared as Swift compares strings (as a
    /// `[String: T]` would; `"é"` precomposed, decomposed or escaped is one key). Keys that are not text are left out.
    private func repeatedText(inObjectAt object: Int, count: Int) -> RepeatedKey? {
        var seen: [String: Int] = [:]
        seen.reserveCapacity(count)
        var key = object + 1
        for _ in 0..<count {
            if let text = string(at: key), let first = seen.updateValue(key, forKey: text) { return RepeatedKey(first: first, again: key) }
            key = next(after: key + 1)
        }
        return nil
    }
}
