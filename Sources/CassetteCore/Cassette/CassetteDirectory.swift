import Foundation

/// Where cassette files live: the folder a cassette's name is a path below.
///
/// ```swift
/// try await Cassette.use("users/list", options: .init(directory: .at(fixtures))) { session in ... }
/// ```
public struct CassetteDirectory: Sendable, Hashable {
    private let kind: Kind

    private enum Kind: Hashable {
        case automatic
        case folder(URL)
        /// A bundle's resource folder: its URL, or `nil` when the bundle has none of that name; the bundle's path
        /// and the folder's name, for the error that says so.
        case resources(URL?, bundle: String, folder: String)
    }

    /// `CASSETTE_DIR` when it is set, else `Cassettes/` at the root of the package that holds the calling test file
    /// (the nearest folder above it with a `Package.swift`). Where the calling file's folder does not exist at run
    /// time (a device, Xcode Cloud's test machines), opening a cassette fails with
    /// ``CassetteError/Code-swift.struct/sourceTreeMissing``: see ``resources(of:folder:)``.
    public static let automatic = CassetteDirectory(kind: .automatic)

    /// The folder `url`, whatever `CASSETTE_DIR` says.
    public static func at(_ url: URL) -> CassetteDirectory {
        CassetteDirectory(kind: .folder(url))
    }

    /// The cassettes a test target ships in its bundle, for runs without the source tree (a device, Xcode Cloud's
    /// test machines): the resource folder `folder` of `bundle`, replayed only.
    ///
    /// Put the cassettes in a folder inside the test target, copy it into the bundle, and name the bundle:
    ///
    /// ```swift
    /// // Package.swift
    /// .testTarget(name: "AppTests", dependencies: ["App", "CassetteTesting"], resources: [.copy("Cassettes")])
    ///
    /// // Tests/AppTests/FeedTests.swift
    /// @Suite(.cassette(options: .init(directory: .resources(of: .module))))
    /// struct FeedTests { ... }
    /// ```
    ///
    /// Nothing records into a bundle: ``RecordMode/once`` and the default replay only, and a mode that records
    /// (``RecordMode/new``, ``RecordMode/all``, ``RecordMode/drift``) fails with
    /// ``CassetteError/Code-swift.struct/invalidRecordMode``. Record where the source tree is, into the same folder
    /// (`options: .init(directory: .at(...))` or `CASSETTE_DIR`), then build again. A bundle without the folder
    /// fails when a cassette opens, naming it.
    public static func resources(of bundle: Bundle, folder: String = "Cassettes") -> CassetteDirectory {
        CassetteDirectory(kind: .resources(bundle.url(forResource: folder, withExtension: nil), bundle: bundle.bundlePath,
                                           folder: folder))
    }

    /// The folder given, or `nil` for ``automatic``; for a bundle's resources, the folder, or an error when the
    /// bundle has none.
    package func url() throws(CassetteError) -> URL? {
        switch kind {
        case .automatic: return nil
        case .folder(let url): return url
        case .resources(let url?, _, _): return url
        case .resources(nil, let bundle, let folder):
            throw CassetteError(.cassetteNotFound, """
                The bundle \(bundle) has no resource folder "\(folder)": copy the cassettes into the test target \
                (resources: [.copy("\(folder)")] in Package.swift, the folder inside the target's own folder).
                """)
        }
    }

    /// Whether cassettes here are only replayed: a bundle's resources.
    package var replaysOnly: Bool {
        if case .resources = kind { return true }
        return false
    }
}
