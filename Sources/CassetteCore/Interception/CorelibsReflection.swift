import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one place the harness reads swift-corelibs-foundation's internals, by reflection (`Mirror`, walking
/// superclasses to a stored property of a given name), because no public API gives what a `URLProtocol` needs there:
///
/// | what | read from | when | pinned by |
/// |---|---|---|---|
/// | the work queue a protocol must call its client on | `URLSession.workQueue`, `URLSessionTask.workQueue` | once per recording cassette; per replay that waits (``ReplayLatency``) or asks the task's delegate | `ClientQueuesTests` |
/// | an upload task's body | `URLSessionTask.knownBody` | per upload task | `UploadTaskBodyTests` |
/// | the configuration of a recorded request's session | `URLSessionTask.session` | per recorded request | `AppSessionConfigurationTests` |
/// | whether a task hears its body piece by piece (its session calls its delegate, with no completion handler) | `URLSession.taskRegistry.behaviours` | per recorded request; per replay of a stream | `StreamDeliveryTests` |
/// | the session a task's delegate is called with (``TaskDelegate``) | `URLSessionTask.session` | per recorded request of a task with a delegate; per replay of a recording that went through a redirect or a challenge, for a task with a delegate | `TaskDelegateTests` |
///
/// A replay that answers at once, with no redirect or challenge in its recording, reads none of them. A lookup costs some 15 µs (measured in a release build), which
/// is why none runs on that path. Should a toolchain rename a property, its lookup gives `nil` and the test that
/// pins it fails. Apple's platforms are never asked: there the public API is enough, or the harness says it cannot.
enum CorelibsReflection {
    /// The session `task` belongs to (`URLSessionTask.session`), while it runs; `nil` on Apple's platforms, which
    /// are never asked.
    static func session(of task: URLSessionTask?) -> URLSession? {
        #if canImport(FoundationNetworking)
        task.flatMap { storedProperty("session", of: $0) }
        #else
        nil
        #endif
    }

    /// Whether `task` of `session` hears its body piece by piece. On swift-corelibs-foundation only a task whose
    /// session calls its delegate (no completion handler, no async `data(for:)`) does: for any other, a protocol's
    /// `didLoad` replaces what the task got before, so its body must come in one piece. Read from the session's task
    /// registry, on the task's work queue (where `startLoading()` runs); `false` when the registry cannot be read. On
    /// Apple's platforms always `true`: the loading system gathers the pieces for a completion handler.
    static func hearsPieces(_ task: URLSessionTask?, session: URLSession?) -> Bool {
        #if canImport(FoundationNetworking)
        guard let task, let session, let registry = storedValue("taskRegistry", of: session),
              let behaviours = storedValue("behaviours", of: registry as AnyObject) as? [Int: Any],
              let behaviour = behaviours[task.taskIdentifier] else {
            return false
        }
        return String(describing: behaviour) == "callDelegate"
        #else
        return true
        #endif
    }

    /// The stored property `label` of `object` (or of its superclasses), when it holds a `Value`.
    static func storedProperty<Value>(_ label: String, of object: AnyObject) -> Value? {
        storedValue(label, of: object) as? Value
    }

    /// The stored property `label` of `object` (or of its superclasses), whatever it holds.
    static func storedValue(_ label: String, of object: AnyObject) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == label }) { return child.value }
            mirror = current.superclassMirror
        }
        return nil
    }
}
