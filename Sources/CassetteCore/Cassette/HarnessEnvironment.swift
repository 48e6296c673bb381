import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables the harness reads, taken from the process one by one.
///
/// `ProcessInfo.processInfo.environment` copies every variable of the process into a new dictionary on each call;
/// on Linux that costs more than opening a small cassette, and every `use` reads the environment.
@usableFromInline
package enum HarnessEnvironment {
    /// The variables the harness reads: the record mode, the cassette directory, `CI` and the unused-interactions
    /// report.
    static let names = [RecordMode.environmentVariable, CassetteLocation.directoryVariable, "CI", UnusedReport.variable]

    /// The values the process has now for ``names``.
    @usableFromInline
    package static var current: [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
