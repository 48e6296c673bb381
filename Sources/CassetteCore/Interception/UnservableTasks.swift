import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Tasks the platform does not let a `URLProtocol` serve, whatever the cassette does.
///
/// On swift-corelibs-foundation a download task takes its file from internal state that only the built-in HTTP
/// protocol sets (`properties[.temporaryFileURL]`): a custom protocol that finishes one hands `downloadTask(with:)`
/// a nil file with no error, and with a task delegate (what `download(for:)` uses) its client force-unwraps a data
/// task and crashes the process. So downloads fail at once there, in every mode. Apple's loading system writes what
/// a protocol loads to the file, so downloads record and replay there like data tasks.
enum UnservableTasks {
    /// Why `task` cannot go through a cassette on this platform, or `nil` when it can.
    static func reason(for task: URLSessionTask?) -> Unservable? {
        #if canImport(FoundationNetworking)
        guard task is URLSessionDownloadTask else { return nil }
        return Unservable(
            what: "a download task (download(for:) or downloadTask(with:)), which swift-corelibs-foundation does not let a URLProtocol serve: it gives the task no file",
            workaround: "use data(for:) and write the data to a file yourself")
        #else
        return nil
        #endif
    }
}
