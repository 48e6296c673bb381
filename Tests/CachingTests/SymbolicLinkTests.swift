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

    @Test("a save to a link writes the link's target, beside it, and leaves the link a link")
    func saveWritesThrough() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (link, target) = try Self.sharedFile(in: folder)
        try Cache<String, Int>.save(entries: [(key: "b", value: 2)], to: link)
        #expect(Self.isLink(link))
        #expect(try Cache<String, Int>.entries(contentsOf: target).map(\.key) == ["b"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: link.deletingLastPathComponent().path) == ["c.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path) == ["c.json"])
    }

    @Test("a chain of links is followed to its end; a dangling link creates its target")
    func chainsAndDanglingLinks() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (link, target) = try Self.sharedFile(in: folder)
        let second = folder.appendingPathComponent("tests/d.json")
        try FileManager.default.createSymbolicLink(atPath: second.path, withDestinationPath: link.path)
        try Cache<String, Int>.save(entries: [(key: "c", value: 3)], to: second)
        #expect(Self.isLink(second) && Self.isLink(link))
        #expect(try Cache<String, Int>.entries(contentsOf: target).map(\.key) == ["c"])

        let dangling = folder.appendingPathComponent("tests/e.json")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "../shared/e.json")
        try Cache<String, Int>.save(entries: [(key: "e", value: 5)], to: dangling)
        #expect(Self.isLink(dangling))
        #expect(try Cache<String, Int>.entries(contentsOf: folder.appendingPathComponent("shared/e.json")).map(\.key) == ["e"])
    }

    @Test("a loop of links, or a link into a folder that does not exist, is an error naming the link; nothing is created")
    func loopsAndMissingFoldersFail() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let loop = folder.appendingPathComponent("loop.json")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop.json")
        let error = #expect(throws: CacheError.self) { try Cache<String, Int>.save(entries: [], to: loop) }
        #expect(error?.description.contains("loop.json") == true && error?.description.contains("loop") == true,
                "\(String(describing: error))")
        #expect(Self.isLink(loop))

        let astray = folder.appendingPathComponent("astray.json")
        try FileManager.default.createSymbolicLink(atPath: astray.path, withDestinationPath: "missing/deeper/c.json")
        let missing = #expect(throws: CacheError.self) { try Cache<String, Int>.save(entries: [], to: astray) }
        #expect(missing?.description.contains("missing/deeper") == true, "\(String(describing: missing))")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["loop.json", "astray.json"])
    }

    @Test("the lock on a link is the lock on its target, so two links to one file exclude each other")
    func lockFollowsTheFileLink() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (link, target) = try Self.sharedFile(in: folder)
        let refused = try FileLock.withLock(on: link, failure: { $0 }) { () throws(CacheError) -> Bool in
            FileLock.withLockIfFree(on: target) { true } == nil
        }
        #expect(refused)
        #expect(try FileManager.default.contentsOfDirectory(atPath: link.deletingLastPathComponent().path) == ["c.json"])
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
