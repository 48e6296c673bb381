import CassetteCore
import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Case 9: a recorded stream of server-sent events replayed piece by piece to a task whose session calls its
/// delegate, against the floor protocol handing the same pieces to the same kind of delegate.
enum StreamCase {
    static let url = URL(string: "http://bench.test/v1/chat/completions")!
    /// What a streaming endpoint answers with: no `Content-Length`, the body is chunked.
    static let responseHeaders = ["Content-Type": "text/event-stream", "Cache-Control": "no-cache", "Server": "bench"]

    /// `count` server-sent events shaped like a chat-completions stream, one word each: 60 to 80 bytes an event.
    static func events(_ count: Int) -> [Data] {
        let words = [" the", " cassette", " replays", " every", " recorded", " event", " in", " order,", " at once",
                     " unless", " asked", " to", " wait", " for", " its", " time."]
        return (0..<count).map { index in
            Data("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\(words[index % words.count])\"}}]}\n\n".utf8)
        }
    }

    /// One interaction answering `GET url` with `events`, stored as a stream of one piece per event, all at time 0.
    static func interaction(_ events: [Data]) -> Interaction {
        let body = events.reduce(into: Data()) { $0.append($1) }
        return Interaction(
            request: RecordedRequest(method: "GET", url: url.absoluteString, headers: ["Accept": "text/event-stream"]),
            response: RecordedResponse(status: 200, headers: responseHeaders, body: Body(body), url: url.absoluteString,
                                       stream: RecordedStream(head: 0, chunks: events.map { RecordedStream.Chunk(at: 0, size: $0.count) })),
            recordedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// Writes a cassette of ``interaction(_:)`` for `events`; returns its name.
    static func cassette(_ events: [Data]) throws -> String {
        let name = "stream-\(events.count)"
        let file = Fixtures.folder.appendingPathComponent(name + ".json")
        if !FileManager.default.fileExists(atPath: file.path) { try CassetteFile.save([interaction(events)], to: file) }
        return name
    }

    static var request: URLRequest {
        var request = URLRequest(url: url)
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        return request
    }

    /// 9. One stream of `events` events replayed to a counting delegate, against the floor.
    static func replay(events count: Int) async throws -> Row {
        let events = events(count)
        let bytes = events.reduce(0) { $0 + $1.count }
        let name = try cassette(events)
        StreamFloorProtocol.answer.withLock { $0 = (responseHeaders, events) }
        let floorDelegate = CountingDelegate()
        let floor = FloorProtocol.session(protocolClass: StreamFloorProtocol.self, delegate: floorDelegate)
        defer { floor.finishTasksAndInvalidate() }
        // Each run must hear every event, one call each, and nothing else.
        func check(_ counted: CountingDelegate.Count) throws {
            guard counted.pieces == count, counted.bytes == bytes else { throw URLError(.cannotDecodeContentData) }
        }
        let (floorTimes, replayTimes) = try await Cassette.useConfiguration(.named(name), record: .never, options: .init(directory: .at(Fixtures.folder), repeatsLastResponse: true)) { configuration in
            let replayDelegate = CountingDelegate()
            let session = URLSession(configuration: configuration, delegate: replayDelegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            return try await interleaved(repetitions: Cases.repetitions, {
                try check(try await floorDelegate.run(request, on: floor))
            }, {
                try check(try await replayDelegate.run(request, on: session))
            })
        }
        let (floorSample, replaySample) = (microseconds(floorTimes, per: count), microseconds(replayTimes, per: count))
        let ratio = medianRatio(replayTimes, floorTimes)
        return Row(name: "9 stream replay (\(grouped(count)) events)",
                   measured: String(format: "replay %.2f µs/event [%.2f–%.2f], floor %.2f µs/event [%.2f–%.2f]", replaySample.median,
                                    replaySample.min, replaySample.max, floorSample.median, floorSample.min, floorSample.max),
                   ratio: ratio, target: "≤ 1.2", met: ratio <= 1.2,
                   json: ["replay_us_per_event": replaySample.median, "floor_us_per_event": floorSample.median, "ratio": ratio])
    }
}

/// `10000` as `10,000`.
func grouped(_ number: Int) -> String {
    number < 1000 ? String(number) : grouped(number / 1000) + String(format: ",%03d", number % 1000)
}

/// The floor for streams: answers every request with the prepared response headers and pieces, from memory, one
/// `didLoad` per piece, with no lookup at all.
final class StreamFloorProtocol: URLProtocol {
    /// The headers and pieces it answers with, set before a run.
    static let answer = LockedBox<([String: String], [Data])>(([:], []))

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let (headers, pieces) = Self.answer.withLock { $0 }
        guard let client, let url = request.url,
              let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers) else { return }
        client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        for piece in pieces { client.urlProtocol(self, didLoad: piece) }
        client.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// A session delegate that reads a body piece by piece, as streaming code does on Linux (where
/// `URLSession.bytes(for:)` does not exist): it counts the calls and their bytes and drops the data. One task at a
/// time.
final class CountingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    struct Count: Sendable {
        var pieces = 0
        var bytes = 0
    }

    /// What the task heard so far, and the run waiting for it to end: the delegate queue calls in, `run` starts
    /// and awaits each task.
    private let state = LockedBox<(count: Count, finished: CheckedContinuation<Result<Count, any Error>, Never>?)>((Count(), nil))

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { state in
            state.count.pieces += 1
            state.count.bytes += data.count
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (counted, continuation) = state.withLock { state in
            defer { state.finished = nil }
            return (state.count, state.finished)
        }
        continuation?.resume(returning: error.map { .failure($0) } ?? .success(counted))
    }

    /// Sends `request` on `session` (made with this delegate) and returns what it heard once the task completes.
    func run(_ request: URLRequest, on session: URLSession) async throws -> Count {
        try await withCheckedContinuation { (continuation: CheckedContinuation<Result<Count, any Error>, Never>) in
            state.withLock { $0 = (Count(), continuation) }
            session.dataTask(with: request).resume()
        }.get()
    }
}
