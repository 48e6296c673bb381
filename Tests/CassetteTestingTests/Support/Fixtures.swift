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

    /// `send` for a plain GET.
    static func get(_ url: String, on session: URLSession) async throws -> (Data, HTTPURLResponse) {
        try await send(URLRequest(url: URL(string: url)!), on: session)
    }
}
