import Foundation
import Testing
@testable import Caching

/// Saves and locks on paths that are symbolic links: a save writes through the link to its target; a lock file is
/// never opened through a link. Every fixture is a real link in a temporary folder.
@Suite("Symbolic links")
struct SymbolicLinkTests {
    /// Whether `url` is a symbolic link itself (not followed).
    static func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    /// A folder holding `shared/c.json` (a saved cache) and `tests/c.json`, a relative link to it.
    static func sharedFile(in folder: URL) throws -> (link: URL, target: URL) {
        let target = folder.appendingPathComponent("shared/c.json")
        let link = folder.appendingPathComponent("tests/c.json")
        try Cache<String, Int>.save(entries: [(key: "a", value: 1)], to: target)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../shared/c.json")
        return (link, target)
    }

    @Test("a lock file that is a symbolic link is refused, naming it and saying to remove it; its target is not created")
    func lockLinkIsRefused() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("c.json")
        let outside = folder.appendingPathComponent("outside")
        try FileManager.default.createSymbolicLink(atPath: FileLock.lockFile(for: file).path, withDestinationPath: outside.path)

        var ran = false
        let error = #expect(throws: CacheError.self) {
            try FileLock.withLock(on: file, failure: { $0 }) { () throws(CacheError) in ran = true }
        }
        #expect(!ran)
        #expect(!FileManager.default.fileExists(atPath: outside.path), "the lock was opened through the link")
        let text = error?.description ?? ""
        #expect(text.contains(".c.json.lock") && text.contains("symbolic link") && text.contains("Remove it"), "\(text)")
        #expect(FileLock.withLockIfFree(on: file) { true } == nil)
        #expect(!FileManager.default.fileExists(atPath: outside.path))
        #expect(Self.isLink(FileLock.lockFile(for: file)), "the planted link is left for the user to look at")
    }
}
