import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the code under test sent: the request as its session would send it, the body, and the API that carried
/// the body, so that a recording sends the real server the same request.
struct OutgoingRequest: Sendable {
    /// How the body was handed to URLSession. Each is sent differently (URLSession adds a default `Content-Type`
    /// to `httpBody`, streams a body stream in chunks, and sends an upload's data as it is), and a server sees it.
    enum BodyForm: Sendable {
        /// `httpBody`, or no body.
        case httpBody
        /// `httpBodyStream`.
        case stream
        /// An upload task's data or file.
        case upload
    }

    /// The request, with the additional headers and the `Cookie` header its session adds; its own body is not to be
    /// read (see ``body``).
    var request: URLRequest
    /// The whole body, or `nil` for none.
    var body: Data?
    /// The API that carried the body.
    var form: BodyForm
    /// The request as the app's task made it (before the session's additions), its body readable again: what
    /// URLSession proposes a redirect from, keeping the body for `307` and `308` (a stream the protocol read is
    /// spent, and on Apple's platforms an app's `httpBody` arrives as one).
    var app: URLRequest

    /// Whether the request carries `value` anywhere: in its URL (as written or decoded), a header or the body; with
    /// `asWord`, only where it stands as a token does (see ``RecordedRequest/carries(_:asWord:)``).
    func contains(_ value: String, asWord: Bool) -> Bool {
        RecordedRequest.carries(value, asWord: asWord, url: request.url?.absoluteString ?? "",
                                headerValues: (request.allHTTPHeaderFields ?? [:]).values, body: body)
    }

    /// Captures what `task` sends, or the reason it cannot be served through a cassette.
    static func capture(_ request: URLRequest, task: URLSessionTask?, session: AppSession) -> Result<OutgoingRequest, Unservable> {
        let isUpload = task is URLSessionUploadTask
        let sent = session.addingCookies(to: session.addingAdditionalHeaders(to: request))
        var outgoing = OutgoingRequest(request: sent, body: nil,
                                       form: BodyForm.of(request, original: task?.originalRequest, isUpload: isUpload), app: request)
        if let body = request.httpBody {
            outgoing.body = body
        } else if let stream = request.httpBodyStream {
            outgoing.body = stream.readToEnd()
        } else if let upload = task as? URLSessionUploadTask {
            switch UploadTaskBody.read(from: upload) {
            case .success(let body): outgoing.body = body
            case .failure(let reason): return .failure(reason)
            }
        }
        // The body travels beside the request, which keeps its own (a stream read to its end) untouched: mutating a
        // URLRequest copies it, and replay never looks at it. The recorder sets the body it sends.
        if request.httpBodyStream != nil, let body = outgoing.body {
            switch outgoing.form {
            case .httpBody:
                outgoing.app.httpBodyStream = nil
                outgoing.app.httpBody = body
            case .stream: outgoing.app.httpBodyStream = InputStream(data: body)
            case .upload: break
            }
        }
        return .success(outgoing)
    }
}

extension OutgoingRequest.BodyForm {
    /// The API that carried the body of `request`, as the protocol got it, of a task that is an upload or not and
    /// was made with `original` (`URLSessionTask.originalRequest`, read only for a body that came as a stream).
    ///
    /// Apple's loading system hands a protocol the app's `httpBody` as `httpBodyStream` (AliSoftware/OHHTTPStubs
    /// issue #52; its documentation says the `HTTPBody` "has been reset to nil"), so a stream there may be a body the
    /// app set whole: the task's own request tells which. Sent as a stream, it would go chunked, without
    /// `Content-Length`: a server that needs the length would answer `411` only while recording. On
    /// swift-corelibs-foundation the protocol gets `httpBody` as it was set.
    static func of(_ request: URLRequest, original: @autoclosure () -> URLRequest?, isUpload: Bool) -> Self {
        if isUpload { return .upload }
        guard request.httpBody == nil, request.httpBodyStream != nil else { return .httpBody }
        return original()?.httpBody != nil ? .httpBody : .stream
    }
}

/// Why a task cannot go through a cassette, and what to do instead; the cassette fails such a task at once, in
/// every mode, rather than send a real server a different request or hand the code a wrong answer.
struct Unservable: Error, Sendable {
    /// What the task is, e.g. "an upload task whose body this platform does not show a URLProtocol".
    let what: String
    /// What to do instead.
    let workaround: String
    /// The error the platform itself fails such a task with before sending anything (an upload from a file that
    /// does not exist): the task gets it as live, and the cassette reports nothing, the failure being the app's.
    var platformError: URLError?
}

extension InputStream {
    /// Everything the stream holds, read to its end.
    func readToEnd() -> Data {
        open()
        defer { close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let read = read(&buffer, maxLength: buffer.count)
            guard read > 0 else { break }
            data.append(buffer, count: read)
        }
        return data
    }
}
