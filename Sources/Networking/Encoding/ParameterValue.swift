/// Parameters by name: a typed, `Sendable` replacement for `[String: Any]`.
///
/// ```swift
/// let parameters: Parameters = ["q": "swift", "page": 2, "tags": ["a", "b"], "filter": ["year": 2024]]
/// ```
public typealias Parameters = [String: ParameterValue]

/// One parameter value: a scalar, a list, or nested parameters.
///
/// Literals build it, so call sites read like JSON: `["q": "swift", "page": 2, "tags": ["a", "b"], "draft": nil]`.
/// How a value is written depends on the encoder: ``URLParameterEncoder`` documents the query and form conventions,
/// ``JSONParameterEncoder`` writes the JSON the value stands for.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A list of values.
    case array([ParameterValue])
    /// Nested parameters.
    case dictionary([String: ParameterValue])
    /// No value (`null` in JSON, an empty value in a query).
    case null

    /// The value as plain text: strings as they are, numbers and booleans as literals, `null`, lists as `[a, b]`,
    /// nested parameters as `[key: value]` with sorted keys.
    public var description: String {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): String(flag)
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let members):
            "[" + members.keys.sorted().map { "\($0): \(members[$0]?.description ?? "null")" }.joined(separator: ", ") + "]"
        case .null: "null"
        }
    }
}

extension ParameterValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A Boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array literal.
    public init(arrayLiteral elements: ParameterValue...) { self = .array(elements) }
    /// A dictionary literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, ParameterValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    /// `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension ParameterValue: Encodable {
    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .dictionary(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
