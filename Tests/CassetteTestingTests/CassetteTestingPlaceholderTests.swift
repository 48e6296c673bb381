import Testing
@testable import CassetteTesting

@Test func placeholderBuilds() { #expect(Bool(true)) }
