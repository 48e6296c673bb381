import Foundation

/// Where a cassette says what deserves a look without failing a test, when no test framework is there to take a
/// warning: `Cassette.use` lives in a module that links neither Swift Testing nor XCTest, and XCTest has no warnings.
package enum StandardError {
    /// Writes `text` and a newline to the process's standard error, in one write.
    package static func write(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
