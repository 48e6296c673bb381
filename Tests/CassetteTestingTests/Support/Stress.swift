import Foundation
import Testing

/// The stress tests: the saves killed 60 times and the long generated-input loops. `swift test` skips the first and
/// runs the loops short; `.ci/run` (Scripts/test.sh) runs them in full with `CASSETTE_STRESS=1` (see RunningInCI.md).
enum Stress {
    /// The environment variable that turns the stress tests on.
    static let variable = "CASSETTE_STRESS"

    /// Whether `CASSETTE_STRESS=1`.
    static let isEnabled = ProcessInfo.processInfo.environment[variable] == "1"

    /// Why a stress test did not run.
    static let skipMessage: Comment = "a stress test: run it with \(variable)=1 (Scripts/test.sh and .ci/run do)"

    /// `quick` for `swift test`, `stress` with `CASSETTE_STRESS=1`.
    static func count(_ quick: Int, stress: Int) -> Int { isEnabled ? stress : quick }
}
