import Foundation
import Testing
@testable import Caching

@Suite("Cache in memory")
struct CacheTests {
    @Test func insertReadRemoveAndSubscript() {
        let cache = Cache<String, Int>()
        cache.insert(1, forKey: "a")
        cache["b"] = 2
        #expect(cache.value(forKey: "a") == 1)
        #expect(cache["b"] == 2)
        cache["b"] = nil
        #expect(cache["b"] == nil)
        cache.removeValue(forKey: "a")
        #expect(cache.count == 0)
        #expect(cache.keys.isEmpty)
    }

    @Test("the least recently used entry is evicted, the same on every platform")
    func leastRecentlyUsedEviction() {
        let clock = TestClock()
        let cache = Cache<Int, String>(dateProvider: clock.provider, maximumEntryCount: 3)
        for key in 0..<3 { cache.insert("\(key)", forKey: key) }
        #expect(cache.value(forKey: 0) == "0")   // 0 is now the most recently used
        cache.insert("3", forKey: 3)             // evicts 1
        #expect(cache.keys == [0, 2, 3])
        cache.insert("2!", forKey: 2)            // replacing uses 2; keeps its place in insertion order
        cache.insert("4", forKey: 4)             // evicts 0
        #expect(cache.keys == [2, 3, 4])
        #expect(cache.value(forKey: 2) == "2!")
        #expect(cache.value(forKey: 0) == nil && cache.value(forKey: 1) == nil)
    }

    @Test func twelveInsertsIntoFiveKeepTheNewestFive() {
        // The case PLATFORM-NOTES measured: corelibs' own NSCache limit would keep 0...4.
        let cache = Cache<Int, Int>(maximumEntryCount: 5)
        for key in 0..<12 { cache.insert(key, forKey: key) }
        #expect(cache.keys == Array(7..<12))
    }

    @Test func limitBelowOneMeansOne() {
        let cache = Cache<Int, Int>(maximumEntryCount: 0)
        cache.insert(1, forKey: 1)
        cache.insert(2, forKey: 2)
        #expect(cache.maximumEntryCount == 1)
        #expect(cache.keys == [2])
    }

    @Test func expiryWithAnInjectedClock() {
        let clock = TestClock()
        let cache = Cache<String, Int>(dateProvider: clock.provider, entryLifetime: 10)
        cache.insert(1, forKey: "short", lifetime: 5)
        cache.insert(2, forKey: "default")
        cache.insert(3, forKey: "forever", lifetime: .infinity)
        clock.advance(by: 5)
        #expect(cache["short"] == nil, "an entry is gone the moment it expires")
        #expect(cache["default"] == 2)
        clock.advance(by: 5)
        #expect(cache.keys == ["forever"])
        clock.advance(by: 1e9)
        #expect(cache["forever"] == 3)
        #expect(cache.count == 1)
    }

    @Test func keyTrackingAfterRemovalEvictionAndRemoveAll() {
        let cache = Cache<Int, Int>(maximumEntryCount: 3)
        for key in 0..<5 { cache.insert(key, forKey: key) }
        #expect(cache.keys == [2, 3, 4])
        cache.removeValue(forKey: 3)
        #expect(cache.keys == [2, 4])
        #expect(cache.count == 2)
        cache.insert(5, forKey: 5)
        cache.insert(6, forKey: 6)  // evicts 2
        #expect(cache.keys == [4, 5, 6])
        cache.removeAll()
        #expect(cache.keys.isEmpty && cache.count == 0)
        cache.insert(7, forKey: 7)
        #expect(cache.entries.map(\.key) == [7])
    }

    @Test("8 tasks × 10,000 mixed operations keep every invariant")
    func concurrentUse() async {
        let cache = Cache<Int, Int>(maximumEntryCount: 500)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var generator = SystemRandomNumberGenerator()
                    for step in 0..<10_000 {
                        let key = Int.random(in: 0..<2_000, using: &generator)
                        switch step % 5 {
                        case 0, 1: cache.insert(task * 100_000 + step, forKey: key)
                        case 2: _ = cache.value(forKey: key)
                        case 3: cache[key] = nil
                        default: _ = cache.count
                        }
                    }
                }
            }
        }
        let keys = cache.keys
        #expect(keys.count == cache.count)
        #expect(keys.count <= 500)
        #expect(Set(keys).count == keys.count)
        for key in keys { #expect(cache.value(forKey: key) != nil) }
    }

    #if os(Linux)
    @Test("pinned: corelibs NSCache evicts its NEWEST entries and does not tell its delegate about removeObject")
    func corelibsNSCacheFacts() {
        final class Recorder: NSObject, NSCacheDelegate {
            var evicted: [Int] = []
            func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject object: Any) {
                if let number = object as? NSNumber { evicted.append(number.intValue) }
            }
        }
        let recorder = Recorder()
        let cache = NSCache<NSNumber, NSNumber>()
        cache.delegate = recorder
        cache.countLimit = 5
        for key in 0..<12 { cache.setObject(NSNumber(value: key), forKey: NSNumber(value: key)) }
        let kept = (0..<12).filter { cache.object(forKey: NSNumber(value: $0)) != nil }
        #expect(kept == Array(0..<5), "if this changes, Cache's own LRU is still right, but update PLATFORM-NOTES")
        let before = recorder.evicted.count
        cache.removeObject(forKey: NSNumber(value: 0))
        #expect(recorder.evicted.count == before, "Cache unlinks explicitly removed entries itself because of this")
    }
    #endif
}
