import Foundation

/// Where cassette files live: the folder a cassette's name is a path below.
///
/// ```swift
/// try await Cassette.use("users/list", options: .init(directory: .at(fixtures))) { session in ... }
/// ```
public struct CassetteDirectory: Sendable, Hashable {
    /// The folder, or `nil` for ``automatic``.
    package let url: URL?

    /// `CASSETTE_DIR` when it is set, else `Cassettes/` at the root of the package that holds the calling test file
    /// (the nearest folder above it with a `Package.swift`).
    public static let automatic = CassetteDirectory(url: nil)

    /// The folder `url`, whatever `CASSETTE_DIR` says.
    public static func at(_ url: URL) -> CassetteDirectory {
        CassetteDirectory(url: url)
    }
}
