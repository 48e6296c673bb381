import Foundation

extension Cassette {
    /// What a cassette answers from: a cassette file by name, or an HTTP Archive.
    ///
    /// A string literal is a name: `Cassette.use("users/list")` and `Cassette.use("search/\(query)")` open
    /// `Cassettes/users/list.json` and `Cassettes/search/<query>.json`. For a name held in a variable, write
    /// `.named(name)`.
    ///
    /// ```swift
    /// try await Cassette.use("users/list") { session in ... }
    /// try await Cassette.use(.named(name)) { session in ... }
    /// try await Cassette.use(.har(checkoutHAR)) { session in ... }
    /// ```
    public struct Source: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
        package enum Kind: Sendable, Hashable {
            case named(String)
            case har(URL)
        }

        package let kind: Kind

        /// The cassette file `name`: its path below the cassette directory (see ``CassetteDirectory``), without
        /// `.json`; it may contain `/`.
        public static func named(_ name: String) -> Source {
            Source(kind: .named(name))
        }

        /// The HTTP Archive `file` (HAR 1.2, as browsers' developer tools, mitmproxy, Charles, Proxyman and other
        /// recorders export it), replayed and never recorded into.
        ///
        /// The file is read as `cassette import-har` reads it (see ``HTTPArchive/interactions(in:file:)``) and its
        /// interactions are redacted by the cassette's ``Redaction`` as recording them would have been, so a live
        /// request carrying a different token still matches and a secret in the file never reaches a message. A
        /// request the file does not hold fails as in record mode `never`, whatever `record:` or `CASSETTE_RECORD`
        /// say; `directory`, `savesOnError`, `recordsTransportErrors` and `expiry` do not apply. To record more,
        /// import it into a cassette (`swift run cassette import-har <file.har> <name>`) and use that.
        public static func har(_ file: URL) -> Source {
            Source(kind: .har(file))
        }

        /// The cassette named `value` (see ``named(_:)``).
        public init(stringLiteral value: String) {
            kind = .named(value)
        }

        private init(kind: Kind) {
            self.kind = kind
        }

        /// The name, or the HAR file's path.
        public var description: String {
            switch kind {
            case .named(let name): name
            case .har(let file): file.path
            }
        }
    }
}
