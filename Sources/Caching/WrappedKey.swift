import Foundation

/// A key NSCache can hold: an object whose hash and equality are those of the real key.
final class WrappedKey<Key: Hashable>: NSObject {
    let key: Key

    init(_ key: Key) {
        self.key = key
    }

    override var hash: Int { key.hashValue }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? WrappedKey<Key> else { return false }
        return other.key == key
    }
}
