import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The body of an upload task, which URLSession keeps out of the request a `URLProtocol` sees.
///
/// On swift-corelibs-foundation, `upload(for:from:)`, `upload(for:fromFile:)` and their task forms keep the body in
/// the task's internal `knownBody`, an enum `_Body { none, data(DispatchData), file(URL), stream(InputStream) }`
/// (URLSessionTask.swift). No public API reads it, so this reads it by reflection (see ``CorelibsReflection``).
/// `UploadTaskBodyTests` fails loudly if a toolchain moves it.
///
/// Apple's platforms give no such way: an upload whose body the protocol cannot see fails with a clear error.
enum UploadTaskBody {
    static func read(from task: URLSessionUploadTask) -> Result<Data?, Unservable> {
        #if canImport(FoundationNetworking)
        if let known = CorelibsReflection.storedValue("knownBody", of: task) {
            return body(in: known)
        }
        return .failure(Unservable(
            what: "an upload task whose body this toolchain's swift-corelibs-foundation keeps where the cassette cannot find it (no `knownBody`)",
            workaround: "set the request's httpBody and use data(for:) instead of upload(for:from:)"))
        #else
        return .failure(Unservable(
            what: "an upload task: this platform does not show a URLProtocol the body of upload(for:from:) or upload(for:fromFile:)",
            workaround: "set the request's httpBody (or httpBodyStream) and use data(for:) instead"))
        #endif
    }

    #if canImport(FoundationNetworking)
    /// The data in a `knownBody` value (an `Optional<_Body>`).
    private static func body(in value: Any) -> Result<Data?, Unservable> {
        let optional = Mirror(reflecting: value)
        guard optional.displayStyle == .optional else { return unreadable(value) }
        // `nil`: the body comes from the session delegate's `needNewBodyStream` (uploadTask(withStreamedRequest:)).
        guard let wrapped = optional.children.first?.value else {
            return .failure(Unservable(
                what: "a streamed upload (uploadTask(withStreamedRequest:)), whose body comes from the session delegate's urlSession(_:task:needNewBodyStream:), which the cassette cannot call",
                workaround: "set the request's httpBodyStream, or use upload(for:from:)"))
        }
        let body = Mirror(reflecting: wrapped)
        guard body.displayStyle == .enum else { return unreadable(value) }
        guard let payload = body.children.first else {
            return String(describing: wrapped) == "none" ? .success(nil) : unreadable(value)
        }
        switch (payload.label, payload.value) {
        case ("data", let data as DispatchData):
            return .success(Data(data))
        case ("file", let file as URL):
            do {
                return .success(try Data(contentsOf: file))
            } catch {
                // As swift-corelibs-foundation fails it live (`_HTTPURLProtocol`'s "File system error"): a file that
                // does not exist `-1100`, one it may not read `-1102`, else `-1`.
                let code: URLError.Code = switch (error as? CocoaError)?.code {
                case .fileReadNoSuchFile?: .fileDoesNotExist
                case .fileReadNoPermission?: .noPermissionsToReadFile
                default: .unknown
                }
                return .failure(Unservable(what: "an upload from the file \(file.path), which could not be read (\(error.localizedDescription))",
                                           workaround: "check that the file exists and is readable",
                                           platformError: URLError(code, userInfo: [NSLocalizedDescriptionKey: "File system error"])))
            }
        case ("stream", let stream as InputStream):
            return .success(stream.readToEnd())
        default:
            return unreadable(value)
        }
    }

    private static func unreadable(_ value: Any) -> Result<Data?, Unservable> {
        .failure(Unservable(
            what: "an upload task whose body has a shape this toolchain's swift-corelibs-foundation did not have before (\(type(of: value)))",
            workaround: "set the request's httpBody and use data(for:) instead of upload(for:from:)"))
    }
    #endif
}
