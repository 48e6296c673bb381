import CassetteCore
import Foundation

/// The cassettes the benchmark replays, written to a temporary folder.
enum Fixtures {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-bench-\(getpid())")
    static let responseHeaders = ["Content-Type": "application/json", "Content-Length": "1024", "Server": "bench"]

    /// A JSON body of exactly 1 KiB, different for each `id`, laid out as Python's `json.dumps(indent=2,
    /// sort_keys=True)` writes it (httpbin's style), so the cassette stores it as inline JSON.
    static func jsonBody(_ id: Int) -> Data {
        let head = "{\n  \"id\": \(id),\n  \"name\": \"item \(id)\",\n  \"payload\": \""
        let tail = "\",\n  \"tags\": [\n    \"a\",\n    \"b\"\n  ]\n}\n"
        let filler = String(repeating: "x", count: 1024 - head.utf8.count - tail.utf8.count)
        return Data((head + filler + tail).utf8)
    }

    static func url(_ id: Int) -> URL {
        URL(string: "http://bench.test/items/\(id)")!
    }

    static func interaction(_ id: Int, body: Data? = nil) -> Interaction {
        let url = url(id).absoluteString
        return Interaction(
            request: RecordedRequest(method: "GET", url: url, headers: ["Accept": "application/json"]),
            response: RecordedResponse(status: 200, headers: responseHeaders, body: Body(body ?? jsonBody(id)), url: url),
            recordedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// Writes a cassette of `count` distinct interactions of `shape` and returns its name.
    static func cassette(count: Int, shape: Shape = .short) throws -> String {
        let name = shape == .short ? "distinct-\(count)" : "\(shape)-\(count)"
        let file = folder.appendingPathComponent(name + ".json")
        if !FileManager.default.fileExists(atPath: file.path) {
            try CassetteFile.save((0..<count).map { shape.interaction($0) }, to: file)
        }
        return name
    }

    static func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
