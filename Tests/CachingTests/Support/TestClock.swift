import Foundation
import Locking

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current = LockedBox(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The clock as a cache's `dateProvider`.
    var provider: @Sendable () -> Date { { self.now } }
}

/// A fresh folder per test.
func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("caching-tests-\(UUID().uuidString)", isDirectory: true)
}
