import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// The text with each pair's `find` replaced by its `replace`, pairs applied in order.
    func replacing(_ pairs: [(find: String, replace: String)]) -> String {
        var text = self
        for pair in pairs where text.utf8.count >= pair.find.utf8.count {
            text = text.replacingOccurrences(of: pair.find, with: pair.replace)
        }
        return text
    }

    /// Whether the text contains any pair's `find`.
    func containsAny(of pairs: [(find: String, replace: String)]) -> Bool {
        pairs.contains { contains($0.find) }
    }
}

extension Data {
    /// The bytes with each pair's `find` replaced by its `replace`, pairs applied in order.
    func replacing(_ pairs: [(find: String, replace: String)]) -> Data {
        var data = self
        for pair in pairs {
            data = data.replacingOccurrences(of: Data(pair.find.utf8), with: Data(pair.replace.utf8))
        }
        return data
    }

    /// Whether the bytes contain any pair's `find`.
    func containsAny(of pairs: [(find: String, replace: String)]) -> Bool {
        pairs.contains { firstOffset(of: Data($0.find.utf8)) != nil }
    }

    /// The data with every occurrence of `target` replaced by `replacement`; the same data when there is none.
    func replacingOccurrences(of target: Data, with replacement: Data) -> Data {
        guard !target.isEmpty, count >= target.count, var found = firstOffset(of: target) else { return self }
        var result = Data()
        result.reserveCapacity(count)
        var start = 0
        while true {
            result.append(self[(startIndex + start)..<(startIndex + found)])
            result.append(replacement)
            start = found + target.count
            guard let next = firstOffset(of: target, from: start) else { break }
            found = next
        }
        result.append(self[(startIndex + start)...])
        return result
    }

    /// The offset of the first occurrence of `target` at or after `offset` (`memchr` for its first byte, then
    /// `memcmp`: `memmem` is not portable).
    func firstOffset(of target: Data, from offset: Int = 0) -> Int? {
        let length = target.count
        guard length > 0, offset >= 0, count - offset >= length else { return nil }
        return withUnsafeBytes { haystack -> Int? in
            target.withUnsafeBytes { needle -> Int? in
                guard let base = haystack.baseAddress, let pattern = needle.baseAddress else { return nil }
                let first = Int32(needle[0])
                let last = haystack.count - length
                var start = offset
                while start <= last {
                    guard let hit = memchr(base + start, first, last - start + 1) else { return nil }
                    let position = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hit, pattern, length) == 0 { return position }
                    start = position + 1
                }
                return nil
            }
        }
    }
}
