/// The kind of JSON value a decoder is positioned on.
///
/// Types that decode *any* JSON value (a JSON tree) otherwise find out what they hold by trying each kind in turn
/// and catching the `DecodingError`s; a decoder that can say it spares them every one of those errors.
package enum JSONKind: Sendable, Hashable {
    case null, bool, string, array, object
    /// A number written without a fraction or exponent.
    case integer
    /// Any other number.
    case number
}

/// A decoder that can say which ``JSONKind`` of value it holds without decoding it. The decoder `Cache` reads its
/// files with is one; check with `decoder as? any JSONKindReporting` and fall back to trying kinds otherwise.
package protocol JSONKindReporting {
    /// The kind of the value this decoder holds (`.null` for a missing one).
    var jsonKind: JSONKind { get }
}
