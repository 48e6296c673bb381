import Caching
import Foundation

/// A JSON document held as a value, so a cassette can show a JSON body as JSON rather than as an escaped string.
///
/// Objects are stored without key order: they are written with sorted keys, which is also how
/// ``JSONLayout`` reproduces a body's bytes. Numbers keep the distinction between integers and floating point.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        // The decoder that reads cassette files says what the value is; any other decoder is probed. (A cast to the
        // class costs a tenth of one to its `JSONKindReporting` conformance, and a body holds many values.)
        if let single = decoder as? TapeDecoder {
            switch single.jsonKind {
            case .null: self = .null
            case .bool: self = .bool(try single.decode(Bool.self))
            case .string: self = .string(try single.decode(String.self))
            case .integer:
                // An integer too large for 64 bits is a floating-point number, as JSONDecoder reads it.
                if let integer = try? single.decode(Int64.self) { self = .integer(integer) } else { self = .number(try single.decode(Double.self)) }
            case .number: self = .number(try single.decode(Double.self))
            // Members and elements straight into collections of this type: through a container and generic
            // dictionary code, each cost several times its own decoding.
            case .object:
                var members: [String: JSONValue] = [:]
                try single.forEachMember { name, value in members[name] = try JSONValue(from: value) }
                self = .object(members)
            case .array:
                var elements: [JSONValue] = []
                try single.forEachElement { elements.append(try JSONValue(from: $0)) }
                self = .array(elements)
            }
            return
        }
        // Probe in order of how common each kind is in bodies, so the usual leaf (a string) costs no thrown error.
        let single = try decoder.singleValueContainer()
        if let string = try? single.decode(String.self) {
            self = .string(string)
        } else if let members = try? single.decode([String: JSONValue].self) {
            // A dictionary keyed by strings: JSONDecoder reads it member by member, with no keyed container.
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            self = .array(try Self.elements(of: &array))
        } else if single.decodeNil() {
            self = .null
        } else if let integer = try? single.decode(Int64.self) {
            self = .integer(integer)
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else {
            self = .number(try single.decode(Double.self))
        }
    }

    private static func elements(of array: inout any UnkeyedDecodingContainer) throws -> [JSONValue] {
        var elements: [JSONValue] = []
        if let count = array.count { elements.reserveCapacity(count) }
        while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
        return elements
    }

    /// Encodes the value as the JSON it represents.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .integer(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .object(let members):
            // As a dictionary keyed by strings, which JSONEncoder writes without a keyed container.
            var single = encoder.singleValueContainer()
            try single.encode(members)
        }
    }
}

extension JSONValue {
    /// The JSON document in `data`, read as a cassette file's JSON is read; `nil` if it is not JSON.
    init?(parsing data: Data) {
        guard let value = try? TapeDecoder.decode(JSONValue.self, from: data) else { return nil }
        self = value
    }

    /// How many arrays and objects deep the value goes: 0 for a scalar, 1 for `[]` or `[1]`.
    var depth: Int {
        switch self {
        case .array(let elements): 1 + (elements.lazy.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.values.lazy.map(\.depth).max() ?? 0)
        case .null, .bool, .integer, .number, .string: 0
        }
    }

    /// Whether the value holds a floating-point number anywhere (the one kind a JSON coder may rewrite).
    var containsFloatingPoint: Bool {
        switch self {
        case .number: true
        case .array(let elements): elements.contains { $0.containsFloatingPoint }
        case .object(let members): members.values.contains { $0.containsFloatingPoint }
        case .null, .bool, .integer, .string: false
        }
    }
}
