import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Finds the cassette a task belongs to, without any process-wide "current cassette".
///
/// Each cassette's `URLSessionConfiguration` carries its own ``RoutingURLCache``. URLSession asks that cache about
/// every data task before the protocol starts; the cache notes the task here, and the protocol takes the note in
/// `startLoading()`. When no note exists (a platform that skips the cache), the task's session is found by
/// reflection and its configuration's cache names the cassette.
enum TaskRoutes {
    private static let notes = LockedBox([ObjectIdentifier: CassetteSession]())

    /// Notes that `task` belongs to `cassette`.
    static func note(_ task: URLSessionTask, belongsTo cassette: CassetteSession) {
        notes.withLock { $0[ObjectIdentifier(task)] = cassette }
    }

    /// The cassette `task` belongs to, removing the note.
    static func take(for task: URLSessionTask?) -> CassetteSession? {
        guard let task else { return nil }
        if let noted = notes.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) {
            return noted
        }
        return (session(of: task)?.configuration.urlCache as? RoutingURLCache)?.cassette
    }

    /// The session that owns `task`, found through swift-corelibs-foundation's stored `session` property.
    static func session(of task: URLSessionTask) -> URLSession? {
        var mirror: Mirror? = Mirror(reflecting: task)
        while let current = mirror {
            for child in current.children where child.label == "session" {
                if let session = child.value as? URLSession { return session }
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}
