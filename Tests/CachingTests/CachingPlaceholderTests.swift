import Testing
@testable import Caching

@Test func placeholderBuilds() { #expect(Bool(true)) }
