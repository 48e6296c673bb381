import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The kind of traffic a replay case sends.
///
/// - `short`: `GET http://bench.test/items/<n>` with one header, the benchmark's original shape.
/// - `realistic`: what most API calls look like. Even positions are a GET with six query items (two percent-encoded,
///   one name repeated) and seven headers, among them a bearer token and a request id that changes every time;
///   odd positions are a JSON POST of a 1 KiB body with the same headers. Both answer 1 KiB of JSON.
enum Shape: String, CaseIterable {
    case short, realistic

    /// The bearer token the realistic requests carry; the cassette holds a placeholder for it, as a recording would.
    static let token = "eyJhbGciOiJIUzI1NiJ9.bench-token-4f1c2a9e7d.signature"

    /// The request at `position` (requests of the same position match the same recording).
    func request(_ position: Int) -> URLRequest {
        switch self {
        case .short:
            var request = URLRequest(url: Fixtures.url(position))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            return request
        case .realistic:
            var request = URLRequest(url: Self.realisticURL(position))
            for (name, value) in Self.headers(token: Self.token) { request.setValue(value, forHTTPHeaderField: name) }
            request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
            if position % 2 == 1 {
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Self.postBody(position)
            }
            return request
        }
    }

    /// The recording of the request at `position`, as recording it would store it (the token a placeholder).
    func interaction(_ position: Int) -> Interaction {
        switch self {
        case .short:
            return Fixtures.interaction(position)
        case .realistic:
            let post = position % 2 == 1
            let url = Self.realisticURL(position).absoluteString
            var headers = Self.headers(token: "<REDACTED:authorization>")
            headers["X-Request-ID"] = "8D4F1E0A-3C2B-4A59-9E7D-1F6B2C3D4E5F"
            if post { headers["Content-Type"] = "application/json" }
            return Interaction(
                request: RecordedRequest(method: post ? "POST" : "GET", url: url, headers: headers,
                                         body: post ? Body(Self.postBody(position)) : nil),
                response: RecordedResponse(status: 200, headers: Fixtures.responseHeaders, body: Body(Fixtures.jsonBody(position)),
                                           url: url),
                recordedAt: Date(timeIntervalSince1970: 1_800_000_000))
        }
    }

    private static func realisticURL(_ position: Int) -> URL {
        let path = position % 2 == 1 ? "events" : "search"
        // Six items: two percent-encoded, `tag` repeated, in the order an app's query builder writes them.
        let query = "q=swift%20cassette&page=\(position)&per_page=50&tag=a%2Bb&tag=c&sort=-updated_at"
        return URL(string: "http://api.bench.test/v2/items/\(position)/\(path)?\(query)")!
    }

    private static func headers(token: String) -> [String: String] {
        ["Accept": "application/json", "Accept-Language": "de-CH, en;q=0.8", "Authorization": "Bearer \(token)",
         "User-Agent": "BenchApp/4.2 (iPhone; iOS 18.1) CFNetwork/1.0", "X-Client-Version": "4.2.0 (1234)"]
    }

    /// A JSON POST body of exactly 1 KiB, different for each position.
    private static func postBody(_ position: Int) -> Data {
        let head = #"{"event":"viewed","item":\#(position),"properties":{"screen":"search","source":"list"},"note":""#
        let tail = #"","sentAt":"2026-11-23T10:00:00Z"}"#
        let filler = String(repeating: "y", count: 1024 - head.utf8.count - tail.utf8.count)
        return Data((head + filler + tail).utf8)
    }
}
