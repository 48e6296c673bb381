import Caching
import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 26, item 8: a folder, a named pipe or a device where a cassette, a HAR file or a report belongs is refused
/// with what it is and what to do, never with the system's word for a failed read.
@Suite("Odd files")
struct OddFileTests {
    @Test("a folder named like a cassette: the cassette says it is a folder, and how to get out of the way")
    func folderAsCassette() async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("odd.json"), withIntermediateDirectories: true)
            let error = #expect(throws: CassetteError.self) {
                try Cassette.use("odd", record: .never, options: .init(directory: .at(directory))) { _ in }
            }
            #expect(error?.code == .unreadableCassette)
            #expect(error?.underlying?.code == .notAFile)
            #expect(error?.message == "It is a folder, not a regular file. A cassette is a file: move what is there away, or give the cassette another name.")
        }
    }

    @Test("a named pipe as a cassette and a device as a HAR file are named for what they are, and nothing waits for a writer")
    func pipeAndDevice() async throws {
        try await withTemporaryDirectory { directory in
            let pipe = directory.appendingPathComponent("pipe.json")
            try #require(mkfifo(pipe.path, 0o600) == 0)
            let cassette = #expect(throws: CassetteError.self) { try CassetteFile.load(pipe) }
            #expect(cassette?.underlying?.code == .notAFile)
            #expect(cassette?.message.hasPrefix("It is a named pipe, not a regular file.") == true)
            let har = #expect(throws: CassetteError.self) { try HTTPArchive.interactions(contentsOf: URL(fileURLWithPath: "/dev/zero")) }
            #expect(har?.message == "The HAR file could not be read: It is a character device, not a regular file.")
        }
    }
}

extension OddFileTests {
    @Test("a file whose name is not UTF-8, read by the name a listing gives (as verify and list do): the error says so, and how to rename it")
    func nameNotUTF8() async throws {
        try await withTemporaryDirectory { directory in
            // b\xFF\xFEname.json: bytes Linux allows in a name and Foundation lists as U+FFFD.
            let raw = Array(directory.path.utf8) + Array("/b".utf8) + [0xFF, 0xFE] + Array("name.json".utf8) + [0]
            let descriptor = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o600) }
            #if os(Linux)
            try #require(descriptor >= 0)
            #else
            // Apple's file systems refuse a name that is not UTF-8: nothing to test there.
            guard descriptor >= 0 else { return }
            #endif
            close(descriptor)
            let listed = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            let name = try #require(listed.first)
            let error = #expect(throws: CacheError.self) { try FileContents.read(directory.appendingPathComponent(name)) }
            #expect(error?.code == .fileNotFound)
            #expect(error?.reason.contains("not valid UTF-8") == true, "\(error?.reason ?? "")")
            #expect(error?.reason.contains("`mv b*name.json <new name>`") == true, "\(error?.reason ?? "")")
        }
    }
}
