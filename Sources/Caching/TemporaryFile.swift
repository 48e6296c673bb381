import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary file an ``AtomicFile`` save writes before renaming it over its file:
/// `.<name>.<pid>.<UUID>.tmp` beside it, e.g. `.users.json.4242.0B6C…-….tmp`.
///
/// The leading dot hides it, the `.tmp` ending lets one default `.gitignore` line (`.*.tmp`) cover every one, and
/// the writer's process id says whether a leftover can still be renamed into place by anyone.
enum TemporaryFile {
    /// A fresh temporary file's location for a save of `file` by this process.
    static func url(for file: URL) -> URL {
        file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
    }

    /// The process that wrote the temporary file called `name`, when `name` is one a save of `file` makes (exactly
    /// the shape ``url(for:)`` gives); `nil` for any other name.
    static func writer(of name: String, savingFile file: String) -> pid_t? {
        // Compared as bytes: `String.hasPrefix` takes two Unicode spellings of one name (NFC, NFD) as equal, but a
        // file system like ext4 keeps them as two files, with two cassettes and two locks.
        let prefix = Array(".\(file).".utf8)
        let suffix = Array(".tmp".utf8)
        let bytes = Array(name.utf8)
        guard bytes.count > prefix.count + suffix.count, bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix) else {
            return nil
        }
        // Bytes that are not UTF-8 decode to U+FFFD, which no pid or UUID contains.
        let middle = String(decoding: bytes[prefix.count..<(bytes.count - suffix.count)], as: UTF8.self)[...]
        guard let dot = middle.firstIndex(of: "."),
              UUID(uuidString: String(middle[middle.index(after: dot)...])) != nil else { return nil }
        let digits = middle[..<dot]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let pid = pid_t(digits), pid > 0 else { return nil }
        return pid
    }

    /// Whether no process `pid` exists on this machine (as this process sees them). A zombie, a process of another
    /// user, or a new process that got the same id all count as alive: the file is then kept.
    static func isGone(_ pid: pid_t) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }
}

extension AtomicFile {
    /// Removes what saves of `file` left behind when their process was killed: their temporary files, and a lock
    /// file (see ``FileLock``) no one holds. Returns how many temporary files it removed.
    ///
    /// Only files named exactly as ``TemporaryFile`` names a save of `file` are considered, and one is removed only
    /// when both:
    /// - its writer's process is gone, so no process of this machine can still rename it into place; and
    /// - the ``FileLock`` on `file` is free and taken for the removal, so no process that saves under the lock is
    ///   writing, even one whose process id means nothing here (another container sharing the folder).
    ///
    /// When the lock is held the files are left for a later call; nothing here waits or fails.
    @discardableResult
    package static func removeAbandonedTemporaryFiles(of file: URL) -> Int {
        let folder = file.deletingLastPathComponent()
        let name = file.lastPathComponent
        let abandoned: ([String]) -> [String] = { names in
            names.filter { TemporaryFile.writer(of: $0, savingFile: name).map(TemporaryFile.isGone) ?? false }
        }
        // Listing the folder is all that an open of a clean folder pays; the lock is taken only when there is work.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard !abandoned(names).isEmpty || names.contains(FileLock.lockFile(for: file).lastPathComponent) else { return 0 }
        // Taking the lock and giving it up also removes a lock file its killed holder left.
        return FileLock.withLockIfFree(on: file) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return abandoned(names).filter { unlink(folder.appendingPathComponent($0).path) == 0 }.count
        } ?? 0
    }
}
