/// Builds the key ``RequestMatcher/url`` gives a URL, in one pass over its UTF-8 bytes: `scheme://host:port/path?query`
/// with the scheme and host lowercased, user information and fragment dropped, and the query items stably sorted by
/// their names' bytes (see ``URLParts/sortedQuery``).
enum URLMatchKey {
    /// The key of `url`; a URL already in key form (the usual case) is its own key, with no copy made.
    static func of(_ url: String) -> String {
        var copy = url
        return copy.withUTF8 { bytes in
            if isCanonical(bytes) { return url }
            return key(of: bytes) ?? URLParts(url).slowMatchKey
        }
    }

    /// The key, or `nil` when the scheme or host holds bytes outside ASCII (lowercased as Unicode by the slow path).
    private static func key(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let queryMark = bytes[..<end].firstIndex(of: UInt8(ascii: "?"))
        let beforeQuery = queryMark ?? end
        var output: [UInt8] = []
        output.reserveCapacity(end + 1)
        // The scheme and authority, lowercased, without user information.
        var pathStart = 0
        if let colon = bytes[..<beforeQuery].firstIndex(of: UInt8(ascii: ":")), colon + 2 < beforeQuery,
           bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") {
            let authorityStart = colon + 3
            let authorityEnd = bytes[authorityStart..<beforeQuery].firstIndex(of: UInt8(ascii: "/")) ?? beforeQuery
            let hostStart = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? authorityStart
            for range in [0..<colon, hostStart..<authorityEnd] where bytes[range].contains(where: { $0 >= 0x80 }) {
                return nil
            }
            for byte in bytes[0..<colon] { output.append(byte.asciiLowercased) }
            output.append(contentsOf: "://".utf8)
            for byte in bytes[hostStart..<authorityEnd] { output.append(byte.asciiLowercased) }
            pathStart = authorityEnd
        } else {
            output.append(contentsOf: "://".utf8)
        }
        output.append(contentsOf: bytes[pathStart..<beforeQuery])
        if let queryMark, queryMark + 1 < end {
            output.append(UInt8(ascii: "?"))
            appendSortedQuery(bytes, from: queryMark + 1, to: end, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// One query item: where it starts, where its name ends, where it ends.
    private struct Item {
        let start: Int
        let nameEnd: Int
        let end: Int
    }

    /// The non-empty items of `bytes[start..<end]`, stably sorted by their names' bytes, joined with `&`.
    private static func appendSortedQuery(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into output: inout [UInt8]) {
        var items: [Item] = []
        var itemStart = start
        while itemStart < end {
            let itemEnd = bytes[itemStart..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
            if itemStart < itemEnd {
                let nameEnd = bytes[itemStart..<itemEnd].firstIndex(of: UInt8(ascii: "=")) ?? itemEnd
                items.append(Item(start: itemStart, nameEnd: nameEnd, end: itemEnd))
            }
            itemStart = itemEnd + 1
        }
        // Insertion sort: stable, and queries hold a handful of items.
        for index in items.indices.dropFirst() {
            let item = items[index]
            var position = index
            while position > 0, precedes(item, items[position - 1], in: bytes) {
                items[position] = items[position - 1]
                position -= 1
            }
            items[position] = item
        }
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            output.append(contentsOf: bytes[item.start..<item.end])
        }
    }

    /// Whether the name of `item` sorts strictly before the name of `other`, byte by byte.
    private static func precedes(_ item: Item, _ other: Item, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes[item.start..<item.nameEnd].lexicographicallyPrecedes(bytes[other.start..<other.nameEnd])
    }

    /// Whether the URL's bytes are already their key: `scheme://authority/path?query` with a lowercase scheme and
    /// host, no user information, no fragment, and a query of one non-empty item or none.
    static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        // The scheme, up to "://".
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
            if bytes[index].isASCIIUppercase { return false }
            index += 1
        }
        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
            return false
        }
        index += 3
        // The authority, up to the path.
        while index < bytes.count, bytes[index] != UInt8(ascii: "/") {
            let byte = bytes[index]
            if byte.isASCIIUppercase || byte >= 0x80 || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "?")
                || byte == UInt8(ascii: "#") {
                return false
            }
            index += 1
        }
        // The path and query.
        var queryStart: Int?
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "#"): return false
            case UInt8(ascii: "?") where queryStart == nil: queryStart = index + 1
            case UInt8(ascii: "&") where queryStart != nil: return false
            default: break
            }
            index += 1
        }
        return queryStart.map { $0 < bytes.count } ?? true
    }
}
