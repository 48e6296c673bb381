// `CassetteTesting` is what a test target imports: the harness (`Cassette`, `RecordMode`, `RequestMatcher`,
// `Redaction`, …) from `CassetteCore`, plus the Swift Testing trait and the XCTest helper defined here.
@_exported import CassetteCore
