import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything client code can observe of what it sent: the response (status, headers, body, final URL) or the
/// error (domain and code), the cookies in its session's storage afterwards, and a downloaded file's bytes.
///
/// The fidelity suite compares these across a live run, a recording and a replay.
struct Observation: Equatable, CustomStringConvertible {
    var status: Int?
    /// Response headers, without `Date` (which changes every second, live as well).
    var headers: [String: String] = [:]
    var body = Data()
    var url: String?
    var error: String?
    /// `name=value` of every cookie in the session's storage, sorted.
    var cookies: [String] = []
    var file: Data?
    /// Anything else the case read (a parsed field, the answers of parallel requests).
    var notes: [String] = []

    var description: String {
        var parts = ["status: \(status.map(String.init) ?? "-")", "url: \(url ?? "-")", "error: \(error ?? "-")",
                     "cookies: \(cookies)", "headers: \(headers.sorted { $0.key < $1.key })",
                     "body: \(String(decoding: body.prefix(400), as: UTF8.self))"]
        if let file { parts.append("file: \(file.count) bytes") }
        if !notes.isEmpty { parts.append("notes: \(notes)") }
        return parts.joined(separator: "\n  ")
    }

    /// The observation of a completed request.
    init(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?, session: URLSession) {
        if let http = response as? HTTPURLResponse {
            status = http.statusCode
            url = http.url?.absoluteString
            for (name, value) in http.allHeaderFields where String(describing: name).lowercased() != "date" {
                headers[String(describing: name)] = String(describing: value)
            }
        }
        body = data ?? Data()
        if let error {
            let nsError = error as NSError
            self.error = "\(nsError.domain) \(nsError.code)"
        }
        noteCookies(of: session)
    }

    /// An observation made of notes alone.
    init(notes: [String], session: URLSession) {
        self.notes = notes
        noteCookies(of: session)
    }

    mutating func noteCookies(of session: URLSession) {
        cookies = (session.configuration.httpCookieStorage?.cookies ?? []).map { "\($0.name)=\($0.value)" }.sorted()
    }

    /// Sends `request` with async `data(for:)`.
    static func data(_ request: URLRequest, on session: URLSession) async -> Observation {
        await trying(on: session) { try await session.data(for: request) }
    }

    /// Runs `send` and observes its response, or the error it threw.
    static func trying(on session: URLSession, _ send: () async throws -> (Data, URLResponse)) async -> Observation {
        do {
            let (data, response) = try await send()
            return Observation(data, response, nil, session: session)
        } catch {
            return Observation(nil, nil, error, session: session)
        }
    }

    /// Runs a completion-handler task made by `make` and observes what the handler got.
    static func completion(on session: URLSession,
                           _ make: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask) async -> Observation {
        let box = LockedBox<(Data?, URLResponse?, String?)?>(nil)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            make { data, response, error in
                box.withLock { $0 = (data, response, error.map { "\(($0 as NSError).domain) \(($0 as NSError).code)" }) }
                done.resume()
            }.resume()
        }
        let (data, response, error) = box.withLock { $0 } ?? (nil, nil, nil)
        var observation = Observation(data, response, nil, session: session)
        observation.error = error
        return observation
    }
}
