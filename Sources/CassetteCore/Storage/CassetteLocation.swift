import Foundation

/// Where a cassette's file lives: `<directory>/<name>.json`. Names that are too long, and paths a symbolic link leads
/// out of the cassette directory, are refused here, before anything touches the disk.
package struct CassetteLocation: Sendable {
    /// The environment variable that overrides the cassette directory.
    package static let directoryVariable = "CASSETTE_DIR"

    /// The longest path component, in UTF-8 bytes, that ext4, APFS and NTFS allow.
    static let maximumComponentBytes = 255

    /// The longest file name, in UTF-8 bytes with `.json`, for a save's `.<file>.<pid>.<UUID>.tmp` (53 bytes longer)
    /// to fit ``maximumComponentBytes`` too.
    static let maximumFileNameBytes = maximumComponentBytes - 53

    /// The longest name, in UTF-8 bytes.
    static let maximumNameBytes = 1024

    /// The cassette file, as the name and directory spell it (symbolic links not resolved).
    package let file: URL

    /// The file's path with every symbolic link on it resolved (see ``resolved(_:)``): the same for every name that
    /// leads to one file.
    let resolvedPath: String

    /// Resolves a cassette name against, in order: `directory`, `CASSETTE_DIR`, and `Cassettes/` at the root of
    /// the package that contains `filePath` (the calling test file).
    package init(name: String, directory: URL?, environment: [String: String], filePath: String) throws(CassetteError) {
        let components = try Self.validatedComponents(of: name)
        let base = try Self.directory(directory, environment: environment, filePath: filePath).standardizedFileURL
        // The components hold no `.`, `..` or empty names: joined to a standardized folder, the path is standardized.
        let folder = base.path.hasSuffix("/") ? base.path : base.path + "/"
        let path = folder + (components.dropLast() + [Self.fileName(components[components.count - 1])]).joined(separator: "/")
        file = URL(fileURLWithPath: path, isDirectory: false)
        resolvedPath = try Self.checkResolved(file, isInside: base, name: name)
    }

    /// The cassette directory: `directory` when given, else `CASSETTE_DIR`, else `Cassettes/` at the root of the
    /// package that contains `filePath`; where that folder does not exist at run time (a device, Xcode Cloud), an
    /// error naming the ways to ship cassettes.
    package static func directory(_ directory: URL?, environment: [String: String], filePath: String) throws(CassetteError) -> URL {
        if let directory { return directory }
        if let variable = environment[directoryVariable], !variable.isEmpty {
            return URL(fileURLWithPath: variable, isDirectory: true)
        }
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CassetteError(.sourceTreeMissing, """
                The folder of the test file that opened the cassette, \(folder.path), does not exist here: the tests \
                run without their source tree (on a device, or on Xcode Cloud's test machines), so there is no \
                Cassettes/ to replay from, and nothing was created or recorded. Ship the cassettes with the tests: \
                copy the Cassettes folder into the test target (resources: [.copy("Cassettes")]) and pass \
                options: .init(directory: .resources(of: .module)), which replays only; or set \
                \(directoryVariable) (TEST_RUNNER_\(directoryVariable) under xcodebuild) to a folder that holds them.
                """)
        }
        return packageRoot(containing: filePath).appendingPathComponent("Cassettes", isDirectory: true)
    }

    /// The file name of a name's last component: with `.json` added unless it has it.
    private static func fileName(_ last: String) -> String {
        last.hasSuffix(".json") ? last : last + ".json"
    }

    /// The name's path components; an empty, absolute or too long name, or one that climbs out of the directory,
    /// is an error.
    static func validatedComponents(of name: String) throws(CassetteError) -> [String] {
        let reason: String?
        let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // The names on disk: the folders, then the file.
        let onDisk = components.dropLast() + components.suffix(1).map(fileName)
        if name.unicodeScalars.allSatisfy({ CharacterSet.whitespaces.contains($0) }) {
            reason = "a cassette name must not be empty"
        } else if name.utf8.count > maximumNameBytes {
            reason = "it is \(name.utf8.count) bytes long; a cassette name may be at most \(maximumNameBytes) bytes (UTF-8)"
        } else if let long = onDisk.dropLast().first(where: { $0.utf8.count > maximumComponentBytes }) {
            reason = "the component \"\(shortened(long))\" is \(long.utf8.count) bytes long; each folder may be at most \(maximumComponentBytes) bytes (UTF-8)"
        } else if let file = onDisk.last, file.utf8.count > maximumFileNameBytes {
            reason = "the file name \"\(shortened(file))\" is \(file.utf8.count) bytes long with \".json\"; it may be at most \(maximumFileNameBytes) bytes (UTF-8), so that the temporary file a save writes beside it fits the file system's 255"
        } else if name.hasPrefix("/") || name.hasPrefix("~") {
            reason = "a cassette name is relative to the cassette directory; it must not be an absolute path"
        } else if components.contains(where: { $0 == ".." || $0 == "." }) {
            reason = "a cassette name must not contain \".\" or \"..\" components"
        } else if let hidden = components.first(where: { $0.hasPrefix(".") }) {
            reason = "the component \"\(shortened(hidden))\" starts with \".\": such names are the harness's own (a save's temporary file, a file's lock); name it without the dot"
        } else if components.contains(where: \.isEmpty) {
            reason = "a cassette name must not contain empty components (\"//\" or a trailing \"/\")"
        } else if name.utf8.contains(UInt8(ascii: "\\")) || name.utf8.contains(0) {
            reason = "a cassette name must not contain backslashes or NUL characters"
        } else if name.unicodeScalars.contains("\u{FFFD}") {
            reason = "it holds U+FFFD, the character bytes that are not UTF-8 become (in a command's arguments, say); name it in UTF-8"
        } else {
            reason = nil
        }
        if let reason {
            throw invalidName(name, reason)
        }
        return components
    }

    /// `file` as messages show it: relative to the package of `filePath` (see ``packageRoot(containing:)``) when it
    /// is inside, else its full path.
    static func shown(_ file: URL, filePath: String) -> String {
        let root = packageRoot(containing: filePath).standardizedFileURL.path
        let path = file.standardizedFileURL.path
        guard root != "/", path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count + 1))
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

    /// The error for an invalid name; a long name is shortened in the message.
    private static func invalidName(_ name: String, _ reason: String) -> CassetteError {
        CassetteError(.invalidName, "Invalid cassette name \"\(shortened(name))\": \(reason). Use names like \"users/fetch-one\".")
    }

    /// `text`, cut to its first 60 characters.
    private static func shortened(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(60)) + "…" : text
    }
}

extension CassetteLocation {
    /// `file`'s path, every symbolic link on its way resolved; fails unless it lies inside `base` (resolved alike) and
    /// its path fits this system's limit.
    private static func checkResolved(_ file: URL, isInside base: URL, name: String) throws(CassetteError) -> String {
        guard let resolvedBase = resolved(base.path) else {
            throw invalidName(name, "the cassette directory \(base.path) is a symbolic link that leads nowhere, or cannot be read")
        }
        guard let resolvedFile = resolved(file.path) else {
            throw invalidName(name, "its path \(file.path) goes through a symbolic link that leads nowhere, or a folder that cannot be read")
        }
        let prefix = resolvedBase.hasSuffix("/") ? resolvedBase : resolvedBase + "/"
        guard resolvedFile.hasPrefix(prefix) else {
            throw invalidName(name, "a symbolic link on its path leads to \(resolvedFile), outside the cassette directory \(resolvedBase)")
        }
        let limit = Int(PATH_MAX) - 1
        if resolvedFile.utf8.count > limit || file.path.utf8.count > limit {
            throw invalidName(name, "its file's path would be \(max(resolvedFile.utf8.count, file.path.utf8.count)) bytes long; this system allows at most \(limit)")
        }
        return resolvedFile
    }

    /// `path` (absolute, standardized) with every symbolic link resolved: its longest existing part by `realpath`,
    /// then the rest; `nil` when that part cannot be resolved.
    static func resolved(_ path: String) -> String? {
        var existing = path
        var rest: [String] = []
        while !exists(existing) {
            guard let slash = existing.lastIndex(of: "/"), existing != "/" else { return path }
            rest.insert(String(existing[existing.index(after: slash)...]), at: 0)
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
        guard let real = realPath(existing) else { return nil }
        guard !rest.isEmpty else { return real }
        return (real.hasSuffix("/") ? real : real + "/") + rest.joined(separator: "/")
    }

    /// Whether anything, a link that leads nowhere included, is at `path`.
    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The system's `realpath` of `path`.
    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
