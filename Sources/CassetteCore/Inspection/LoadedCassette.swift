import Foundation

/// A cassette file read into memory: its interactions, requests and responses, for custom assertions and tools.
///
/// A value: changing a copy's interactions changes nothing on disk. Names resolve as `Cassette.use` resolves them
/// (the `directory` given, else `CASSETTE_DIR`, else `Cassettes/` at the root of the calling file's package).
///
/// ```swift
/// let search = try LoadedCassette("httpbin/search")
/// #expect(search.interactions.allSatisfy { $0.response?.status == 200 })
/// let all = try LoadedCassette.all(under: "httpbin")
/// ```
public struct LoadedCassette: Sendable, Hashable {
    /// The name the cassette is found under, as `Cassette.use` takes it (`httpbin/search`).
    public let name: String
    /// The cassette file.
    public let file: URL
    /// The recorded interactions, in recording order.
    public let interactions: [Interaction]

    /// Reads the cassette `name` (see the type's documentation for where it is looked for).
    public init(_ name: String, directory: URL? = nil, environment: [String: String] = HarnessEnvironment.current,
                filePath: String = #filePath) throws(CassetteError) {
        let location = try CassetteLocation(name: name, directory: directory, environment: environment, filePath: filePath)
        try self.init(name: name, file: location.file)
    }

    /// Reads the cassette file `file`; its name is the file name without `.json`.
    public init(file: URL) throws(CassetteError) {
        try self.init(name: file.deletingPathExtension().lastPathComponent, file: file)
    }

    private init(name: String, file: URL) throws(CassetteError) {
        guard let interactions = try CassetteFile.load(file) else {
            throw CassetteError(.cassetteNotFound, "There is no cassette file here. Record it with a test that uses it.",
                                cassette: file)
        }
        self.name = name
        self.file = file
        self.interactions = interactions
    }

    /// Every cassette in the folder `folder` of the cassette directory (`""` for all) and below, by name; hidden
    /// files are skipped, and any other `.json` file that is not a cassette is an error naming it.
    public static func all(under folder: String = "", directory: URL? = nil,
                           environment: [String: String] = HarnessEnvironment.current,
                           filePath: String = #filePath) throws(CassetteError) -> [LoadedCassette] {
        var folder = folder
        while folder.hasSuffix("/") { folder.removeLast() }
        if !folder.isEmpty { _ = try CassetteLocation.validatedComponents(of: folder) }
        let base = try CassetteLocation.directory(directory, environment: environment, filePath: filePath)
        let prefix = folder.isEmpty ? "" : folder + "/"
        var names: [String] = []
        // Paths relative to the folder, as the enumerator gives them: no symbolic link in the directory's own path
        // can make them differ from the names.
        if let paths = FileManager.default.enumerator(atPath: base.appendingPathComponent(folder).path) {
            for case let path as String in paths where path.hasSuffix(".json") {
                guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
                names.append(prefix + String(path.dropLast(".json".count)))
            }
        }
        var cassettes: [LoadedCassette] = []
        for name in names.sorted() {
            cassettes.append(try LoadedCassette(name: name, file: base.appendingPathComponent(name + ".json")))
        }
        return cassettes
    }
}
