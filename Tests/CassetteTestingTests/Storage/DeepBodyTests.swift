import Caching
import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

/// Issue 26, item 6: a body nested however deep is saved and replays as recorded. A JSON body is written into the
/// cassette as JSON only while the whole file stays within the depth JSON coders accept; deeper, as text.
@Suite("Deep bodies")
struct DeepBodyTests {
    @Test("every depth from 1 to 1,000 (CASSETTE_STRESS=1; the depths around the coders' limit and the ends otherwise), as a request body, a response body and an event's data: saved and loaded byte for byte")
    func everyDepth() throws {
        // Foundation's JSONEncoder costs the square of a document's depth: all thousand take 5 s.
        let depths = Stress.isEnabled ? Array(1...1_000) : Array(1...8) + Array(480...530) + Array(995...1_000)
        // The bytes a save writes and the reading a load does, without the file (a thousand flushed files are slow).
        let file = URL(fileURLWithPath: "/deep.json")
        var failures: [Int] = []
        for depth in depths {
            let json = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
            let event = Data("data: ".utf8) + json + Data("\n\n".utf8)
            let interactions = [
                Interaction(request: RecordedRequest(method: "POST", url: "https://api.test/deep", headers: [:], body: Body(json)),
                            response: RecordedResponse(status: 200, headers: [:], body: Body(json), url: "https://api.test/deep"),
                            recordedAt: Fixture.recordedAt),
                Interaction(request: RecordedRequest(method: "GET", url: "https://api.test/events", headers: [:]),
                            response: RecordedResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: Body(event),
                                                       url: "https://api.test/events"),
                            recordedAt: Fixture.recordedAt),
            ]
            do {
                let bytes = try Cache<Int, Interaction>.encoded(entries: interactions.enumerated().map { ($0.offset + 1, $0.element) })
                let loaded = Optional(try CassetteFile.decode(bytes, file: file))
                if loaded?.map(\.request.body?.data) != interactions.map(\.request.body?.data)
                    || loaded?.map(\.response?.body?.data) != interactions.map(\.response?.body?.data) {
                    failures.append(depth)
                }
            } catch {
                failures.append(depth)
            }
        }
        #expect(failures.isEmpty, "depths that did not round-trip: \(failures.prefix(20))")
    }
}
