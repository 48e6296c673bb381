import Foundation
import Locking

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let time = LockedBox(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { time.withLock { $0 } }

    func advance(_ seconds: TimeInterval) {
        time.withLock { $0 += seconds }
    }
}
