import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

/// Names too long for the file system, and symbolic links out of the cassette directory, are refused when the
/// cassette opens: before any folder is made, with a message that gives the limit.
@Suite("Cassette names: length limits and symbolic links")
struct CassetteLocationLimitsTests {
    private func location(_ name: String, in directory: URL) throws -> CassetteLocation {
        try CassetteLocation(name: name, directory: directory, environment: [:], filePath: #filePath)
    }

    /// The message of the `.invalidName` error `name` gets in `directory`, or `nil` when it gets none.
    private func refusal(_ name: String, in directory: URL = URL(fileURLWithPath: "/tmp/cassettes")) -> String? {
        do {
            _ = try location(name, in: directory)
            return nil
        } catch let error as CassetteError where error.code == .invalidName {
            return error.message
        } catch {
            return "not an invalidName error: \(error)"
        }
    }

    @Test("a folder may have 255 bytes and the file 202 with .json (its save's temporary file is 53 longer); not one more")
    func componentLimit() {
        let folder = String(repeating: "f", count: 255)
        #expect(refusal("\(folder)/x") == nil)
        #expect(refusal("\(folder)f/x")?.contains("at most 255 bytes") == true)
        #expect(refusal(String(repeating: "n", count: 197)) == nil, "197 bytes and .json make 202")
        #expect(refusal(String(repeating: "n", count: 198))?.contains("is 203 bytes long") == true)
        #expect(refusal(String(repeating: "n", count: 197) + ".json") == nil, "a name that ends in .json keeps it")
        // Bytes, not characters: 128 "é" are 256 bytes of UTF-8.
        #expect(refusal(String(repeating: "é", count: 128) + "/x")?.contains("at most 255 bytes (UTF-8)") == true)
    }

    @Test("a cassette with the longest file name saves: its temporary and lock files fit")
    func longestNameSaves() async throws {
        try await withTemporaryDirectory { directory in
            // The longest name accepted, whatever the limit is set to.
            let name = String(repeating: "n", count: CassetteLocation.maximumFileNameBytes - ".json".utf8.count)
            let location = try CassetteLocation(name: name, directory: directory, environment: [:], filePath: #filePath)
            try CassetteFile.save([Fixture.interaction("http://api.test/a")], to: location.file)
            #expect(try CassetteFile.load(location.file)?.count == 1)
        }
    }

    @Test("a name may have 1,024 bytes; not one more")
    func nameLimit() {
        let component = String(repeating: "c", count: 200)
        let name = Array(repeating: component, count: 5).joined(separator: "/") // 1,004 bytes
        #expect(refusal(name + "/" + String(repeating: "x", count: 19)) == nil)
        let message = refusal(name + "/" + String(repeating: "x", count: 20))
        #expect(message?.contains("1025 bytes long; a cassette name may be at most 1024 bytes") == true)
        #expect((message?.count ?? 0) < 300, "a long name is shortened in the message")
    }

    @Test("a name of 5,000 components fails when the cassette opens, and leaves no folder behind")
    func manyComponentsLeaveNothing() async throws {
        try await withTemporaryDirectory { directory in
            let name = Array(repeating: "a", count: 5_000).joined(separator: "/")
            #expect {
                try Cassette.use(.named(name), record: .all, options: .init(directory: .at(directory))) { _ in }
            } throws: { error in
                (error as? CassetteError)?.code == .invalidName && "\(error)".contains("at most 1024 bytes")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(left.isEmpty)
        }
    }

    @Test("a path longer than the system allows is refused, whatever the name's own length")
    func pathLimit() {
        let deep = URL(fileURLWithPath: "/tmp/" + String(repeating: "d/", count: Int(PATH_MAX) / 2))
        #expect(refusal("short", in: deep)?.contains("this system allows at most \(Int(PATH_MAX) - 1)") == true)
    }

    /// A cassette directory with a folder `real`, a folder `outside` beside it, and links into and out of it.
    private func withLinks(_ body: (_ cassettes: URL, _ root: URL) throws -> Void) async throws {
        try await withTemporaryDirectory { root in
            let manager = FileManager.default
            let cassettes = root.appendingPathComponent("cassettes")
            let outside = root.appendingPathComponent("outside")
            try manager.createDirectory(at: cassettes.appendingPathComponent("real"), withIntermediateDirectories: true)
            try manager.createDirectory(at: outside, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: outside.appendingPathComponent("elsewhere.json"))
            func link(_ name: String, to destination: URL) throws {
                try manager.createSymbolicLink(at: cassettes.appendingPathComponent(name), withDestinationURL: destination)
            }
            try link("out", to: outside)
            try link("alias", to: cassettes.appendingPathComponent("real"))
            try link("file.json", to: outside.appendingPathComponent("elsewhere.json"))
            try link("dangling", to: root.appendingPathComponent("nowhere"))
            try manager.createSymbolicLink(atPath: cassettes.appendingPathComponent("real/up").path, withDestinationPath: "../../outside")
            try body(cassettes, root)
        }
    }

    @Test("a symbolic link that leads out of the cassette directory is refused, at any depth and as the file")
    func linksOut() async throws {
        try await withLinks { cassettes, _ in
            for name in ["out/x", "real/up/x", "alias/up/deeper/x", "file"] {
                let message = refusal(name, in: cassettes)
                #expect(message?.contains("outside the cassette directory") == true, "\(name): \(message ?? "accepted")")
            }
            #expect(refusal("dangling/x", in: cassettes)?.contains("leads nowhere") == true)
        }
    }

    @Test("links that stay inside are followed, and a cassette directory reached through a link is fine")
    func linksInside() async throws {
        try await withLinks { cassettes, root in
            #expect(refusal("alias/x", in: cassettes) == nil)
            #expect(refusal("real/new/folders/x", in: cassettes) == nil)
            let linkedDirectory = root.appendingPathComponent("linked-cassettes")
            try FileManager.default.createSymbolicLink(at: linkedDirectory, withDestinationURL: cassettes)
            #expect(refusal("alias/x", in: linkedDirectory) == nil)
            #expect(refusal("out/x", in: linkedDirectory)?.contains("outside the cassette directory") == true)
            #expect(try location("alias/x", in: linkedDirectory).file.path == linkedDirectory.path + "/alias/x.json",
                    "the file keeps the path the name spells")
        }
    }

    @Test("a name refused for a link makes no folder")
    func refusedLinkMakesNothing() async throws {
        try await withLinks { cassettes, root in
            let before = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("outside").path)
            #expect(throws: CassetteError.self) {
                try Cassette.use("out/new/x", record: .all, options: .init(directory: .at(cassettes))) { _ in }
            }
            let after = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("outside").path)
            #expect(after == before)
        }
    }
}
