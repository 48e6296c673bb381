import Foundation

/// An advisory lock that processes take before they change a file: `flock(2)` on a lock file beside it,
/// `.<name>.lock`, so that one process's read-modify-write of the file never interleaves with another's.
///
/// `flock` locks belong to an open file description, so threads of one process exclude each other as processes do,
/// and the kernel drops a dead holder's lock. The holder removes the lock file *before* unlocking, and whoever takes
/// the lock checks that the file it locked is still the one at the path (else starts again), so no lock files stay
/// between saves (one a killed holder left is reused; `.gitignore`'s `.*.lock` covers it).
///
/// The lock on a symbolic link is the lock on the file it leads to (see ``SymbolicLink``). A lock file is never
/// opened through a link (`O_NOFOLLOW`, POSIX.1-2008): a link planted at its path is an error that says to remove it,
/// told by `lstat` (``SymbolicLink/isLink(_:)``) rather than by `errno`, so it reads the same on Linux and Darwin.
package enum FileLock {
    /// The lock file that guards `file`: `.<name>.lock` in the same folder.
    package static func lockFile(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).lock")
    }

    /// The file whose lock file is called `name` (`.c.json.lock` → `c.json`), or `nil` for another name.
    static func file(ofLockFile name: String) -> String? {
        guard name.utf8.count > 6, name.hasPrefix("."), name.hasSuffix(".lock") else { return nil }
        return String(name.dropFirst().dropLast(5))
    }

    /// Runs `body` holding the lock on `file`, waiting for another holder first; creates `file`'s folders as needed
    /// (none where a link points). `failure` turns a lock that could not be taken into the caller's error, and `body`
    /// then does not run.
    package static func withLock<T, Failure: Error>(on file: URL, failure: (CacheError) -> Failure,
                                                   _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let descriptor: Int32
        let lock: URL
        do throws(CacheError) {
            let (target, mayCreateFolder) = try SymbolicLink.writeTarget(of: file)
            lock = lockFile(for: target)
            guard let taken = try acquire(lock, waiting: true, creatingFolder: mayCreateFolder) else {
                throw CacheError(.writeFailed, file: file, reason: "The lock \(lock.path) could not be taken.")
            }
            descriptor = taken
        } catch {
            throw failure(error)
        }
        defer { release(descriptor, lockFile: lock) }
        return try body()
    }

    /// Runs `body` holding the lock on `file` if no one holds it now; `nil`, without running `body`, when the lock is
    /// held or cannot be taken.
    package static func withLockIfFree<T>(on file: URL, _ body: () -> T) -> T? {
        guard let target = try? SymbolicLink.writeTarget(of: file),
              let descriptor = try? acquire(lockFile(for: target.file), waiting: false, creatingFolder: target.mayCreateFolder) else {
            return nil
        }
        defer { release(descriptor, lockFile: lockFile(for: target.file)) }
        return body()
    }

    /// How many times taking the lock starts again because the lock file was replaced in between, before it fails.
    private static let attempts = 1_000

    /// Opens (creating) and locks `lockFile`, never through a symbolic link; returns its descriptor, or `nil` when
    /// `waiting` is false and another process holds the lock. With `creatingFolder`, creates its folders first.
    private static func acquire(_ lockFile: URL, waiting: Bool, creatingFolder: Bool) throws(CacheError) -> Int32? {
        if creatingFolder { try AtomicFile.createFolder(lockFile.deletingLastPathComponent(), for: lockFile) }
        for _ in 0..<attempts {
            let descriptor = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666)
            guard descriptor >= 0 else {
                let code = errno
                if let destination = linkDestination(lockFile) {
                    throw CacheError(.writeFailed, file: lockFile, reason: "The lock file is a symbolic link (to \(destination)); a lock file is never a link, and following it would create or lock a file where it points. Remove it (rm \(quoted(lockFile.path))) and try again.")
                }
                throw CacheError(.writeFailed, file: lockFile, reason: "Could not open the lock file: \(String(cString: strerror(code))).")
            }
            var result: Int32
            repeat {
                result = flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB)
            } while result != 0 && errno == EINTR
            guard result == 0 else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { return nil }
                throw CacheError(.writeFailed, file: lockFile, reason: "Could not lock the lock file: \(String(cString: strerror(code))).")
            }
            // The previous holder may have removed the file between our open and our lock: then we hold a lock on a
            // file no one else will ever look at, and must lock the one now at the path instead.
            if isStillAtPath(descriptor, lockFile) { return descriptor }
            close(descriptor)
        }
        throw CacheError(.writeFailed, file: lockFile, reason: "The lock file kept being replaced while it was being locked.")
    }

    /// Where `lockFile` points when it is a symbolic link, else `nil`.
    private static func linkDestination(_ lockFile: URL) -> String? {
        guard SymbolicLink.isLink(lockFile) else { return nil }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: lockFile.path)) ?? "somewhere it does not say"
    }

    /// `path` in single quotes for a shell, each single quote in it written `'\''`.
    private static func quoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Whether the file open as `descriptor` is the one at `lockFile`'s path (not followed: a symbolic link put there
    /// since is another file).
    private static func isStillAtPath(_ descriptor: Int32, _ lockFile: URL) -> Bool {
        var opened = stat()
        var atPath = stat()
        guard fstat(descriptor, &opened) == 0, lstat(lockFile.path, &atPath) == 0 else { return false }
        return opened.st_dev == atPath.st_dev && opened.st_ino == atPath.st_ino
    }

    /// Removes the lock file (only while it is still the one this holder locked: after a `git clean -X`, a new one
    /// at the path is another holder's), then unlocks and closes it, so that no one locks a removed file.
    private static func release(_ descriptor: Int32, lockFile: URL) {
        if isStillAtPath(descriptor, lockFile) { unlink(lockFile.path) }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
