/// Text from bytes that must be UTF-8, or `nil` when they are not: `String(validating:as:)` where the system has it
/// (Linux; Apple systems from macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2), else ``fallback(_:)``.
package enum ValidatedUTF8 {
    /// The text `bytes` spell as UTF-8, or `nil` when they are not well-formed UTF-8.
    package static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return fallback(bytes)
    }

    /// ``string(_:)`` by `String(decoding:as:)`, which repairs ill-formed UTF-8: the bytes were well-formed exactly
    /// when the text's UTF-8 is the same bytes.
    package static func fallback<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
