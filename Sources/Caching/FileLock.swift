import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock that processes take before they change a file: `flock(2)` on a lock file beside it,
/// `.<name>.lock`, so that a read-modify-write of the file by one process never interleaves with another's.
///
/// The lock is advisory: it excludes only code that takes it too. `flock` locks belong to an open file description,
/// so two threads of one process exclude each other as two processes do, and the kernel drops a lock when its
/// holder dies, so a killed process never leaves the file locked.
///
/// The lock file is removed when the lock is given up, so that a folder of files holds no lock files between saves
/// (one killed while holding the lock stays behind, and is reused; a default `.gitignore` line `.*.lock` covers it).
/// Removing it is safe because the holder removes it *before* unlocking, and whoever takes the lock checks that the
/// file it locked is still the one at the lock's path, and starts again if not.
///
/// The lock on a file that is a symbolic link is the lock on the file the link leads to (see ``SymbolicLink``), beside
/// it: the lock guards the file a write lands in, so two links to one file exclude each other.
///
/// A lock file is never opened through a symbolic link (`O_NOFOLLOW`): a link planted at a lock's path would make
/// every save create or lock a file wherever it points. Such a link is an error that names it and says to remove it;
/// the link is left in place for the user to look at. `open(2)` with `O_NOFOLLOW` fails when the path's last
/// component is a link (POSIX.1-2008; `ELOOP` on Linux and Darwin, whose `open(2)` man page says so); the error
/// tells a link by `lstat` afterwards (``SymbolicLink/isLink(_:)``), not by the `errno`, so it reads the same on both.
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

    /// Runs `body` holding the lock on `file` (on the file it leads to, when it is a symbolic link), waiting for
    /// another holder to give it up first. Creates `file`'s folders as needed, but none where a link points.
    ///
    /// `failure` turns a lock that could not be taken (the folder cannot be created or written, a loop of links, a
    /// lock file that is a link) into the caller's error; `body` then does not run.
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

    /// Runs `body` holding the lock on `file` (on the file it leads to, when it is a symbolic link) if no one holds
    /// it now; returns `nil` without running `body` when the lock is held or cannot be taken (a folder that cannot be
    /// written, say).
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

    /// Removes the lock file, then unlocks and closes it: in this order, no one can lock the removed file and
    /// believe they hold the lock. The file is removed only while it is still the one this holder locked: if
    /// something outside the protocol removed it meanwhile (`git clean -X`, say), another process may hold a new one
    /// at that path, which is theirs to remove.
    private static func release(_ descriptor: Int32, lockFile: URL) {
        if isStillAtPath(descriptor, lockFile) { unlink(lockFile.path) }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
