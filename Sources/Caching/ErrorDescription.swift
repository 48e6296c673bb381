/// How ``CacheError`` and `CassetteError` write themselves, so that one wrapping the other reads as one error: what
/// went wrong after each place it happened, e.g. `Cassette /x/users.json: At entries[0].value: Missing key "method".`
package enum ErrorDescription {
    /// `text` after each of `places` that is not `nil`, each followed by `": "`.
    package static func locating(_ text: String, after places: String?...) -> String {
        places.reduce(into: "") { written, place in
            if let place { written += place + ": " }
        } + text
    }
}
