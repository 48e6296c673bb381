import Foundation
import Testing
@testable import Caching
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What saves leave beside a file, and which of it opening the file again removes.
@Suite("Temporary files of saves")
struct AbandonedSaveTests {
    /// A process id no process has: above every system's limit.
    static let goneProcess = pid_t.max

    @Test("a temporary file's name gives its writer back, and only names of that exact shape do")
    func namesAreRecognisedExactly() {
        let file = URL(fileURLWithPath: "/tmp/users.json")
        let made = TemporaryFile.url(for: file)
        #expect(made.deletingLastPathComponent().path == "/tmp")
        #expect(TemporaryFile.writer(of: made.lastPathComponent, savingFile: "users.json") == getpid())
        let uuid = UUID().uuidString
        #expect(TemporaryFile.writer(of: ".users.json.42.\(uuid).tmp", savingFile: "users.json") == 42)
        for other in [".users.json.42.\(uuid)", "users.json.42.\(uuid).tmp", ".users.json.42.not-a-uuid.tmp",
                      ".users.json.0.\(uuid).tmp", ".users.json.-3.\(uuid).tmp", ".users.json.4x.\(uuid).tmp",
                      ".users.json..\(uuid).tmp", ".xusers.json.42.\(uuid).tmp", ".users.json.lock",
                      ".users.json.42.\(uuid).\(uuid).tmp", ".users.json.99999999999999.\(uuid).tmp"] {
            #expect(TemporaryFile.writer(of: other, savingFile: "users.json") == nil, "\(other)")
        }
    }

    @Test("names are compared as bytes: another Unicode spelling of the file's name is another file")
    func namesCompareAsBytes() {
        let uuid = UUID().uuidString
        let composed = "caf\u{E9}.json", decomposed = "cafe\u{301}.json"
        #expect(composed == decomposed, "Swift takes the two spellings as equal")
        #expect(TemporaryFile.writer(of: ".\(composed).42.\(uuid).tmp", savingFile: composed) == 42)
        #expect(TemporaryFile.writer(of: ".\(decomposed).42.\(uuid).tmp", savingFile: composed) == nil)
    }

    @Test("a holder whose lock file was replaced from outside leaves the new one in place")
    func releaseKeepsAnotherLockFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("c.json")
        let lockFile = FileLock.lockFile(for: file)
        try FileLock.withLock(on: file, failure: { $0 }) { () throws(CacheError) -> Void in
            // Something outside the protocol (git clean -X) removes the lock file; another process makes a new one.
            try? FileManager.default.removeItem(at: lockFile)
            _ = FileManager.default.createFile(atPath: lockFile.path, contents: Data("theirs".utf8))
        }
        #expect(FileManager.default.contents(atPath: lockFile.path) == Data("theirs".utf8))
    }

    @Test("a save leaves only its file: no temporary file, and the temporary name matches the .gitignore line")
    func saveLeavesOnlyTheFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("c.json")
        try Cache<String, Int>.save(entries: [(key: "a", value: 1)], to: file)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["c.json"])
        let name = TemporaryFile.url(for: file).lastPathComponent
        #expect(name.hasPrefix(".") && name.hasSuffix(".tmp"), "covered by `.*.tmp`")
        #expect(FileLock.lockFile(for: file).lastPathComponent == ".c.json.lock", "covered by `.*.lock`")
    }

    @Test("removes the temporary files of gone writers, and keeps live writers' and other files")
    func removesOnlyAbandonedFiles() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("c.json")
        let abandoned = [".c.json.\(Self.goneProcess).\(UUID().uuidString).tmp", ".c.json.\(Self.goneProcess).\(UUID().uuidString).tmp"]
        let kept = [".c.json.\(getpid()).\(UUID().uuidString).tmp",       // a save of this live process
                    ".other.json.\(Self.goneProcess).\(UUID().uuidString).tmp", // another file's
                    ".c.json.\(Self.goneProcess).tmp", "notes.tmp", "c.json"]
        for name in abandoned + kept { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }

        #expect(AtomicFile.removeAbandonedTemporaryFiles(of: file) == 2)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(kept))
    }

    @Test("while the file's lock is held nothing is removed; once it is free, the leftovers and the lock file go")
    func heldLockKeepsFiles() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("c.json")
        let leftover = folder.appendingPathComponent(".c.json.\(Self.goneProcess).\(UUID().uuidString).tmp")
        try Data("x".utf8).write(to: leftover)

        // flock excludes another open of the lock file even in the same process: as another process saving would.
        let removedWhileHeld = try FileLock.withLock(on: file, failure: { $0 }) { () throws(CacheError) -> Int in
            AtomicFile.removeAbandonedTemporaryFiles(of: file)
        }
        #expect(removedWhileHeld == 0)
        #expect(FileManager.default.fileExists(atPath: leftover.path))

        // A lock file a killed holder left is no obstacle, and goes too.
        try Data().write(to: FileLock.lockFile(for: file))
        #expect(AtomicFile.removeAbandonedTemporaryFiles(of: file) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a folder is listed once while it does not change, for every file in it, and again once it does")
    func folderListedOncePerChange() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = folder.appendingPathComponent("a.json"), second = folder.appendingPathComponent("b.json")
        let old = Date(timeIntervalSinceNow: -3_600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.path)
        #expect(AtomicFile.removeAbandonedTemporaryFiles(of: first) == 0, "listed: nothing left behind")
        // A leftover appears, and the folder's time is set back: to the cache the folder has not changed.
        let leftover = folder.appendingPathComponent(".b.json.\(Self.goneProcess).\(UUID().uuidString).tmp")
        try Data("x".utf8).write(to: leftover)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.path)
        #expect(AtomicFile.removeAbandonedTemporaryFiles(of: second) == 0, "not listed again: the stamp is unchanged")
        // Any real change moves the folder's time: the next open lists it and finds the leftover.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: folder.path)
        #expect(AtomicFile.removeAbandonedTemporaryFiles(of: second) == 1)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test("platform fact: creating, renaming and removing a file each move its folder's stamp (what the listing cache relies on)")
    func folderStampMoves() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = Date(timeIntervalSinceNow: -3_600)
        func settled() throws -> FolderStamp? {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.path)
            let stamp = FolderStamp(of: folder)
            #expect(stamp?.isSettled() == true)
            return stamp
        }
        let file = folder.appendingPathComponent("a.json"), renamed = folder.appendingPathComponent("b.json")
        var before = try settled()
        try Data("x".utf8).write(to: file)
        #expect(FolderStamp(of: folder) != before, "created")
        before = try settled()
        #expect(rename(file.path, renamed.path) == 0)
        #expect(FolderStamp(of: folder) != before, "renamed")
        before = try settled()
        #expect(unlink(renamed.path) == 0)
        #expect(FolderStamp(of: folder) != before, "removed")
        #expect(FolderStamp(of: folder)?.isSettled() == false, "a folder that just changed has not settled")
    }

    @Test("temporary file names parse back to their file and writer; other names do not")
    func temporaryNamesParse() {
        let file = URL(fileURLWithPath: "/tmp/api.v2/users.list.json")
        let parsed = TemporaryFile.parse(TemporaryFile.url(for: file).lastPathComponent)
        #expect(parsed?.file == "users.list.json" && parsed?.writer == getpid())
        for name in [".users.json.tmp", ".users.json.12.tmp", "users.json.12.\(UUID().uuidString).tmp",
                     ".users.json.x12.\(UUID().uuidString).tmp", "..12.\(UUID().uuidString).tmp", ".users.json.0.\(UUID().uuidString).tmp"] {
            #expect(TemporaryFile.parse(name) == nil, "\(name)")
        }
        #expect(FileLock.file(ofLockFile: ".users.json.lock") == "users.json")
        #expect(FileLock.file(ofLockFile: "users.json.lock") == nil)
    }

    @Test("the lock is exclusive while held, and leaves no lock file once given up")
    func lockExcludesAndCleansUp() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/c.json")
        let refused = try FileLock.withLock(on: file, failure: { $0 }) { () throws(CacheError) -> Bool in
            #expect(FileManager.default.fileExists(atPath: FileLock.lockFile(for: file).path))
            return FileLock.withLockIfFree(on: file) { true } == nil
        }
        #expect(refused, "a second taker is refused while the first holds the lock")
        #expect(FileLock.withLockIfFree(on: file) { 2 } == 2)
        #expect(!FileManager.default.fileExists(atPath: FileLock.lockFile(for: file).path))
    }
}
