import Testing
@testable import CassetteTesting

@Suite("Cassette names derived from test names")
struct DerivedNameTests {
    @Test("a suite path and a Swift Testing function become a path", arguments: [
        (["UserTests", "fetchesOne()"], "UserTests/fetchesOne"),
        (["UserTests", "Nested", "fetch(id:name:)"], "UserTests/Nested/fetch-id-name"),
        (["fetches a user with spaces()"], "fetches-a-user-with-spaces"),
        (["Ünïcode", "grüße()"], "Ünïcode/grüße"),
        ([".hidden", "x()"], "hidden/x"),
        (["check(_:label:)"], "check-label"),
    ])
    func swiftTestingNames(components: [String], expected: String) {
        #expect(DerivedName.path(components) == expected)
    }

    @Test("XCTest names are the same on Linux and Apple platforms", arguments: [
        ("AppTests.UserTests", "UserTests.testFetchesOne", "AppTests/UserTests/testFetchesOne"),
        ("AppTests.UserTests", "-[UserTests testFetchesOne]", "AppTests/UserTests/testFetchesOne"),
        ("AppTests.UserTests", "-[AppTests.UserTests testFetchesOne]", "AppTests/UserTests/testFetchesOne"),
        ("AppTests.Outer.UserTests", "UserTests.testFetchesOne", "AppTests/Outer/UserTests/testFetchesOne"),
    ])
    func xcTestNames(type: String, name: String, expected: String) {
        #expect(DerivedName.xcTest(type: type, name: name) == expected)
    }
}
