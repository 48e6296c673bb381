import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What GettingStarted.md promises of the session a cassette gives: it starts from `.ephemeral`, so each cassette
/// keeps its own cookies.
@Suite("Each cassette's session has its own cookie storage")
struct CookieIsolationTests {
    @Test("a cookie one cassette's answer sets is in that session's storage only: not another cassette's, not the shared one")
    func cookiesStayInTheirCassette() async throws {
        try await withTemporaryDirectory { directory in
            let setter = Fixture.interaction("http://cookies.test/login",
                                             headers: ["Content-Type": "application/json", "Set-Cookie": "isolation-check=1; Path=/"])
            try Fixture.write([setter], name: "sets", in: directory)
            try Fixture.write([Fixture.interaction("http://cookies.test/other")], name: "other", in: directory)
            let url = URL(string: "http://cookies.test/")!
            let first = try await Cassette.use("sets", record: .never, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get("http://cookies.test/login", on: session)
                return (session.configuration.httpCookieStorage?.cookies(for: url) ?? []).map(\.name)
            }
            let second = try await Cassette.use("other", record: .never, options: .init(directory: .at(directory))) { session in
                _ = try await Fixture.get("http://cookies.test/other", on: session)
                return (session.configuration.httpCookieStorage?.cookies(for: url) ?? []).map(\.name)
            }
            #expect(first == ["isolation-check"])
            #expect(second.isEmpty)
            #expect(!(HTTPCookieStorage.shared.cookies(for: url) ?? []).contains { $0.name == "isolation-check" })
        }
    }
}
