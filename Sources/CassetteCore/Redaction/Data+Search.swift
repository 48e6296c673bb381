import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Data {
    /// The offset of the first occurrence of `target` at or after `offset`.
    func firstOffset(of target: Data, from offset: Int = 0) -> Int? {
        withUnsafeBytes { haystack in
            target.withUnsafeBytes { needle in haystack.firstOffset(of: needle, from: offset) }
        }
    }
}

extension UnsafeRawBufferPointer {
    /// The offset of the first occurrence of `needle` at or after `offset` (`memchr` for its first byte, then
    /// `memcmp`: `memmem` is not portable).
    func firstOffset(of needle: UnsafeRawBufferPointer, from offset: Int = 0) -> Int? {
        let length = needle.count
        guard length > 0, offset >= 0, count - offset >= length,
              let base = baseAddress, let pattern = needle.baseAddress else { return nil }
        let first = Int32(needle[0])
        let last = count - length
        var start = offset
        while start <= last {
            guard let hit = memchr(base + start, first, last - start + 1) else { return nil }
            let position = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(hit, pattern, length) == 0 { return position }
            start = position + 1
        }
        return nil
    }

    /// The offset of the first occurrence of `needle`'s bytes.
    func firstOffset(of needle: [UInt8]) -> Int? {
        needle.withUnsafeBytes { firstOffset(of: $0) }
    }
}

extension String {
    /// Whether `needle`'s UTF-8 bytes occur in the string's: a byte search, with none of the Unicode-aware
    /// comparison `contains(_:)` does (a placeholder is ASCII, and what matters is whether its bytes are there).
    /// Use it for any text that came from outside: corelibs Foundation's `contains(_:)` traps on some (`"abcé"`
    /// searched for `"é\0"`: "String index is out of bounds", found by the fuzzer).
    func containsBytes(of needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { haystack in
            needle.withUTF8 { needle in UnsafeRawBufferPointer(haystack).firstOffset(of: UnsafeRawBufferPointer(needle)) != nil }
        }
    }
}
