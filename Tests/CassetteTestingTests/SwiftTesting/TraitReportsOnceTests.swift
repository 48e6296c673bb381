#if canImport(Testing) && compiler(>=6.2)
import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One failure, one report: real tests with the `.cassette` trait whose requests fail in the cassette, and whose
/// bodies then throw what the code under test would. Each test's issues are all taken out of the run as they are
/// recorded; after the suite ran, ``Check`` expects exactly one per test, saying what the cassette saw.
enum TraitReportsOnceSetup {
    static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("reports-once-\(ProcessInfo.processInfo.processIdentifier)")
    static let options = CassetteOptions(record: .never, directory: .at(folder), environment: [:])

    /// Every issue, kept: the count is what these tests check.
    static func everything() -> ExpectedIssues { ExpectedIssues { _ in true } }
    static let urlError = everything()
    static let wrapped = everything()
    static let otherError = everything()
    static let bypass = everything()
    static let wrappedBypass = everything()

    /// The error a network layer wraps a transport failure in.
    enum NetworkFailure: Error {
        case transport(URLError)
    }

    /// What a decoder throws after the request failed and the test went on anyway.
    struct DecodingFailure: Error {}

    /// Writes the fixture, runs the suite, then checks each test's issues.
    struct Check: SuiteTrait, TestScoping {
        var isRecursive: Bool { false }

        func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
            for name in ["urlError", "wrapped", "otherError", "bypass", "wrappedBypass"] {
                try Fixture.write([Fixture.interaction("http://api.test/recorded")], name: name, in: folder)
            }
            defer { try? FileManager.default.removeItem(at: folder) }
            try await function()
            for (name, issues, code) in [("urlError", urlError, CassetteError.Code.noMatch), ("wrapped", wrapped, .noMatch),
                                         ("otherError", otherError, .noMatch), ("bypass", bypass, .bypassedCassette),
                                         ("wrappedBypass", wrappedBypass, .bypassedCassette)] {
                let errors = issues.issues.map(\.error)
                #expect(errors.count == 1, "\(name): one issue, not one for the cassette's failure and one for the error thrown")
                #expect(errors.map { ($0 as? CassetteError)?.code } == [code], "\(name)")
            }
            let other = otherError.issues.first?.error as? CassetteError
            #expect(other?.message.hasSuffix("The test also threw an error of type DecodingFailure.") == true)
            let past = wrappedBypass.issues.first?.error as? CassetteError
            #expect(past?.message.hasPrefix("The test threw URLError -1004 for http://127.0.0.1:9/past?… (wrapped in NetworkFailure)") == true,
                    "\(past?.message ?? "")")
            #expect(past?.message.contains("secret") == false, "the URL is shown without its query")
        }
    }
}

@Suite("under the trait, a failure the test's body throws again is reported once", TraitReportsOnceSetup.Check())
struct TraitReportsOnceTests {
    typealias Setup = TraitReportsOnceSetup

    @Test(Setup.urlError.trait, .cassette("urlError", options: Setup.options))
    func theTasksURLError() async throws {
        let session = try #require(Cassette.current).session
        _ = try await Fixture.get("http://api.test/elsewhere", on: session)
    }

    @Test(Setup.wrapped.trait, .cassette("wrapped", options: Setup.options))
    func wrappedByTheNetworkLayer() async throws {
        let session = try #require(Cassette.current).session
        do {
            _ = try await Fixture.get("http://api.test/elsewhere", on: session)
        } catch let error as URLError {
            throw Setup.NetworkFailure.transport(error)
        }
    }

    @Test(Setup.otherError.trait, .cassette("otherError", options: Setup.options))
    func anotherErrorAfterTheFailure() async throws {
        let session = try #require(Cassette.current).session
        _ = try? await Fixture.get("http://api.test/elsewhere", on: session)
        throw Setup.DecodingFailure()
    }

    @Test(Setup.bypass.trait, .cassette("bypass", options: Setup.options.overridden(by: .init(unused: .ignore))))
    func aRequestPastTheCassette() async throws {
        // Its own session, not the cassette's: nothing listens on port 9, as in CI nothing is reachable.
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        _ = try await Fixture.get("http://127.0.0.1:9/past", on: session)
    }

    @Test(Setup.wrappedBypass.trait, .cassette("wrappedBypass", options: Setup.options.overridden(by: .init(unused: .ignore))))
    func aRequestPastTheCassetteWrappedByTheNetworkLayer() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        do {
            _ = try await Fixture.get("http://127.0.0.1:9/past?token=secret", on: session)
        } catch let error as URLError {
            throw Setup.NetworkFailure.transport(error)
        }
    }
}
#endif
