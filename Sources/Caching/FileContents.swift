import Foundation

/// Reads a file whole, after checking it is one: a folder, a named pipe or a device given where a file belongs gets
/// an error that says what it is, not the system's word for the failed read ("You don't have permission", which a
/// named pipe gets on Linux, or an error number).
package enum FileContents {
    /// The bytes of the regular file at `url` (a symbolic link is followed), or a ``CacheError`` naming the file and
    /// saying why there are none.
    package static func read(_ url: URL) throws(CacheError) -> Data {
        let resolved = url.resolvingSymlinksInPath()
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved.path) else {
            let missing = !FileManager.default.fileExists(atPath: url.path)
            throw CacheError(missing ? .fileNotFound : .unreadable, file: url,
                             reason: missing ? "No such file." : "The file's kind could not be read: check its permissions.")
        }
        if let kind = attributes[.type] as? FileAttributeType, kind != .typeRegular {
            throw CacheError(.notAFile, file: url, reason: "It is \(description(of: kind)), not a regular file.")
        }
        do {
            return try Data(contentsOf: resolved)
        } catch {
            throw CacheError(.unreadable, file: url, reason: "The file could not be read: \(error.localizedDescription)")
        }
    }

    /// What a file of `kind` is, in words.
    private static func description(of kind: FileAttributeType) -> String {
        switch kind {
        case .typeDirectory: "a folder"
        case .typeCharacterSpecial: "a character device"
        case .typeBlockSpecial: "a block device"
        case .typeSocket: "a socket"
        case .typeSymbolicLink: "a symbolic link that leads nowhere"
        default: "a named pipe or another special file"
        }
    }
}
