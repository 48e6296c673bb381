/// Text from bytes that must be UTF-8, or `nil` when they are not: what `String(validating:as:)` does, on every
/// platform the package supports.
///
/// `String(validating:as:)` is standard-library API of Swift 6, available only from macOS 15, iOS 18, tvOS 18,
/// watchOS 11 and visionOS 2 on Apple's platforms (`@available(SwiftStdlib 6.0, *)`), later than the package's
/// deployment targets; on Linux it is always there. Older Apple systems decode with `String(decoding:as:)`, which
/// replaces each ill-formed sequence with U+FFFD, and keep the text only when it spells the bytes exactly
/// (``fallback(_:)``, tested on every platform).
package enum ValidatedUTF8 {
    /// The text `bytes` spell as UTF-8, or `nil` when they are not well-formed UTF-8.
    package static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return fallback(bytes)
    }

    /// ``string(_:)`` without the standard library's validation: decoding repairs ill-formed UTF-8, so the bytes
    /// were well-formed exactly when the text's own UTF-8 is the same bytes.
    package static func fallback<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
