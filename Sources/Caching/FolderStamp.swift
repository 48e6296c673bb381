import Foundation

/// One state of a folder's entries: the folder (device and inode) and its modification time, which every file
/// created, renamed or removed in it moves (POSIX `stat`; `st_mtim` on Linux, `st_mtimespec` on Apple platforms,
/// both a `timespec`, as their `stat(2)` pages document).
struct FolderStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let seconds: Int
    let nanoseconds: Int

    /// The folder's stamp now; `nil` when it cannot be read.
    init?(of folder: URL) {
        var info = stat()
        guard stat(folder.path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        #if canImport(Darwin)
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }

    /// Whether the folder last changed long enough before `now` that any later change moves its time (file systems
    /// stamp changes with a clock of 1 to 10 ms ticks, so two changes in one tick can share a time).
    func isSettled(at now: Date = Date()) -> Bool {
        let changed = Double(seconds) + Double(nanoseconds) / 1e9
        return now.timeIntervalSince1970 - changed >= Self.settlingTime
    }

    /// Far more than a file system's clock tick.
    static let settlingTime = 0.1
}
