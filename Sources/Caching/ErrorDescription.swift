/// How the package's public errors (``CacheError`` here, `CassetteError` in `CassetteCore`) write themselves: what
/// went wrong after where it happened, each place followed by a colon, e.g.
/// `Cassette /x/users.json: At entries[0].value: Missing key "method".` Shared through `package` access, so that a
/// `CassetteError` that wraps a `CacheError` reads as one error.
package enum ErrorDescription {
    /// `text` after each of `places` that is not `nil`, each followed by `": "`.
    package static func locating(_ text: String, after places: String?...) -> String {
        places.reduce(into: "") { written, place in
            if let place { written += place + ": " }
        } + text
    }
}
