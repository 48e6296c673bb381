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
