extension JSONTape {
    /// The coding path from the top of the document to the node at `target`, as a decoder would name it: an
    /// ``IndexKey`` for each array element and a ``MemberKey`` for each object member on the way. For a key node the
    /// path ends with that key's member.
    ///
    /// Decoders only know the paths of what they decode; this finds the path of any node, for errors found before
    /// decoding. It walks down from the top, skipping whole siblings, so it costs about the path's length times the
    /// containers' sizes, and runs only when an error is reported.
    func codingPath(to target: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = 0
        while current < target, current < nodes.count {
            switch nodes[current] {
            case .array(let count, _):
                var element = current + 1
                var position = 0
                while position < count, next(after: element) <= target {
                    element = next(after: element)
                    position += 1
                }
                guard position < count else { return path }
                path.append(IndexKey(position))
                current = element
            case .object(let count, _):
                var key = current + 1
                var position = 0
                while position < count, next(after: key + 1) <= target {
                    key = next(after: key + 1)
                    position += 1
                }
                guard position < count else { return path }
                path.append(MemberKey(keyText(at: key)))
                current = key + 1
                if target == key { return path }
            default:
                return path
            }
        }
        return path
    }

    /// A key's text, for messages: its characters when it is valid text, its bytes decoded leniently otherwise.
    func keyText(at key: Int) -> String {
        if let text = string(at: key) { return text }
        switch nodes[key] {
        case .string(let start, let end), .escapedString(let start, let end):
            return String(decoding: slice(start, end), as: UTF8.self)
        default:
            return ""
        }
    }
}
