import Foundation

/// Where a cassette's file lives: `<directory>/<name>.json`.
struct CassetteLocation: Sendable {
    /// The environment variable that overrides the cassette directory.
    static let directoryVariable = "CASSETTE_DIR"

    /// The cassette file.
    let file: URL

    /// Resolves a cassette name against, in order: `directory`, `CASSETTE_DIR`, and `Cassettes/` at the root of
    /// the package that contains `filePath` (the calling test file).
    init(name: String, directory: URL?, environment: [String: String], filePath: String) throws(CassetteError) {
        let components = try Self.validatedComponents(of: name)
        let base: URL
        if let directory {
            base = directory
        } else if let variable = environment[Self.directoryVariable], !variable.isEmpty {
            base = URL(fileURLWithPath: variable, isDirectory: true)
        } else {
            base = Self.packageRoot(containing: filePath).appendingPathComponent("Cassettes", isDirectory: true)
        }
        var file = base
        for component in components.dropLast() { file.appendPathComponent(component, isDirectory: true) }
        let last = components[components.count - 1]
        file.appendPathComponent(last.hasSuffix(".json") ? last : last + ".json", isDirectory: false)
        self.file = file.standardizedFileURL
    }

    /// The name's path components; an empty or absolute name, or one that climbs out of the directory, is an error.
    static func validatedComponents(of name: String) throws(CassetteError) -> [String] {
        let reason: String?
        let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            reason = "a cassette name must not be empty"
        } else if name.hasPrefix("/") || name.hasPrefix("~") {
            reason = "a cassette name is relative to the cassette directory; it must not be an absolute path"
        } else if components.contains(where: { $0 == ".." || $0 == "." }) {
            reason = "a cassette name must not contain \".\" or \"..\" components"
        } else if components.contains(where: \.isEmpty) {
            reason = "a cassette name must not contain empty components (\"//\" or a trailing \"/\")"
        } else if name.contains("\\") || name.contains("\0") {
            reason = "a cassette name must not contain backslashes or NUL characters"
        } else {
            reason = nil
        }
        if let reason {
            throw CassetteError(.invalidName, "Invalid cassette name \"\(name)\": \(reason). Use names like \"users/fetch-one\".")
        }
        return components
    }

    /// The nearest directory above `filePath` that holds a `Package.swift`, or the file's own directory.
    static func packageRoot(containing filePath: String) -> URL {
        let start = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        var directory = start
        while directory.path != "/" && !directory.path.isEmpty {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return start
    }
}
