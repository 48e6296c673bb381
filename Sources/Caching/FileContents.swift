import Foundation

/// Reads a file whole, after checking it is one: a folder, a named pipe or a device gets an error that says what it
/// is, not the system's word for the failed read.
package enum FileContents {
    /// The bytes of the regular file at `url` (a symbolic link followed), or a ``CacheError`` saying why there are none.
    package static func read(_ url: URL) throws(CacheError) -> Data {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            let missing = errno == ENOENT || errno == ENOTDIR
            throw CacheError(missing ? .fileNotFound : .unreadable, file: url,
                             reason: missing ? Self.missingReason(url) : "The file could not be read: \(String(cString: strerror(errno))).")
        }
        if info.st_mode & S_IFMT != S_IFREG {
            throw CacheError(.notAFile, file: url, reason: "It is \(description(ofMode: info.st_mode)), not a regular file.")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CacheError(.unreadable, file: url, reason: "The file could not be read: \(error.localizedDescription)")
        }
    }

    /// Why a file is not there; a name holding U+FFFD is most likely one Foundation listed for bytes that are not UTF-8.
    private static func missingReason(_ url: URL) -> String {
        let name = url.lastPathComponent
        guard name.unicodeScalars.contains("\u{FFFD}") else { return "No such file." }
        var glob = ""
        for character in name where character != "\u{FFFD}" || !glob.hasSuffix("*") {
            glob.append(character == "\u{FFFD}" ? "*" : character)
        }
        return "Its name as listed holds U+FFFD, so the name on disk is most likely not valid UTF-8, and no file can "
            + "be opened by the listed name. Rename it with a UTF-8 name: in its folder, `mv \(glob) <new name>` "
            + "(the shell's * matches the bytes)."
    }

    /// What a file of `mode` is, in words.
    private static func description(ofMode mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFIFO: "a named pipe"
        default: "a special file"
        }
    }
}
