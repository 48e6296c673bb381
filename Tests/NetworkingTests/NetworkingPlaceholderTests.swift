import Testing
@testable import Networking

@Test func placeholderBuilds() { #expect(Bool(true)) }
