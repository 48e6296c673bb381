import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

/// How a save in mode `new` adds its recordings to what the file holds when it saves (see `CassetteFile.append`).
@Suite("Adding recordings to a cassette another process changed")
struct CassetteMergeTests {
    let seed = Fixture.interaction("https://example.test/seed")
    let mine = Fixture.interaction("https://example.test/mine")
    let theirs = Fixture.interaction("https://example.test/theirs")

    @Test func recordingsGoAfterWhatTheFileHoldsNow() {
        let merged = CassetteFile.merged([seed, theirs], adding: [mine], openedWith: [seed])
        #expect(merged == [seed, theirs, mine])
    }

    @Test("an exchange another process already added is not added twice, whenever each was recorded")
    func sameExchangeIsKeptOnce() {
        var again = theirs
        again.recordedAt = theirs.recordedAt.addingTimeInterval(5)
        let merged = CassetteFile.merged([seed, theirs], adding: [again, mine], openedWith: [seed])
        #expect(merged == [seed, theirs, mine])
    }

    @Test("each interaction another process added stands for one recording: a request made more often is added")
    func repeatsBeyondTheirsAreAdded() {
        let merged = CassetteFile.merged([theirs], adding: [theirs, theirs], openedWith: [])
        #expect(merged == [theirs, theirs])
    }

    @Test("an interaction the file held at opening never stands for a new recording of the same exchange")
    func previousCopiesDoNotAbsorb() {
        // Recorded because the test made the request once more than the file answered.
        let merged = CassetteFile.merged([seed], adding: [seed], openedWith: [seed])
        #expect(merged == [seed, seed])
    }

    @Test("a different answer to the same request is a new recording")
    func differentAnswerIsAdded() {
        let other = Fixture.interaction("https://example.test/theirs", status: 500)
        let merged = CassetteFile.merged([theirs], adding: [other], openedWith: [])
        #expect(merged == [theirs, other])
    }

    @Test("append re-reads the file: what another writer saved since opening stays")
    func appendKeepsAnotherWritersSave() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("c.json")
            try CassetteFile.save([seed], to: file)
            // Another process saved `theirs` after this cassette opened on [seed].
            try CassetteFile.save([seed, theirs], to: file)
            try CassetteFile.append([mine], openedWith: [seed], to: file)
            #expect(try CassetteFile.load(file) == [seed, theirs, mine])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["c.json"],
                    "no lock or temporary file stays behind")
        }
    }

    @Test("a save after recording into a symbolic link to a shared cassette adds to the shared file, and the link stays")
    func appendWritesThroughLink() async throws {
        try await withTemporaryDirectory { directory in
            let shared = directory.appendingPathComponent("shared/c.json")
            let link = directory.appendingPathComponent("api/c.json")
            try CassetteFile.save([seed], to: shared)
            try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../shared/c.json")
            try CassetteFile.append([mine], openedWith: [seed], to: link)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../shared/c.json")
            #expect(try CassetteFile.load(shared) == [seed, mine])
            #expect(try FileManager.default.contentsOfDirectory(atPath: shared.deletingLastPathComponent().path) == ["c.json"],
                    "no lock or temporary file stays beside the target")
            #expect(try FileManager.default.contentsOfDirectory(atPath: link.deletingLastPathComponent().path) == ["c.json"])
        }
    }
}
