/// A value that travels as a string: httpbin (like many APIs) echoes every query value as text, so `page=2`
/// comes back as `"2"`. Decoding parses the string; encoding writes it back as a string.
///
/// ```swift
/// struct Search: Decodable { let page: StringBacked<Int> }   // {"page": "2"} → page.value == 2
/// ```
public struct StringBacked<Value: LosslessStringConvertible & Sendable>: Sendable, Codable {
    /// The parsed value.
    public var value: Value

    /// Wraps a value.
    public init(_ value: Value) {
        self.value = value
    }

    /// Decodes a string and parses it as `Value`; a string that does not parse is a precise decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let value = Value(string) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(string)\" is not a valid \(Value.self).")
        }
        self.value = value
    }

    /// Encodes the value as its string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.description)
    }
}

extension StringBacked: Equatable where Value: Equatable {}
