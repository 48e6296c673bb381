import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a protocol may call its client from a queue of its own choosing (a recording's answer).
enum ClientQueues {
    /// A queue on which a protocol may call its client from elsewhere (a recording's answer): on
    /// swift-corelibs-foundation, `session`'s work queue. The client reads the app session's task registry, which
    /// only that session's work queue may touch; calling it from any other queue races with tasks being created on
    /// the same session (a crash in `URLSession.behaviour(for:)`). Every session's work queue, and every task's,
    /// targets one serial queue (`URLSession.sharedQueue`), so a block on any session's work queue is serialized
    /// with the app session's: the recorder's own session serves, found once rather than per task.
    /// `nil` on Apple's platforms, whose client may be called from any queue.
    static func clientQueue(for session: URLSession) -> DispatchQueue? {
        #if canImport(FoundationNetworking)
        return storedProperty("workQueue", of: session)
        #else
        return nil
        #endif
    }

    /// A task's work queue, found by reflection (what ``clientQueue(for:)`` relies on targets the same queue): where
    /// a replay that waits (``ReplayLatency``) calls its client on corelibs. `nil` on Apple's platforms.
    static func workQueue(of task: URLSessionTask) -> DispatchQueue? {
        #if canImport(FoundationNetworking)
        return storedProperty("workQueue", of: task)
        #else
        return nil
        #endif
    }

    /// A stored property of an object, found by reflection (corelibs keeps these internal). Used once per recording
    /// cassette, never on the replay path.
    private static func storedProperty<Value>(_ label: String, of object: AnyObject) -> Value? {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children where child.label == label {
                if let value = child.value as? Value { return value }
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}
