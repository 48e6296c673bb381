import Foundation

/// Where a write to a path lands when the path is a symbolic link: every writer of the package (``AtomicFile``, and
/// so every save, and ``FileLock``) writes through a link to the file its chain ends at, so the link stays a link,
/// the shared file changes, and two links to one file take one lock.
package enum SymbolicLink {
    /// How many links a chain may hold before it is taken as a loop (Linux's own limit).
    static let maximumLinks = 40

    /// The file a write to `url` lands in: `url` itself unless it is a symbolic link, else the end of its chain of
    /// links (relative ones read against their folder), which need not exist. Only the last component is followed
    /// (the system follows folders). Throws for a loop of links or a link that cannot be read.
    package static func target(of url: URL) throws(CacheError) -> URL {
        var current = url
        for _ in 0..<maximumLinks {
            guard isLink(current) else { return current }
            let destination: String
            do {
                destination = try FileManager.default.destinationOfSymbolicLink(atPath: current.path)
            } catch {
                throw CacheError(.writeFailed, file: url,
                                 reason: "It is a symbolic link, and the link \(current.path) could not be read: \(error.localizedDescription)")
            }
            current = destination.hasPrefix("/") ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        throw CacheError(.writeFailed, file: url,
                         reason: "It is a symbolic link, and \(maximumLinks) links on, no file was reached: the links make a loop. Point the link at a file (`ls -l` shows where each link points).")
    }

    /// Whether `url` itself (not followed) is a symbolic link: `lstat(2)` and `S_IFLNK`, POSIX and the same in Glibc,
    /// Musl and Darwin (`mode_t` is 16 bits there, 32 on Linux; the mask compares in its own type).
    static func isLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The file a write to `url` lands in (see ``target(of:)``), and whether the writer may create its folder: only
    /// when `url` is not a link (a link whose target's folder is missing is an error).
    package static func writeTarget(of url: URL) throws(CacheError) -> (file: URL, mayCreateFolder: Bool) {
        let target = try target(of: url)
        guard target.path != url.path else { return (target, true) }
        var isFolder: ObjCBool = false
        let folder = target.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CacheError(.writeFailed, file: url,
                             reason: "It is a symbolic link to \(target.path), whose folder \(folder.path) does not exist. Create that folder, or point the link at an existing file.")
        }
        return (target, false)
    }
}
