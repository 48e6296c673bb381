import Foundation
import Locking
import Testing
@testable import CassetteCore

@Suite("The beforePlayback hook")
struct PlaybackHookTests {
    @Test("runs once per recorded response, when the cassette opens; replay serves what it returns; the file is unchanged")
    func editsWhatReplayServes() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = ["a", "b", "c"].map { (path: String) in Fixture.interaction("http://api.test/" + path, body: path) }
                + [Interaction(request: RecordedRequest(method: "GET", url: "http://api.test/down"),
                               failure: RecordedFailure(URLError(.timedOut), description: "timed out"), recordedAt: Fixture.recordedAt)]
            try Fixture.write(recorded, name: "hooked", in: directory)
            let file = directory.appendingPathComponent("hooked.json")
            let before = try Data(contentsOf: file)
            let seen = LockedBox<[String]>([])
            let hooks = CassetteHooks(beforePlayback: { interaction in
                seen.withLock { $0.append(interaction.request.path) }
                var response = interaction.response ?? RecordedResponse(status: 500, url: interaction.request.url)
                let text = String(decoding: response.body?.data ?? Data(), as: UTF8.self)
                response.body = Body(Data(text.uppercased().utf8))
                response.headers["X-Edited"] = "yes"
                return response
            })
            let bodies = try await Cassette.use("hooked", record: .never, options: .init(directory: .at(directory), repeatsLastResponse: true, unused: .ignore, hooks: hooks)) { session in
                var bodies: [String] = []
                for path in ["a", "a", "b"] {
                    let (data, response) = try await Fixture.get("http://api.test/" + path, on: session)
                    #expect(response.value(forHTTPHeaderField: "X-Edited") == "yes")
                    bodies.append(String(decoding: data, as: UTF8.self))
                }
                await #expect(throws: URLError.self) { try await Fixture.get("http://api.test/down", on: session) }
                return bodies
            }
            #expect(bodies == ["A", "A", "B"])
            #expect(seen.withLock { $0 } == ["/a", "/b", "/c"])
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test("a nearer level's hooks replace a farther level's, both hooks at once; empty hooks set them back to none")
    func nearerHooksReplace() {
        let record: @Sendable (Interaction) -> Interaction? = { $0 }
        let suite = CassetteOptions(hooks: CassetteHooks(beforeRecord: record, beforePlayback: { _ in RecordedResponse(status: 1, url: "") }))
        let test = CassetteOptions(hooks: CassetteHooks(beforePlayback: { _ in RecordedResponse(status: 2, url: "") }))
        let merged = suite.overridden(by: test).resolved().hooks
        let probe = Fixture.interaction("http://api.test/a")
        #expect(merged.beforePlayback?(probe).status == 2)
        #expect(merged.beforeRecord == nil)
        #expect(suite.overridden(by: CassetteOptions()).resolved().hooks.beforePlayback?(probe).status == 1)
        let reset = suite.overridden(by: CassetteOptions(hooks: CassetteHooks())).resolved().hooks
        #expect(reset.beforeRecord == nil && reset.beforePlayback == nil)
    }
}
