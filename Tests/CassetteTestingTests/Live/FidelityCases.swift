import Foundation
import Locking
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One row of the fidelity table: client code that makes its own session from a configuration and reports what
/// it observed. The suite runs it live (a plain `.ephemeral` configuration), recording, and replaying.
struct FidelityCase: Sendable, CustomStringConvertible {
    let description: String
    var redaction: Redaction = .default
    var recordsTransportErrors = false
    /// How replay is allowed to differ from live, or `nil` when the three runs must be equal.
    var documentedDifference: DocumentedDifference?
    let run: @Sendable (URLSessionConfiguration) async -> Observation

    /// A difference ReplayComparedWithLive.md documents, and the check that replaces equality for it.
    struct DocumentedDifference: Sendable {
        let why: String
        let check: @Sendable (_ live: Observation, _ recording: Observation, _ replay: Observation) -> Bool
    }
}

extension FidelityCase {
    static let token = "tok-\(UUID().uuidString)"
    static let password = "pw-\(UUID().uuidString.prefix(12))"
    /// The password in the URL of the challenges no credential answers with it: there it is the app's own data, which
    /// stays in the URL as written (see Secrets.md); ``password`` never reaches a file.
    static let unsentPassword = "unsent-\(UUID().uuidString.prefix(12))"

    private static func url(_ path: String) -> URL { URL(string: TestServer.httpbin.url(path))! }

    private static func request(_ path: String, method: String = "GET", headers: [String: String] = [:]) -> URLRequest {
        var request = URLRequest(url: url(path))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// A case that sends one request with async `data(for:)` on a session made from the configuration.
    private static func data(_ name: String, _ build: @escaping @Sendable () -> URLRequest) -> FidelityCase {
        FidelityCase(description: name) { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            return await Observation.data(build(), on: session)
        }
    }

    /// Every case: plain sessions, then sessions with a deciding delegate.
    static let all: [FidelityCase] = plain + delegated

    /// Cases whose session has no delegate.
    static let plain: [FidelityCase] = [
        data("JSON GET with a repeated query key") {
            request("/get?q=swift%20cassette&city=Z%C3%BCrich&a=1&a=2", headers: ["Accept": "application/json"])
        },
        data("binary bytes") { request("/bytes/2048?seed=42") },
        data("PNG image") { request("/image/png") },
        data("gzip") { request("/gzip") },
        data("deflate") { request("/deflate") },
        data("redirect, three hops") { request("/redirect/3") },
        data("HEAD") { request("/get", method: "HEAD") },
        data("204") { request("/status/204") },
        data("404") { request("/status/404") },
        data("500") { request("/status/500") },
        data("httpBody POST") {
            var request = Self.request("/post", method: "POST", headers: ["Content-Type": "application/json"])
            request.httpBody = Data(#"{"name":"cassette","n":[1,2]}"#.utf8)
            return request
        },
        data("httpBodyStream POST") {
            var request = Self.request("/post", method: "POST", headers: ["Content-Type": "text/plain"])
            request.httpBodyStream = InputStream(data: Data("streamed body".utf8))
            return request
        },
        FidelityCase(description: "upload(for:from:)") { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            return await Observation.trying(on: session) {
                try await session.upload(for: request("/put", method: "PUT"), from: Data("uploaded".utf8))
            }
        },
        FidelityCase(description: "uploadTask(with:from:) with a completion handler") { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            return await Observation.completion(on: session) { handler in
                session.uploadTask(with: request("/post", method: "POST", headers: ["Content-Type": "application/json"]),
                                   from: Data(#"{"via":"uploadTask"}"#.utf8), completionHandler: handler)
            }
        },
        FidelityCase(description: "upload(for:fromFile:)") { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: file) }
            return await Observation.trying(on: session) {
                try Data("from a file".utf8).write(to: file)
                return try await session.upload(for: request("/post", method: "POST"), fromFile: file)
            }
        },
        FidelityCase(description: "upload(for:fromFile:) of a file that does not exist, then a request") { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).txt")
            var failed = await Observation.trying(on: session) {
                try await session.upload(for: request("/post", method: "POST"), fromFile: missing)
            }
            let next = await Observation.data(request("/get?after=missing-file"), on: session)
            failed.notes = ["then \(next.status.map(String.init) ?? "-")"]
            return failed
        },
        FidelityCase(description: "multipart/form-data with a random boundary") { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let boundary = "Boundary-\(UUID().uuidString)"
            var request = Self.request("/post", method: "POST", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"])
            request.httpBody = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nfile content\r\n--\(boundary)--\r\n".utf8)
            var observation = await Observation.data(request, on: session)
            // The echo repeats the boundary the client chose; what the client reads is the parsed form.
            let echo = try? JSONDecoder().decode([String: JSONValue].self, from: observation.body)
            observation.notes = [echo?["form"].map { "\($0)" } ?? "-", echo?["files"].map { "\($0)" } ?? "-"]
            observation.body = Data()
            observation.headers.removeValue(forKey: "Content-Length")
            return observation
        },
        downloadCase("download(for:)") { session in
            let (file, response) = try await session.download(for: request("/bytes/4096?seed=3"))
            return (try readAndRemove(file), response)
        },
        downloadCase("downloadTask with a completion handler") { session in
            let box = LockedBox<Result<(Data, URLResponse?), any Error>?>(nil)
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                session.downloadTask(with: request("/bytes/4096?seed=4")) { file, response, error in
                    box.withLock {
                        if let error { $0 = .failure(error) } else if let file {
                            $0 = Result { (try readAndRemove(file), response) }
                        } else {
                            $0 = .failure(URLError(.zeroByteResource))
                        }
                    }
                    done.resume()
                }.resume()
            }
            return try box.withLock { $0 }?.get() ?? (Data(), nil)
        },
        FidelityCase(description: "downloadTask with a delegate", documentedDifference: linuxDownloads) { configuration in
            let delegate = DownloadDelegate()
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            session.downloadTask(with: request("/bytes/4096?seed=5")).resume()
            let (file, response, error) = await delegate.result()
            var observation = Observation(nil, response, nil, session: session)
            observation.file = file
            observation.error = error
            return observation
        },
        FidelityCase(description: "cookies set by one response and sent by the next") { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let set = await Observation.data(request("/cookies/set?flavor=chocolate-chip"), on: session)
            var sent = await Observation.data(request("/cookies"), on: session)
            sent.notes = [String(decoding: set.body, as: UTF8.self), set.url ?? "-", set.cookies.joined(separator: ";")]
            return sent
        },
        FidelityCase(description: "a request that should not handle cookies, through a redirect that sets one") { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            _ = await Observation.data(request("/cookies/set?stored=before"), on: session)
            var unhandled = request("/cookies/set?during=redirect")
            unhandled.httpShouldHandleCookies = false
            var observed = await Observation.data(unhandled, on: session)
            let after = await Observation.data(request("/cookies"), on: session)
            observed.notes = [String(decoding: after.body, as: UTF8.self)]
            return observed
        },
        data("a direct Set-Cookie") { request("/response-headers?Set-Cookie=direct%3Dyes%3B%20Path%3D%2F") },
        data("/bearer echoes the token") { request("/bearer", headers: ["Authorization": "Bearer \(token)"]) },
        data("/headers echoes token headers and a cookie") {
            request("/headers", headers: ["X-Auth-Token": token, "X-Api-Key": "key-\(token)", "Cookie": "sid=\(token)-c"])
        },
        data("/anything echoes a query token and a JSON password") {
            var request = Self.request("/anything?token=\(token)&page=2", method: "POST", headers: ["Content-Type": "application/json"])
            request.httpBody = Data(#"{"user":{"name":"u","password":"\#(password)"},"client_secret":"cs-\#(token)"}"#.utf8)
            return request
        },
        data("form body with a password") {
            var request = Self.request("/post", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"])
            request.httpBody = Data("user=u&password=\(password)&note=a+b".utf8)
            return request
        },
        data("a non-ASCII JSON password, echoed with \\u escapes") {
            var request = Self.request("/anything", method: "POST", headers: ["Content-Type": "application/json"])
            // Sorted keys: the client must send the same bytes each time for the three runs to be comparable.
            request.httpBody = try? JSONSerialization.data(withJSONObject: ["password": "pässwörd-\(password)", "note": "a/b \"q\""],
                                                           options: [.sortedKeys])
            return request
        },
        data("a token in a URL held in a query value, through a redirect") {
            let target = "/anything?access_token=\(token)&x=1".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            return request("/redirect-to?url=\(target)")
        },
        data("a + in a query token") { request("/anything?token=pl+us%20\(token)+x&n=1") },
        data("a password in the URL's user information") {
            URLRequest(url: URL(string: TestServer.httpbin.url("/basic-auth/demo/\(password)").replacingOccurrences(of: "://", with: "://demo:\(password)@"))!)
        },
        data("basic auth, the password in the path") {
            request("/basic-auth/demo/\(password)",
                    headers: ["Authorization": "Basic " + Data("demo:\(password)".utf8).base64EncodedString()])
        },
        FidelityCase(description: "a timeout", recordsTransportErrors: true) { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            // Six seconds of delay for a one-second timeout: in a loaded run (the whole live suite in parallel after
            // the stress tests) corelibs' timeout has fired more than two seconds late, and the live side then saw
            // the answer of a three-second delay.
            var request = Self.request("/delay/6")
            request.timeoutInterval = 1
            return await Observation.data(request, on: session)
        },
        FidelityCase(description: "a session configured with additional headers: a bearer token, a client header, a user agent") { configuration in
            configuration.httpAdditionalHeaders = ["Authorization": "Bearer \(token)", "X-Client": "fidelity", "User-Agent": "FidelityApp/1.0"]
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            var echoed = await Observation.data(request("/headers", headers: ["X-Client": "the request's own"]), on: session)
            let bearer = await Observation.data(request("/bearer"), on: session)
            echoed.notes = ["\(bearer.status ?? 0)", String(decoding: bearer.body, as: UTF8.self)]
            return echoed
        },
        FidelityCase(description: "a session whose timeoutIntervalForRequest is shorter than the server's delay",
                     recordsTransportErrors: true) { configuration in
            configuration.timeoutIntervalForRequest = 1
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            // As for "a timeout": a delay well past the timeout, however late the timeout fires.
            return await Observation.data(request("/delay/6"), on: session)
        },
        FidelityCase(description: "16 concurrent requests") { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let answers = await withTaskGroup(of: String.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        let observation = await Observation.data(request("/get?n=\(index)"), on: session)
                        let echo = try? JSONDecoder().decode([String: JSONValue].self, from: observation.body)
                        return "\(index): \(observation.status ?? 0) \(echo?["args"].map { "\($0)" } ?? "-")"
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            return Observation(notes: answers.sorted(), session: session)
        },
        FidelityCase(
            description: "a value only the server sent, then sent back",
            redaction: Redaction.default.redactingJSONKeys("uuid"),
            documentedDifference: DocumentedDifference(
                why: "a value only the server sent is a placeholder on replay; sent back, it matches in both phases",
                check: { live, recording, replay in
                    live.notes.count == 2 && live.notes[0] == live.notes[1] && recording.notes[0] == recording.notes[1]
                        && replay.notes == ["REDACTED_uuid_1", "REDACTED_uuid_1"]
                        && replay.status == live.status
                })
        ) { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let fresh = await Observation.data(request("/uuid"), on: session)
            let uuid = (try? JSONDecoder().decode([String: String].self, from: fresh.body))?["uuid"] ?? "-"
            var sentBack = await Observation.data(request("/anything?id=\(uuid)"), on: session)
            let echo = try? JSONDecoder().decode([String: JSONValue].self, from: sentBack.body)
            guard case .object(let args)? = echo?["args"], case .string(let id)? = args["id"] else { return sentBack }
            sentBack.notes = [uuid, id]
            sentBack.body = Data()
            return sentBack
        },
    ]

    /// Cases whose session has a delegate that decides redirects and challenges: what it was asked is compared too.
    static let delegated: [FidelityCase] = [
        decided("a delegate that stops at redirects", DecidingDelegate(redirects: .stop), documentedDifference: stoppedRedirectBody) {
            request("/redirect/2")
        },
        decided("a delegate that follows redirects, asked at each hop", DecidingDelegate()) { request("/redirect/3") },
        decided("a delegate that rewrites a redirect", DecidingDelegate(redirects: .rewrite(path: "/anything?rewritten=yes", header: ("X-Rewritten", "by-delegate")))) {
            request("/redirect-to?url=%2Fget%3Fa%3D1&status_code=302")
        },
        // A Location that is only a query, or climbs above the root: each platform resolves it its own way, live and
        // through a cassette alike.
        decided("a delegate asked about a Location that is only a query", DecidingDelegate()) {
            request("/redirect-to?url=%3Fa%3D1%26b%3Dtwo")
        },
        decided("a delegate asked about a relative Location climbing above the root", DecidingDelegate()) {
            request("/redirect-to?url=..%2F..%2Fanything%2Fclimbed")
        },
        decided("a POST redirected with 303 becomes a GET", DecidingDelegate()) {
            var request = Self.request("/redirect-to?url=%2Fanything&status_code=303", method: "POST", headers: ["Content-Type": "application/json"])
            request.httpBody = Data(#"{"sent":"once"}"#.utf8)
            return request
        },
        decided("a POST redirected with 307 keeps its method and body", DecidingDelegate()) {
            var request = Self.request("/redirect-to?url=%2Fanything&status_code=307", method: "POST", headers: ["Content-Type": "application/json"])
            request.httpBody = Data(#"{"sent":"twice"}"#.utf8)
            return request
        },
        decided("a delegate that answers a Basic challenge", DecidingDelegate(challenges: [.credential(user: "demo", password: password)])) {
            request("/basic-auth/demo/\(password)")
        },
        decided("a wrong credential, then the right one", DecidingDelegate(challenges: [.credential(user: "demo", password: "wrong"), .credential(user: "demo", password: password)])) {
            request("/basic-auth/demo/\(password)")
        },
        decided("a delegate that cancels a challenge", DecidingDelegate(challenges: [.cancel])) { request("/basic-auth/demo/\(unsentPassword)") },
        decided("a delegate that rejects the protection space", DecidingDelegate(challenges: [.reject])) { request("/basic-auth/demo/\(unsentPassword)") },
        decided("a wrong credential, then the protection space rejected (Alamofire's answer to a second challenge)",
                DecidingDelegate(challenges: [.credential(user: "demo", password: "wrong"), .reject])) { request("/basic-auth/demo/\(unsentPassword)") },
        FidelityCase(description: "the same, to a data delegate that reads the body in pieces (as Alamofire's does)") { configuration in
            await PieceReadingDecider(DecidingDelegate(challenges: [.credential(user: "demo", password: "wrong"), .reject]))
                .run(request("/basic-auth/demo/\(unsentPassword)"), on: configuration)
        },
        data("a 401 with a Bearer challenge, which no delegate is asked about") { request("/bearer") },
    ]

    /// A case that sends one request on a session whose delegate is `delegate`, noting what it was asked.
    private static func decided(_ name: String, _ delegate: DecidingDelegate, documentedDifference: DocumentedDifference? = nil,
                                _ build: @escaping @Sendable () -> URLRequest) -> FidelityCase {
        FidelityCase(description: name, documentedDifference: documentedDifference) { configuration in
            // Each run gets a fresh delegate with the same policy.
            await decide(delegate.fresh(), configuration, build())
        }
    }

    private static func decide(_ delegate: DecidingDelegate, _ configuration: URLSessionConfiguration, _ request: URLRequest) async -> Observation {
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var observation = await Observation.data(request, on: session)
        observation.notes = delegate.log
        return observation
    }

    /// A redirect the delegate stops at: swift-corelibs-foundation hands `data(for:)` the redirect with an empty body
    /// (its `Content-Length` says otherwise); the cassette hands it the body the server sent, as Apple's platforms do.
    static let stoppedRedirectBody: DocumentedDifference? = {
        #if canImport(FoundationNetworking)
        DocumentedDifference(
            why: "on swift-corelibs-foundation a redirect the delegate stops at has an empty body live; through the cassette it has the server's body",
            check: { live, recording, replay in
                var withBody = live
                withBody.body = recording.body
                return live.body.isEmpty && !recording.body.isEmpty && recording == withBody && replay == withBody
            })
        #else
        nil
        #endif
    }()

    /// Downloads: swift-corelibs-foundation gives a URLProtocol no way to hand a download task its file.
    static let linuxDownloads: DocumentedDifference? = {
        #if canImport(FoundationNetworking)
        DocumentedDifference(
            why: "on swift-corelibs-foundation a download task through a cassette fails at once with a CassetteError",
            check: { live, recording, replay in
                live.file != nil && live.status == 200
                    && recording.error == "CassetteError unsupportedRequest" && replay.error == "CassetteError unsupportedRequest"
            })
        #else
        nil
        #endif
    }()

    /// A case that downloads with `download`, observing the file's bytes.
    private static func downloadCase(_ name: String,
                                     _ download: @escaping @Sendable (URLSession) async throws -> (Data, URLResponse?)) -> FidelityCase {
        FidelityCase(description: name, documentedDifference: linuxDownloads) { configuration in
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            do {
                let (file, response) = try await download(session)
                var observation = Observation(nil, response, nil, session: session)
                observation.file = file
                return observation
            } catch {
                return Observation(nil, nil, error, session: session)
            }
        }
    }
}

/// The bytes of a downloaded file, which is then removed. `download(for:)` leaves its file to the caller everywhere;
/// swift-corelibs-foundation also keeps the file after a completion handler or delegate that received it returns
/// (Apple's URLSession removes it then), so a live run left three files in the temporary folder each time.
private func readAndRemove(_ file: URL) throws -> Data {
    defer { try? FileManager.default.removeItem(at: file) }
    return try Data(contentsOf: file)
}

/// Collects a delegate-driven download: the file's bytes (read before the delegate returns, as the file is then
/// removed), the response and the error.
private final class DownloadDelegate: NSObject, URLSessionDownloadDelegate, Sendable {
    private let state = LockedBox<(file: Data?, response: URLResponse?, error: String?)>((nil, nil, nil))
    private let completion = Completion()

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let data = try? readAndRemove(location)
        state.withLock { $0.file = data }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock { state in
            state.response = task.response
            state.error = error.map { "\(($0 as NSError).domain) \(($0 as NSError).code)" }
        }
        completion.finish()
    }

    func result() async -> (Data?, URLResponse?, String?) {
        await completion.wait()
        return state.withLock { ($0.file, $0.response, $0.error) }
    }
}
