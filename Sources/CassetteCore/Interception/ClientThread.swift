import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The thread a protocol calls its client from on Apple's platforms: the one that called `startLoading()`.
///
/// Apple's "Read Me About CustomHTTPProtocol" says a protocol is expected to call the methods of
/// `NSURLProtocolClient` from the client thread, the thread that started it, running its run loop in the default
/// mode or the mode it was in then; the sample performs each call there, and AliSoftware/OHHTTPStubs (4.0.1 and
/// later, on Apple CI) schedules every client call on the run loop it saved in `startLoading()`
/// (`CFRunLoopPerformBlock`, then `CFRunLoopWakeUp`). An answer that comes later (a recording, a replay that waits,
/// the app's answer to a challenge) is handed to that run loop here.
///
/// swift-corelibs-foundation has its own rule, the task's work queue (see ``ClientQueues``): there no client thread
/// is kept, and ``current()`` gives `nil`.
struct ClientThread {
    #if !canImport(FoundationNetworking)
    private let runLoop: CFRunLoop
    /// The default mode and the mode the run loop was in when the protocol started, if another.
    private let modes: CFArray
    #endif

    /// The calling thread, as the client thread of a protocol that starts loading on it; `nil` on
    /// swift-corelibs-foundation.
    static func current() -> ClientThread? {
        #if canImport(FoundationNetworking)
        return nil
        #else
        guard let runLoop = CFRunLoopGetCurrent() else { return nil }
        var modes = [CFRunLoopMode.defaultMode.rawValue]
        if let mode = CFRunLoopCopyCurrentMode(runLoop), mode != .defaultMode { modes.append(mode.rawValue) }
        return ClientThread(runLoop: runLoop, modes: modes as CFArray)
        #endif
    }

    /// Runs `work` on the client thread, soon.
    func perform(_ work: @escaping @Sendable () -> Void) {
        #if !canImport(FoundationNetworking)
        CFRunLoopPerformBlock(runLoop, modes, work)
        CFRunLoopWakeUp(runLoop)
        #endif
    }
}
