#if canImport(Testing) && compiler(>=6.2)
import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Two real tests whose `.cassette` traits give one name, as a newcomer writes them: one of the two is told, with
/// both named, in a serialized suite and in a parallel one, whichever runs first. Each suite checks this after both
/// of its tests ran (``OneOfTwoIsTold``); the issue is taken out of the run as it is recorded.
enum SharedCassetteName {
    /// The request both tests send, which the fixture answers.
    static let url = "http://api.test/greeting"

    /// A folder of its own for each suite, with the fixture both tests replay.
    static func folder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("shared-name-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    }

    static func options(_ folder: URL) -> CassetteOptions {
        CassetteOptions(directory: .at(folder), unused: .ignore, environment: [:])
    }

    /// Replays the greeting through the running test's cassette.
    static func greet() async throws {
        let session = try #require(Cassette.current).session
        let (_, response) = try await Fixture.get(url, on: session)
        #expect(response.statusCode == 200)
    }

    /// Around a suite of two tests: writes the fixture, runs them, then expects exactly one `usedByAnotherTest`
    /// issue among those kept, naming both tests and the fix.
    struct OneOfTwoIsTold: SuiteTrait, TestScoping {
        let issues: ExpectedIssues
        let folder: URL
        let tests: [String]

        var isRecursive: Bool { false }

        func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
            try Fixture.write([Fixture.interaction(SharedCassetteName.url)], name: "greeting", in: folder)
            defer { try? FileManager.default.removeItem(at: folder) }
            try await function()
            let told = issues.issues.compactMap { $0.error as? CassetteError }
            #expect(told.map(\.code) == [.usedByAnotherTest], "exactly one of the two tests is told")
            for name in tests {
                #expect(told.first?.message.contains("test \(name) at CassetteTestingTests/SharedCassetteNameTests.swift:") == true)
            }
            #expect(told.first?.message.contains("Give each test its own cassette name") == true)
        }
    }
}

/// What the serialized suite shares: declared apart from it, as a suite's own attribute cannot read its statics.
enum SerializedSharingSetup {
    static let issues = ExpectedIssues { ($0.error as? CassetteError)?.code == .usedByAnotherTest }
    static let folder = SharedCassetteName.folder("serialized")
    static let check = SharedCassetteName.OneOfTwoIsTold(issues: issues, folder: folder, tests: ["firstGreets()", "secondGreets()"])
}

@Suite("two serialized tests that give their traits one cassette name: the second is told, naming both",
       .serialized, SerializedSharingSetup.check)
struct SerializedSharing {
    // Each test writes its own trait, as a newcomer copies one: two traits, one name. (One trait value that both
    // tests hold, a `static let`, is one place that shares on purpose.)
    @Test(SerializedSharingSetup.issues.trait,
          .cassette("greeting", record: .never, options: SharedCassetteName.options(SerializedSharingSetup.folder)))
    func firstGreets() async throws { try await SharedCassetteName.greet() }

    @Test(SerializedSharingSetup.issues.trait,
          .cassette("greeting", record: .never, options: SharedCassetteName.options(SerializedSharingSetup.folder)))
    func secondGreets() async throws { try await SharedCassetteName.greet() }
}

/// What the parallel suite shares.
enum ParallelSharingSetup {
    static let issues = ExpectedIssues { ($0.error as? CassetteError)?.code == .usedByAnotherTest }
    static let folder = SharedCassetteName.folder("parallel")
    static let check = SharedCassetteName.OneOfTwoIsTold(issues: issues, folder: folder, tests: ["greetsAlice()", "greetsBob()"])
}

@Suite("two parallel tests that give their traits one cassette name: one is told, naming both", ParallelSharingSetup.check)
struct ParallelSharing {
    // Mode `once` with the file there replays, and may record; the mode does not matter.
    @Test(ParallelSharingSetup.issues.trait,
          .cassette("greeting", record: .once, options: SharedCassetteName.options(ParallelSharingSetup.folder)))
    func greetsAlice() async throws { try await SharedCassetteName.greet() }

    @Test(ParallelSharingSetup.issues.trait,
          .cassette("greeting", record: .once, options: SharedCassetteName.options(ParallelSharingSetup.folder)))
    func greetsBob() async throws { try await SharedCassetteName.greet() }
}
#endif
