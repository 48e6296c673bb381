@testable import CassetteCore
import Foundation
import Testing

/// ``CassetteFile/forEachInteraction(in:_:)`` visits what ``CassetteFile/load(_:)`` reads, one at a time, and fails
/// as it fails, before visiting any.
@Suite struct CassetteFileEachInteractionTests {
    @Test(arguments: HTTPArchiveRoundTripTests.files)
    func visitsWhatLoadReads(_ file: URL) throws {
        var visited: [Interaction] = []
        #expect(try CassetteFile.forEachInteraction(in: file) { visited.append($0) })
        #expect(visited == (try CassetteFile.load(file)))
        #expect(visited.allSatisfy { !$0.isPending })
    }

    @Test("a file edited to repeat a key and put its keys out of order is visited in the order load gives")
    func repeatedAndReorderedKeys() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("c.json")
            func entry(_ key: Int, _ path: String) -> String {
                #"{"key":\#(key),"value":{"recordedAt":"2027-01-15T08:00:00Z","request":{"method":"GET","url":"https://h.test/\#(path)"}}}"#
            }
            let entries = [entry(3, "three"), entry(1, "one"), entry(3, "three-again"), entry(2, "two")]
            try Data(#"{"entries":[\#(entries.joined(separator: ","))],"format":"Caching.Cache","version":1}"#.utf8).write(to: file)
            var visited: [Interaction] = []
            #expect(try CassetteFile.forEachInteraction(in: file) { visited.append($0) })
            #expect(visited == (try CassetteFile.load(file)))
            #expect(visited.map(\.request.url) == ["https://h.test/one", "https://h.test/two", "https://h.test/three-again"])
            #expect(try CassetteFile.interactionsInTurn(in: file)?.placesInFile == [1, 3, 2])
        }
    }

    @Test func aMissingFileVisitsNothing() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/c.json")
        #expect(try !CassetteFile.forEachInteraction(in: missing) { _ in Issue.record("visited") })
    }

    @Test func aMalformedInteractionFailsAsLoadingFailsBeforeAnyVisit() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("c.json")
            let good = Interaction(request: RecordedRequest(method: "GET", url: "https://h.test/1"),
                                   response: RecordedResponse(status: 200, headers: [:], body: nil, url: "https://h.test/1"),
                                   recordedAt: Date(timeIntervalSince1970: 1_800_000_000))
            try CassetteFile.save([good, good, good], to: file)
            // The third interaction's status is no number; the first two read.
            var text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            let last = try #require(text.range(of: "\"status\" : 200", options: .backwards))
            text.replaceSubrange(last, with: "\"status\" : \"OK\"")
            try Data(text.utf8).write(to: file)
            let expected = #expect(throws: CassetteError.self) { try CassetteFile.load(file) }
            var visits = 0
            let error = #expect(throws: CassetteError.self) { try CassetteFile.forEachInteraction(in: file) { _ in visits += 1 } }
            #expect(visits == 0)
            #expect(error?.description == expected?.description)
        }
    }
}
