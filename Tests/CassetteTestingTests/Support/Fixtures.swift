import Foundation
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builders for hand-made cassettes, so replay can be tested without a server.
enum Fixture {
    static let recordedAt = Date(timeIntervalSince1970: 1_800_000_000)

    /// An interaction answering `method url` with `status` and `body`.
    static func interaction(_ url: String, status: Int = 200, body: String? = nil,
                            headers: [String: String] = ["Content-Type": "application/json"]) -> Interaction {
        interaction("GET", url, status: status, body: body, headers: headers)
    }

    /// An interaction answering `method url` (with `requestBody`) with `status` and `body`.
    static func interaction(_ method: String, _ url: String, status: Int = 200, body: String? = nil,
                            headers: [String: String] = ["Content-Type": "application/json"],
                            requestBody: String? = nil) -> Interaction {
        Interaction(
            request: RecordedRequest(method: method, url: url, body: requestBody.map { Body(Data($0.utf8)) }),
            response: RecordedResponse(status: status, headers: headers, body: body.map { Body(Data($0.utf8)) }, url: url),
            recordedAt: recordedAt)
    }

    /// A GET of `url` that failed with `error` after `duration` seconds, with no response: a recorded transport
    /// failure, or with `URLError(.cancelled)` a request the app cancelled before its answer came.
    static func failed(_ url: String, _ error: URLError, duration: TimeInterval? = nil) -> Interaction {
        var interaction = interaction(url)
        interaction.response = nil
        interaction.failure = RecordedFailure(error, description: error.localizedDescription)
        interaction.duration = duration
        return interaction
    }

    /// Writes `interactions` as the cassette `name` in `directory`.
    static func write(_ interactions: [Interaction], name: String, in directory: URL) throws {
        try CassetteFile.save(interactions, to: directory.appendingPathComponent(name + ".json"))
    }

    /// The body and HTTP response `session` gets for `request`.
    static func send(_ request: URLRequest, on session: URLSession) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }

    /// What the code saw of each answer to `requests`, sent in order: one text per request with the status, the URL,
    /// the headers but `Date` (sorted) and the body; the live, recording and replay runs of a test compare these.
    static func observed(_ requests: [URLRequest], on session: URLSession) async throws -> [String] {
        var seen: [String] = []
        for request in requests {
            let (data, response) = try await send(request, on: session)
            let headers = response.allHeaderFields.map { "\($0.key): \($0.value)" }.filter { !$0.hasPrefix("Date:") }.sorted()
            seen.append("\(response.statusCode) \(response.url?.absoluteString ?? "") \(headers) \(String(decoding: data, as: UTF8.self))")
        }
        return seen
    }

    /// A request to the test httpbin server (``TestServer/httpbin``): `path` under its address, with a method,
    /// headers and a text body.
    static func httpbinRequest(_ path: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: TestServer.httpbin.url(path))!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        return request
    }

    /// `send` for a plain GET.
    static func get(_ url: String, on session: URLSession) async throws -> (Data, HTTPURLResponse) {
        try await send(URLRequest(url: URL(string: url)!), on: session)
    }
}
