import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The queues a cassette's protocol calls its client on when it answers after `startLoading()` has returned.
///
/// Design note. On swift-corelibs-foundation a protocol must call its client on its task's work queue: the client
/// reads the session's task registry, which only the session's work queue may touch, and a call from any other
/// queue races with tasks being created on the same session (a crash in `URLSession.behaviour(for:)`). A replay
/// that answers at once does so inside `startLoading()`, which corelibs runs on that queue, and needs nothing here.
/// Two answers come later, from other queues, and corelibs keeps the queues they need internal, so they are found
/// by reflection (see ``CorelibsReflection``):
/// - A recording's (or a drift check's) answer arrives on the recorder's delegate queue. It is handed to the work
///   queue of the recorder's own session, found once per recording cassette (``clientQueue(for:)``): every
///   session's and task's work queue targets one serial queue (`URLSession.sharedQueue`), so a block there is
///   serialized with the app session's work.
/// - A replay that waits (``ReplayLatency``) answers from a timer on a global queue. It is handed to its task's own
///   work queue, found for each waiting replay (``workQueue(of:)``): this reflection is on the replay path, but only
///   when the replay waits, and costs microseconds next to the wait itself. A replay that answers at once, and
///   routing (see ``ProtocolRoutes``), reflect on nothing.
///
/// Pinned by `ClientQueuesTests` (the queue found for a task is the one its protocol's `startLoading()` runs on, and
/// a waiting replay calls its client there) and `RoutingTests.workQueuesAreSerializedTogether` (a recording's queue
/// is serialized with a task's). Should a toolchain rename these properties, the lookups give `nil`, the protocol
/// calls its client from the queue the answer arrives on, and those tests fail.
/// On Apple's platforms both lookups give `nil`: there the client is called on the thread that started the load (see
/// ``ClientThread``).
enum ClientQueues {
    /// The work queue of `session` on swift-corelibs-foundation, found by reflection: where a recording's answer is
    /// handed to the app's task (see the design note). `nil` on Apple's platforms.
    static func clientQueue(for session: URLSession) -> DispatchQueue? {
        #if canImport(FoundationNetworking)
        return CorelibsReflection.storedProperty("workQueue", of: session)
        #else
        return nil
        #endif
    }

    /// The work queue of `task` on swift-corelibs-foundation, found by reflection: where a replay that waits
    /// (``ReplayLatency``) calls its client, once per such replay (see the design note). `nil` on Apple's platforms.
    static func workQueue(of task: URLSessionTask) -> DispatchQueue? {
        #if canImport(FoundationNetworking)
        return CorelibsReflection.storedProperty("workQueue", of: task)
        #else
        return nil
        #endif
    }
}
