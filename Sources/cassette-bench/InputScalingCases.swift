import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// 14. Inputs a real suite can meet, at n and 2n: the time of each doubles when the work is linear (n log n reads
/// a little over 2), and would quadruple if it were quadratic.
enum InputScalingCases {
    /// One input kind: its name, its size n, and the work on an input of a given size.
    private struct Kind {
        let name: String
        let n: Int
        let work: (Int) async throws -> Void
    }

    static func run() async throws -> [Row] {
        let kinds = [
            Kind(name: "import-har: unfollowed redirects", n: 5_000) { count in
                _ = try HTTPArchive.interactions(in: har(entries: (0..<count).map { redirect($0) }), file: URL(fileURLWithPath: "/bench.har"))
            },
            Kind(name: "import-har: headers of one entry", n: 10_000) { count in
                let headers = (0..<count).map { #"{"name": "X-H\#($0)", "value": "v\#($0)"}"# }.joined(separator: ",")
                _ = try HTTPArchive.interactions(in: har(entries: [entry(url: "https://h.test/", status: 200, headers: headers)]),
                                                 file: URL(fileURLWithPath: "/bench.har"))
            },
            Kind(name: "redact: secret-named form fields", n: 5_000) { count in
                redact(body: (0..<count).map { "token=value-\($0)-0123456789" }.joined(separator: "&"),
                       type: "application/x-www-form-urlencoded")
            },
            Kind(name: "redact: secret-named query items", n: 5_000) { count in
                redact(url: "https://h.test/p?" + (0..<count).map { "token=value-\($0)-0123456789" }.joined(separator: "&"))
            },
            Kind(name: "redact: query items of a URL held in a query value", n: 5_000) { count in
                let inner = (0..<count).map { "a\($0)=value-\($0)" }.joined(separator: "&")
                redact(url: "https://h.test/p?next=https%3A%2F%2Fb.test%2F%3F" + (inner.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? inner))
            },
            Kind(name: "redact: secret-named JSON values", n: 5_000) { count in
                redact(body: "[" + (0..<count).map { #"{"token": "value-\#($0)-0123456789"}"# }.joined(separator: ",") + "]",
                       type: "application/json")
            },
            Kind(name: "redact: n escaped secrets in a JSON body", n: 2_500) { count in
                // Each value `\u`-escaped, so that only the string scanner finds it again, in every string.
                redact(body: "[" + (0..<count).map { #"{"token": "\u0076alue-\#($0)-0123456789"}"# }.joined(separator: ",") + "]",
                       type: "application/json")
            },
            Kind(name: "redact: a Cookie header of n cookies", n: 5_000) { count in
                redact(headers: ["Cookie": (0..<count).map { "c\($0)=value-\($0)-0123456789" }.joined(separator: "; ")])
            },
            Kind(name: "no-match message: JSON arrays of n objects", n: 2_500) { count in
                try await noMatch(objects: count)
            },
        ]
        var rows: [Row] = []
        for kind in kinds {
            let (small, large) = (try await best { try await kind.work(kind.n) }, try await best { try await kind.work(2 * kind.n) })
            let ratio = large / small
            rows.append(Row(name: "14 \(kind.name)", measured: String(format: "n = %@: %.1f ms, 2n: %.1f ms", kind.n.formatted(), small * 1000, large * 1000),
                            ratio: ratio, target: "≤ 2.5 (linear 2)", met: ratio <= 2.5,
                            json: ["n": Double(kind.n), "n_ms": small * 1000, "2n_ms": large * 1000, "ratio": ratio]))
        }
        return rows
    }

    /// A cassette recording a POST of a JSON array of `count` objects, replayed with another value in each: the
    /// request matches nothing, and the cassette's error compares the two bodies.
    private static func noMatch(objects count: Int) async throws {
        let body = { (value: String) in Data(("[" + (0..<count).map { #"{"id": \#($0), "v": "\#(value)"}"# }.joined(separator: ",") + "]").utf8) }
        let name = "no-match-\(count)"
        var request = URLRequest(url: URL(string: "https://h.test/items")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        try CassetteFile.save([Interaction(request: RecordedRequest(method: "POST", url: "https://h.test/items",
                                                                    headers: ["Content-Type": "application/json"], body: Body(body("a"))),
                                           response: RecordedResponse(status: 200, url: "https://h.test/items"),
                                           recordedAt: Date(timeIntervalSince1970: 1_800_000_000))],
                              to: Fixtures.folder.appendingPathComponent(name + ".json"))
        request.httpBody = body("b")
        do {
            try await Cassette.use(.named(name), record: .never, options: .init(directory: .at(Fixtures.folder), unused: .ignore)) { session in
                try await Cases.send(request, on: session)
            }
        } catch where String(describing: error).contains("No recorded interaction matches") {
            return
        }
        throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "the request of \(count) objects matched, or failed otherwise"])
    }

    /// The shortest of three runs of `work`, in seconds.
    private static func best(_ work: () async throws -> Void) async rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<3 { times.append(try await elapsed(work)) }
        return times.min() ?? 0
    }

    private static func redact(url: String = "https://h.test/p", headers: [String: String] = [:], body: String? = nil, type: String? = nil) {
        var headers = headers
        if let type { headers["Content-Type"] = type }
        let request = RecordedRequest(method: body == nil ? "GET" : "POST", url: url, headers: headers, body: body.map { Body(Data($0.utf8)) })
        _ = Redaction.default.redacting([Interaction(request: request, response: nil, failure: RecordedFailure(code: -1009, description: "offline"),
                                                     recordedAt: Date(timeIntervalSince1970: 1_800_000_000))])
    }

    private static func har(entries: [String]) -> Data {
        Data(#"{"log": {"version": "1.2", "creator": {"name": "bench", "version": "1"}, "entries": [\#(entries.joined(separator: ","))]}}"#.utf8)
    }

    private static func redirect(_ index: Int) -> String {
        entry(url: "https://h.test/from/\(index)", status: 302, headers: #"{"name": "Location", "value": "/nowhere/\#(index)"}"#)
    }

    private static func entry(url: String, status: Int, headers: String) -> String {
        #"{"startedDateTime": "2026-11-25T10:00:00Z", "time": 1, "request": {"method": "GET", "url": "\#(url)", "httpVersion": "HTTP/1.1", "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0}, "response": {"status": \#(status), "statusText": "", "httpVersion": "HTTP/1.1", "headers": [\#(headers)], "cookies": [], "content": {"size": 0, "mimeType": "text/plain"}, "redirectURL": "", "headersSize": -1, "bodySize": 0}, "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}"#
    }
}
