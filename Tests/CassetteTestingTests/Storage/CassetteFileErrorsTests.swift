import Caching
import Foundation
import Testing
@testable import CassetteCore

/// A cassette file that `Caching` cannot read or write fails with a `CassetteError` that wraps `Caching`'s error:
/// the `CacheError` is kept as `underlying`, its text reaches the message unchanged, and the cassette's context
/// (the file, what was being done, the fix) is added around it.
@Suite("Errors from Caching, wrapped")
struct CassetteFileErrorsTests {
    @Test("a file of a newer format version: Caching's reason as it is, then the cassette's fix")
    func newerVersion() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("newer.json")
            try Data(#"{"entries":[],"format":"Caching.Cache","version":7}"#.utf8).write(to: file)
            let error = #expect(throws: CassetteError.self) { try CassetteFile.load(file) }
            let underlying = try #require(error?.underlying)
            #expect(underlying.code == .unsupportedVersion)
            #expect(error?.code == .unreadableCassette)
            #expect(error?.message == "At version: \(underlying.reason) For a cassette, that package is swift-cassette: update it.")
            // The file is named once, by the cassette error.
            #expect(error?.description == "Cassette \(file.path): \(error?.message ?? "")")
        }
    }

    @Test("a malformed entry: where in the file, Caching's reason, and the command that records it again")
    func malformedEntry() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("broken.json")
            try Data(#"{"entries":[{"key":1}],"format":"Caching.Cache","version":1}"#.utf8).write(to: file)
            let error = #expect(throws: CassetteError.self) { try CassetteFile.load(file) }
            let underlying = try #require(error?.underlying)
            #expect(underlying.code == .corruptFile)
            #expect(error?.message == "At \(underlying.codingPathDescription): \(underlying.reason) Record the cassette again with CASSETTE_RECORD=all.")
        }
    }

    @Test("a save that cannot take the file's lock names the lock file, with Caching's reason")
    func lockFails() async throws {
        try await withTemporaryDirectory { directory in
            // A file where the cassette's folder should be: neither the lock nor the cassette can be created.
            let blocker = directory.appendingPathComponent("blocker")
            try Data().write(to: blocker)
            let file = blocker.appendingPathComponent("cassette.json")
            let error = #expect(throws: CassetteError.self) { try CassetteFile.save([], to: file) }
            let underlying = try #require(error?.underlying)
            #expect(error?.code == .writeFailed)
            #expect(underlying.code == .writeFailed)
            #expect(error?.message == "Could not lock the cassette to save it: \(underlying.description)")
        }
    }
}
