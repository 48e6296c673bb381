import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

@Suite("Where cassettes live")
struct CassetteLocationTests {
    @Test("bad names are rejected", arguments: ["", "  ", "/etc/passwd", "~/x", "../escape", "a/../../b", "a//b", "a/", "./a", "a\\b",
                                                 ".hidden", ".dir/inner", "a/.b", "a/.b/c", ".users.json.lock",
                                                 String(decoding: [0x62, 0xFF, 0x61], as: UTF8.self)])
    func rejectsBadNames(_ name: String) {
        #expect {
            try CassetteLocation(name: name, directory: URL(fileURLWithPath: "/tmp"), environment: [:], filePath: #filePath)
        } throws: { ($0 as? CassetteError)?.code == .invalidName }
    }

    @Test func nestedNamesBecomeFolders() throws {
        let location = try CassetteLocation(name: "users/fetch-one", directory: URL(fileURLWithPath: "/tmp/c"),
                                            environment: [:], filePath: #filePath)
        #expect(location.file.path == "/tmp/c/users/fetch-one.json")
    }

    @Test func resolutionOrder() throws {
        let explicit = try CassetteLocation(name: "a", directory: URL(fileURLWithPath: "/x"),
                                            environment: ["CASSETTE_DIR": "/y"], filePath: #filePath)
        #expect(explicit.file.path == "/x/a.json")
        let fromEnvironment = try CassetteLocation(name: "a", directory: nil, environment: ["CASSETTE_DIR": "/y"], filePath: #filePath)
        #expect(fromEnvironment.file.path == "/y/a.json")
        let fromPackage = try CassetteLocation(name: "a", directory: nil, environment: [:], filePath: #filePath)
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent() // Storage
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(fromPackage.file.path == packageRoot.appendingPathComponent("Cassettes/a.json").path)
    }

    @Test("a name with a hidden component says why, and Cassette.use creates nothing for it")
    func hiddenNamesSayWhy() async {
        await withTemporaryDirectory { directory in
            let error = #expect(throws: CassetteError.self) {
                try Cassette.use(".dir/inner", record: .once, options: .init(directory: .at(directory))) { _ in }
            }
            #expect(error?.code == .invalidName)
            #expect(error?.message.contains(#"the component ".dir" starts with ".": such names are the harness's own"#) == true)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.isEmpty == true)
        }
    }
}
