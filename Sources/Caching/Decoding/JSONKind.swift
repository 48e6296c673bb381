/// The kind of JSON value a decoder is positioned on: a type that decodes any JSON value asks it instead of trying
/// each kind and catching the errors.
package enum JSONKind: Sendable, Hashable {
    case null, bool, string, array, object
    /// A number written without a fraction or exponent.
    case integer
    /// Any other number.
    case number
}

/// A decoder that can say which ``JSONKind`` of value it holds without decoding it, as the one `Cache` reads files
/// with does (`decoder as? any JSONKindReporting`; `JSONValue` casts to ``TapeDecoder`` instead, a cast to a class
/// costing a tenth of one to a conformance).
package protocol JSONKindReporting {
    /// The kind of the value this decoder holds (`.null` for a missing one).
    var jsonKind: JSONKind { get }
}
