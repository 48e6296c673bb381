extension JSONTape {
    /// The coding path from the top of the document to the node at `target` (for a key node, to its member), as a
    /// decoder would name it, for errors found before decoding: walked down from the top, skipping whole siblings.
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
