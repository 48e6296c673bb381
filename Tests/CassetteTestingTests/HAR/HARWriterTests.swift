@testable import CassetteCore
import Foundation
import Testing

/// ``HARWriter`` writes, entry by entry, the bytes `JSONEncoder` writes for the whole document.
@Suite struct HARWriterTests {
    /// The HAR file of `interactions` as one `JSONEncoder` pass over the whole document writes it.
    static func wholeDocument(_ interactions: [Interaction]) throws -> Data {
        let dates = HARDates()
        let document = HARDocument(log: .init(version: "1.2", creator: .init(name: HTTPArchive.creatorName, version: "1"),
                                              entries: interactions.flatMap { HARExport.entries(of: $0, dates: dates) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document) + Data("\n".utf8)
    }

    @Test(arguments: HTTPArchiveRoundTripTests.files)
    func committedCassetteWritesAsTheWholeDocument(_ file: URL) throws {
        let interactions = try #require(try CassetteFile.load(file))
        #expect(try HTTPArchive.encoded(interactions) == Self.wholeDocument(interactions))
    }

    @Test func noInteractionsWriteAnEmptyEntriesArray() throws {
        let written = try HTTPArchive.encoded([])
        #expect(written == (try Self.wholeDocument([])))
        #expect(String(decoding: written, as: UTF8.self).contains("\"entries\" : [\n\n    ]"))
    }

    @Test func nestedEmptyContainersAndLineBreaksInValues() throws {
        // Empty arrays and objects inside an entry (no headers, `cache`), and a value holding a line break.
        let interactions = [
            Interaction(request: RecordedRequest(method: "POST", url: "https://h.test/a?x=1", body: Body(Data("one\ntwo".utf8))),
                        response: RecordedResponse(status: 200, headers: [:], body: Body(Data([0xFF, 0x00])), url: "https://h.test/a?x=1"),
                        recordedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 0.5),
            Interaction(request: RecordedRequest(method: "GET", url: "https://h.test/b"), failure: RecordedFailure(code: URLError.timedOut.rawValue, description: "The request timed out."),
                        recordedAt: Date(timeIntervalSince1970: 1_800_000_001)),
        ]
        #expect(try HTTPArchive.encoded(interactions) == Self.wholeDocument(interactions))
    }
}
