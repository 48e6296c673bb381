import Foundation

/// Writes files so that readers see the old contents or the new, never a torn mix, and a crash after a save keeps
/// the new contents.
package enum AtomicFile {
    /// Writes `data` to a temporary file beside `url` (see ``TemporaryFile``), flushes it, renames it over `url` and
    /// flushes the folder, so that the rename survives a crash; creates `url`'s folders as needed, and writes through
    /// a symbolic link (see ``SymbolicLink``). A failure before the rename leaves `url` untouched; a killed save's
    /// temporary file is removed later by ``removeAbandonedTemporaryFiles(of:)``.
    static func write(_ data: Data, to url: URL) throws(CacheError) {
        let file = try Writing(url)
        do throws(CacheError) {
            try file.append(data)
        } catch {
            file.abandon()
            throw error
        }
        try file.commit()
    }

    /// A save of one file written in pieces, for contents too large to hold at once (`cassette export-har`'s HAR
    /// file): what ``write(_:to:)`` does, one ``append(_:)`` at a time. ``commit()`` puts the file in place;
    /// ``abandon()`` (or a failed append or commit) removes the temporary file and leaves `url` as it was.
    package final class Writing {
        private let url: URL
        /// The file `url` leads to (see ``SymbolicLink``).
        private let target: URL
        private let temporary: URL
        private var descriptor: Int32

        /// Starts a save of `url`: creates its temporary file (and `url`'s folders, unless it is a link).
        package init(_ url: URL) throws(CacheError) {
            let (target, mayCreateFolder) = try SymbolicLink.writeTarget(of: url)
            if mayCreateFolder { try AtomicFile.createFolder(target.deletingLastPathComponent(), for: url) }
            self.url = url
            self.target = target
            temporary = TemporaryFile.url(for: target)
            descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                throw CacheError(.writeFailed, file: url, reason: "Could not create a temporary file in \(temporary.deletingLastPathComponent().path): \(String(cString: strerror(errno))).")
            }
        }

        /// Writes `data` after what was written before.
        package func append(_ data: Data) throws(CacheError) {
            let failure = data.withUnsafeBytes { bytes -> Int32? in
                var offset = 0
                while offset < bytes.count {
                    let written = systemWrite(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    // A regular file never takes zero bytes of a non-empty write; should one, stop rather than spin.
                    if written <= 0 { return written < 0 ? errno : EIO }
                    offset += written
                }
                return nil
            }
            if let failure {
                throw CacheError(.writeFailed, file: url, reason: "Could not write the temporary file: \(String(cString: strerror(failure))).")
            }
        }

        /// Flushes the temporary file to disk, renames it over the file, then flushes the folder so that the rename
        /// survives a crash. A failure before the rename removes the temporary file.
        package func commit() throws(CacheError) {
            var failure: Int32?
            if fsync(descriptor) != 0 { failure = errno }
            if close(descriptor) != 0 && failure == nil { failure = errno }
            descriptor = -1
            if let failure {
                unlink(temporary.path)
                throw CacheError(.writeFailed, file: url, reason: "Could not write the temporary file: \(String(cString: strerror(failure))).")
            }
            guard rename(temporary.path, target.path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary.path)
                throw CacheError(.writeFailed, file: url, reason: "Could not move the new file into place (\(reason)); the previous file is unchanged.")
            }
            try AtomicFile.flushFolder(target.deletingLastPathComponent(), of: url)
        }

        /// Gives the save up: the temporary file is removed, the file left as it was.
        package func abandon() {
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
            unlink(temporary.path)
        }

        deinit { abandon() }
    }

    /// Creates `folder` and its missing parents; the error names `file`, which needs it.
    static func createFolder(_ folder: URL, for file: URL) throws(CacheError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CacheError(.writeFailed, file: file, reason: "Could not create the folder \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Flushes `folder`'s entries to disk (`EINVAL`, a file system that cannot, counts as done).
    static func flushFolder(_ folder: URL, of url: URL) throws(CacheError) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CacheError(.writeFailed, file: url, reason: "The new file is in place, but its folder could not be opened to flush it to disk: \(String(cString: strerror(errno))).")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw CacheError(.writeFailed, file: url, reason: "The new file is in place, but its folder could not be flushed to disk, so a crash may undo the save: \(String(cString: strerror(errno))).")
        }
    }
}

/// `write(2)`, out here because inside ``AtomicFile`` the name `write` is ``AtomicFile/write(_:to:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
