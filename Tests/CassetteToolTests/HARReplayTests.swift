@testable import CassetteCore
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Cassette.use(.har())`: a HAR file is only replayed, and says how to record more.
@Suite struct HARReplayTests {
    @Test("CASSETTE_RECORD does not make a HAR file record: an unknown request fails and names import-har")
    func neverRecords() async throws {
        let error = await #expect(throws: CassetteError.self) {
            try await Cassette.use(.har(HARImportTests.chromium), options: .init(unused: .ignore, environment: ["CASSETTE_RECORD": "all"])) { session in
                _ = try await session.data(from: URL(string: "http://127.0.0.1:1/not-in-the-har")!)
            }
        }
        #expect(error?.code == .noMatch)
        #expect(error?.description.contains("swift run cassette import-har") == true)
        #expect(error?.cassette == HARImportTests.chromium)
    }

    @Test("a HAR file that is not one is an error naming the file and the field")
    func invalidHAR() throws {
        try ToolSandbox.with { sandbox in
            let cases: [(String, String)] = [
                ("not json", "The file is not JSON"),
                (#"{"log":{}}"#, "At log.entries: HAR requires this field"),
                (#"{"log":{"entries":[{"startedDateTime":"yesterday","request":{"method":"GET","url":"http://a/"},"response":{"status":200}}]}}"#,
                 "At log.entries[0].startedDateTime: entry 1 has a startedDateTime that is not an ISO 8601 date"),
                (#"{"log":{"entries":[{"startedDateTime":"2026-01-01T00:00:00Z","request":{"method":"GET","url":"http://a/"},"response":{"status":200,"content":{"text":"%%%","encoding":"base64"}}}]}}"#,
                 "At log.entries[0].response.content.text: entry 1 is not valid base64"),
                (#"{"log":{"creator":{"name":"swift-cassette","version":"1"},"entries":[{"_cassette":{"redirect":true},"startedDateTime":"2026-01-01T00:00:00Z","request":{"method":"GET","url":"http://a/"},"response":{"status":302}}]}}"#,
                 "is marked as a redirect (_cassette.redirect) but no entry follows it"),
            ]
            for (index, (text, message)) in cases.enumerated() {
                let file = sandbox.file("bad\(index).har")
                try Data(text.utf8).write(to: file)
                let run = sandbox.run(["import-har", file.path, "bad\(index)"])
                #expect(run.status == 3, "\(text)")
                #expect(run.errors.contains(message), "\(run.errors)")
                #expect(run.errors.contains(file.path))
                #expect(!FileManager.default.fileExists(atPath: sandbox.file("Cassettes/bad\(index).json").path))
            }
        }
    }

    @Test("mangled HAR files never crash the reader: each is read or refused with an invalidHAR error")
    func mangledFilesAreReadOrRefused() throws {
        let original = try Data(contentsOf: HARImportTests.chromium)
        var generator = SplitMix(seed: 15)
        for _ in 0..<400 {
            var bytes = [UInt8](original)
            switch generator.next() % 3 {
            case 0: bytes.removeLast(Int(generator.next() % UInt64(bytes.count)))
            case 1:
                for _ in 0..<8 { bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next()) }
            default:
                let at = Int(generator.next() % UInt64(bytes.count))
                bytes.insert(contentsOf: Array(#"{"status":-1,"redirectURL":"/x"}"#.utf8), at: at)
            }
            do {
                _ = try HTTPArchive.interactions(in: Data(bytes), file: HARImportTests.chromium)
            } catch {
                #expect(error.code == .invalidHAR)
            }
        }
    }

    /// A small deterministic generator (SplitMix64), so a failure names inputs that come back.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
