import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Data {
    /// Whether `byte` occurs in the data: one `memchr` over its bytes. `Sequence.contains(_:)` reads `Data` a byte at
    /// a time through its iterator, which a profile of replay showed at 2% of all samples for a 1 KiB body.
    func containsByte(_ byte: UInt8) -> Bool {
        withUnsafeBytes { $0.containsByte(byte) }
    }

    /// The offset of the first occurrence of `target` at or after `offset`.
    func firstOffset(of target: Data, from offset: Int = 0) -> Int? {
        withUnsafeBytes { haystack in
            target.withUnsafeBytes { needle in haystack.firstOffset(of: needle, from: offset) }
        }
    }
}

extension Data {
    /// Whether `needle`'s UTF-8 bytes occur in the data; with `asWord`, only where they stand as a token does (see
    /// ``Swift/UnsafeRawBufferPointer/containsWord(_:)``).
    func containsBytes(of needle: String, asWord: Bool) -> Bool {
        withUnsafeBytes { $0.containsBytes(of: needle, asWord: asWord) }
    }
}

extension UnsafeRawBufferPointer {
    /// Whether `byte` occurs in the bytes: one `memchr`. (`Data`'s and `String`'s `containsByte` come here: reading
    /// them a byte at a time through their views showed in replay's profiles.)
    func containsByte(_ byte: UInt8) -> Bool {
        guard let base = baseAddress, !isEmpty else { return false }
        return memchr(base, Int32(byte), count) != nil
    }

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

    /// Whether `needle` occurs with no letter, digit, `_` or `-` right before or after it (see
    /// ``ShapeScan/continuesWord(_:)``): where a value of a token's shape stands as one.
    func containsWord(_ needle: UnsafeRawBufferPointer) -> Bool {
        var from = 0
        while let at = firstOffset(of: needle, from: from) {
            let end = at + needle.count
            if (at == 0 || !ShapeScan.continuesWord(self[at - 1])) && (end == count || !ShapeScan.continuesWord(self[end])) {
                return true
            }
            from = at + 1
        }
        return false
    }

    /// The offset of the first occurrence of `needle`'s bytes.
    func firstOffset(of needle: [UInt8]) -> Int? {
        needle.withUnsafeBytes { firstOffset(of: $0) }
    }

    /// Whether `needle`'s UTF-8 bytes occur in these; with `asWord`, only where they stand as a token does (see
    /// ``containsWord(_:)``).
    func containsBytes(of needle: String, asWord: Bool = false) -> Bool {
        var needle = needle
        return needle.withUTF8 { asWord ? containsWord(UnsafeRawBufferPointer($0)) : firstOffset(of: UnsafeRawBufferPointer($0)) != nil }
    }
}

extension String {
    /// Whether `byte` occurs in the string's UTF-8: one `memchr`, where `utf8.contains(_:)` walks the view a byte at
    /// a time (callgrind showed those walks at about 6% of the cassette's own cost per realistic replayed request,
    /// asked of every header's name and value).
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { UnsafeRawBufferPointer($0).containsByte(byte) } ?? utf8.contains(byte)
    }

    /// Whether `needle`'s UTF-8 bytes occur in the string's: a byte search, with none of the Unicode-aware
    /// comparison `contains(_:)` does (a placeholder is ASCII, and what matters is whether its bytes are there). Use
    /// it for any text that came from outside: corelibs Foundation's `contains(_:)` traps on some (`"abcé"` searched
    /// for `"é\0"`: "String index is out of bounds", found by the fuzzer). With `asWord`, only where no letter,
    /// digit, `_` or `-` stands right before or after them, as a token stands in text.
    func containsBytes(of needle: String, asWord: Bool = false) -> Bool {
        var haystack = self
        return haystack.withUTF8 { UnsafeRawBufferPointer($0).containsBytes(of: needle, asWord: asWord) }
    }
}
