import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

/// Tests that run without their source tree (a device, Xcode Cloud's test machines) have a `#filePath` naming the
/// machine that built them. The harness creates nothing there and says how to ship cassettes; a bundle's resources
/// replay and never record.
@Suite("Without the source tree: nothing is created, cassettes ship in the bundle")
struct MissingSourceTreeTests {
    /// A test file's path under a folder that does not exist on this machine.
    private static func absentTestFile(root: String = "/cassette-absent-\(UUID().uuidString)") -> String {
        root + "/App/Tests/AppTests/FeedTests.swift"
    }

    @Test("a test file whose folder does not exist fails, naming the folder and the fixes, and creates nothing")
    func absentFolderFails() throws {
        let root = "/cassette-absent-\(UUID().uuidString)"
        let filePath = Self.absentTestFile(root: root)
        let error = #expect(throws: CassetteError.self) {
            try Cassette.use("feed", options: .init(environment: [:]), filePath: filePath) { _ in }
        }
        #expect(error?.code == .sourceTreeMissing)
        #expect(error?.message.contains(URL(fileURLWithPath: filePath).deletingLastPathComponent().path) == true)
        #expect(error?.message.contains(#"resources: [.copy("Cassettes")]"#) == true)
        #expect(error?.message.contains("directory: .resources(of: .module)") == true)
        #expect(error?.message.contains("CASSETTE_DIR (TEST_RUNNER_CASSETTE_DIR under xcodebuild)") == true)
        #expect(!FileManager.default.fileExists(atPath: root))
        // Reading a cassette by name fails the same way.
        #expect(throws: CassetteError.self) { try LoadedCassette("feed", environment: [:], filePath: filePath) }
    }

    @Test("a cassette directory given, or CASSETTE_DIR, needs no source tree")
    func givenDirectoriesNeedNone() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/feed")], name: "feed", in: directory)
            for options in [CassetteOptions(directory: .at(directory), environment: [:]),
                            CassetteOptions(environment: ["CASSETTE_DIR": directory.path])] {
                try await Cassette.use("feed", record: .never, options: options, filePath: Self.absentTestFile()) { session in
                    let status = try await Fixture.get("http://api.test/feed", on: session).1.statusCode
                    #expect(status == 200)
                }
            }
        }
    }

    @Test("a bundle's resource folder replays; a missing cassette there, or a mode that records, fails saying why")
    func bundleResourcesReplayOnly() async throws {
        try await withTemporaryDirectory { bundleFolder in
            let cassettes = bundleFolder.appendingPathComponent("Cassettes", isDirectory: true)
            try FileManager.default.createDirectory(at: cassettes, withIntermediateDirectories: true)
            try Fixture.write([Fixture.interaction("http://api.test/feed")], name: "feed", in: cassettes)
            let bundle = try #require(Bundle(url: bundleFolder))
            let resources = CassetteOptions(directory: .resources(of: bundle), environment: [:])
            // Replayed, with no source tree and no mode given: the default does not record into a bundle.
            try await Cassette.use("feed", options: resources, filePath: Self.absentTestFile()) { session in
                let status = try await Fixture.get("http://api.test/feed", on: session).1.statusCode
                #expect(status == 200)
            }
            let missing = #expect(throws: CassetteError.self) {
                try Cassette.use("other", options: resources) { _ in }
            }
            #expect(missing?.code == .cassetteNotFound)
            #expect(missing?.message.contains("where the source tree is, into the folder the test bundle copies") == true)
            #expect(!FileManager.default.fileExists(atPath: cassettes.appendingPathComponent("other.json").path))
            for mode in [RecordMode.new, .all, .drift] {
                let records = #expect(throws: CassetteError.self) {
                    try Cassette.use("feed", record: mode, options: resources) { _ in }
                }
                #expect(records?.code == .invalidRecordMode)
            }
            let noFolder = #expect(throws: CassetteError.self) {
                try Cassette.use("feed", options: .init(directory: .resources(of: bundle, folder: "Fixtures"), environment: [:])) { _ in }
            }
            #expect(noFolder?.code == .cassetteNotFound)
            #expect(noFolder?.message.contains(#"has no resource folder "Fixtures""#) == true)
        }
    }
}
