import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

/// `CassetteFile.decode(_:file:)`, the fuzz target's way in (Scripts/fuzz.sh): a cassette's bytes read exactly as
/// `load` reads its file, and the fuzzer's hand-made seeds read as expected, never with a trap.
@Suite("CassetteFile.decode")
struct CassetteFileDecodeTests {
    private static let packageRoot = CassetteLocation.packageRoot(containing: #filePath)
    private static let seeds = packageRoot.appendingPathComponent("Scripts/fuzz/seeds")

    /// The seeds that decode, with how many interactions each holds (an expired entry too: it loads with its
    /// `expiresAt`, for the cassette to record again or report).
    private static let decodingSeeds: [(name: String, count: Int)] = [("empty.json", 0), ("every-field.json", 3),
                                                                      ("many-members.json", 1)]
    /// The seeds that are rejected, with words of the message that says why.
    private static let rejectedSeeds: [(name: String, reason: String)] = [
        ("repeated-key.json", "The key \"Café\" appears more than once"),
        ("repeated-key-many-members.json", "The key \"X-H4\" appears more than once"),
        ("version-exponent.json", "At version: Parsed JSON number <1e-9223372036854775808> does not fit in Int."),
    ]

    /// The JSON files under `folder`, recursively.
    private static func jsonFiles(under folder: URL) -> [URL] {
        let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
        return found.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
    }

    @Test("a committed cassette's bytes decode to what loading the file gives")
    func sameInteractionsAsLoad() throws {
        let cassettes = Self.jsonFiles(under: Self.packageRoot.appendingPathComponent("Cassettes"))
        #expect(!cassettes.isEmpty)
        for file in cassettes {
            let decoded = try CassetteFile.decode(Data(contentsOf: file), file: file)
            #expect(decoded == (try CassetteFile.load(file)), "\(file.lastPathComponent)")
        }
    }

    @Test("bytes that do not decode give load's error, word for word, naming the file")
    func sameErrorAsLoad() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("broken.json")
            let data = Data(#"{"entries":[{"key":1}],"format":"Caching.Cache","version":1}"#.utf8)
            try data.write(to: file)
            let loaded = #expect(throws: CassetteError.self) { try CassetteFile.load(file) }
            let decoded = #expect(throws: CassetteError.self) { try CassetteFile.decode(data, file: file) }
            #expect(decoded?.code == .unreadableCassette)
            #expect(decoded?.cassette == file)
            #expect(decoded?.message == loaded?.message)
        }
    }

    @Test("read one interaction at a time, as the cassette tool reads, every committed cassette and seed gives the same")
    func sameInTurn() throws {
        let files = Self.jsonFiles(under: Self.packageRoot.appendingPathComponent("Cassettes")) + Self.jsonFiles(under: Self.seeds)
        for file in files {
            let data = try Data(contentsOf: file)
            let whole = Result { () throws(CassetteError) in try CassetteFile.decode(data, file: file) }
            let inTurn = Result { () throws(CassetteError) in Array(try CassetteFile.interactionsInTurn(decoding: data, file: file)) }
            switch (whole, inTurn) {
            case (.success(let whole), .success(let inTurn)): #expect(whole == inTurn, "\(file.lastPathComponent)")
            case (.failure(let whole), .failure(let inTurn)): #expect(whole.message == inTurn.message, "\(file.lastPathComponent)")
            default: Issue.record("\(file.lastPathComponent): read whole \(whole), in turn \(inTurn)")
            }
        }
    }

    @Test("every hand-made seed has an expected outcome here")
    func everySeedIsListed() {
        let names = Set(Self.jsonFiles(under: Self.seeds).map(\.lastPathComponent))
        #expect(names == Set(Self.decodingSeeds.map(\.name) + Self.rejectedSeeds.map(\.name)))
    }

    @Test("the seeds that are valid cassettes decode", arguments: decodingSeeds)
    func decodingSeed(_ seed: (name: String, count: Int)) throws {
        let file = Self.seeds.appendingPathComponent(seed.name)
        #expect(try CassetteFile.decode(Data(contentsOf: file), file: file).count == seed.count)
    }

    @Test("the seeds that are not valid cassettes are rejected with a typed error", arguments: rejectedSeeds)
    func rejectedSeed(_ seed: (name: String, reason: String)) throws {
        let file = Self.seeds.appendingPathComponent(seed.name)
        let data = try Data(contentsOf: file)
        let error = #expect(throws: CassetteError.self) { try CassetteFile.decode(data, file: file) }
        #expect(error?.code == .unreadableCassette)
        #expect(error?.message.contains(seed.reason) == true, "\(String(describing: error))")
    }
}
