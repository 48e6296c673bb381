import Foundation
import Locking

/// The temporary file an ``AtomicFile`` save writes before renaming it over its file: `.<name>.<pid>.<UUID>.tmp`
/// beside it (hidden, covered by a `.gitignore` line `.*.tmp`; the process id says whether anyone may still rename it).
enum TemporaryFile {
    /// A fresh temporary file's location for a save of `file` by this process.
    static func url(for file: URL) -> URL {
        file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
    }

    /// The process that wrote the temporary file called `name`, when `name` is one a save of `file` makes (exactly
    /// the shape ``url(for:)`` gives); `nil` for any other name.
    static func writer(of name: String, savingFile file: String) -> pid_t? {
        // Compared as bytes: `String ==` takes two Unicode spellings of one name (NFC, NFD) as equal, but a file
        // system like ext4 keeps them as two files, with two cassettes and two locks.
        guard let parsed = parse(name), parsed.file.utf8.elementsEqual(file.utf8) else { return nil }
        return parsed.writer
    }

    /// The file a save was writing and the process that wrote it, when `name` has the shape ``url(for:)`` gives
    /// (`.<file>.<pid>.<UUID>.tmp`); `nil` for any other name.
    static func parse(_ name: String) -> (file: String, writer: pid_t)? {
        let bytes = Array(name.utf8)
        let suffix = Array(".tmp".utf8)
        // `.` + at least one byte of name + `.` + pid + `.` + 36-character UUID + `.tmp`.
        guard bytes.count > 1 + 1 + 1 + 1 + 1 + 36 + suffix.count, bytes.first == UInt8(ascii: "."),
              bytes.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        let uuidEnd = bytes.count - suffix.count
        let uuidStart = uuidEnd - 36
        guard bytes[uuidStart - 1] == UInt8(ascii: "."),
              UUID(uuidString: String(decoding: bytes[uuidStart..<uuidEnd], as: UTF8.self)) != nil else { return nil }
        var pidStart = uuidStart - 1
        while pidStart > 1, bytes[pidStart - 1] >= UInt8(ascii: "0"), bytes[pidStart - 1] <= UInt8(ascii: "9") { pidStart -= 1 }
        guard pidStart < uuidStart - 1, pidStart > 2, bytes[pidStart - 1] == UInt8(ascii: "."),
              let pid = pid_t(String(decoding: bytes[pidStart..<(uuidStart - 1)], as: UTF8.self)), pid > 0 else { return nil }
        // Bytes that are not UTF-8 decode to U+FFFD, which compares equal to no file's bytes.
        guard let file = ValidatedUTF8.string(bytes[1..<(pidStart - 1)]) else { return nil }
        return (file, pid)
    }

    /// Whether no process `pid` exists on this machine (as this process sees them). A zombie, a process of another
    /// user, or a new process that got the same id all count as alive: the file is then kept.
    static func isGone(_ pid: pid_t) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }
}

extension AtomicFile {
    /// Removes what killed saves of `file` left behind: their temporary files, and a lock file (see ``FileLock``) no
    /// one holds. Returns how many temporary files it removed.
    ///
    /// A file named as ``TemporaryFile`` names a save of `file` is removed only when its writer's process is gone and
    /// the ``FileLock`` on `file` is free and taken for the removal (so no saver is writing, even one of another
    /// container sharing the folder); when the lock is held, nothing waits. A symbolic link's leftovers are those
    /// beside the file it leads to. A folder is listed again only when it changed (see ``FolderListings``).
    @discardableResult
    package static func removeAbandonedTemporaryFiles(of file: URL) -> Int {
        let file = (try? SymbolicLink.target(of: file)) ?? file
        let folder = file.deletingLastPathComponent()
        let name = file.lastPathComponent
        guard FolderListings.shared.mayHoldLeftovers(of: name, in: folder) else { return 0 }
        // Taking the lock and giving it up also removes a lock file its killed holder left.
        return FileLock.withLockIfFree(on: file) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { TemporaryFile.writer(of: $0, savingFile: name).map(TemporaryFile.isGone) ?? false }
                .filter { unlink(folder.appendingPathComponent($0).path) == 0 }.count
        } ?? 0
    }
}

/// What the last listing of each folder found: the files whose saves left a temporary file of a gone writer or a lock
/// file, valid while the folder's ``FolderStamp`` stays the same (kept only for a folder that had settled before it was
/// listed, so no change hides behind an unchanged stamp).
final class FolderListings: Sendable {
    static let shared = FolderListings()

    private struct Listing {
        let stamp: FolderStamp
        /// The names of the files whose saves left a temporary file or a lock file.
        let leftovers: Set<String>
    }

    private let listings = LockedBox<[String: Listing]>([:])

    /// Whether saves of the file `name` may have left something in `folder`: from the last listing when the folder
    /// has not changed since, else from a new one.
    func mayHoldLeftovers(of name: String, in folder: URL) -> Bool {
        let stamp = FolderStamp(of: folder)
        if let stamp, let listing = listings.withLock({ $0[folder.path] }), listing.stamp == stamp {
            return listing.leftovers.contains(name)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var leftovers: Set<String> = []
        for entry in names {
            if let save = TemporaryFile.parse(entry), TemporaryFile.isGone(save.writer) {
                leftovers.insert(save.file)
            } else if let locked = FileLock.file(ofLockFile: entry) {
                leftovers.insert(locked)
            }
        }
        listings.withLock { listings in
            if let stamp, stamp.isSettled() {
                listings[folder.path] = Listing(stamp: stamp, leftovers: leftovers)
            } else {
                listings[folder.path] = nil
            }
        }
        return leftovers.contains(name)
    }
}
