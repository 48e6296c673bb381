import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A recorded stream (see ``RecordedStream``) in the file and on replay: its pieces reach a task that reads them one
/// by one in order, at their times when asked; a task that takes its body whole gets it whole; it ends as recorded.
@Suite("Streams: stored piece by piece, replayed piece by piece")
struct StreamDeliveryTests {
    private static let events = ["data: {\"n\":1}\n\n", "data: {\"n\":2}\n\n", "data: [DONE]\n\n"]

    /// A cassette answering `GET http://api.test/stream` with the three events, 0.1 s apart, ending with `end`.
    private static func streamCassette(_ name: String, end: RecordedStream.End = .complete, in directory: URL) throws {
        var interaction = Fixture.interaction("http://api.test/stream", body: events.joined(), headers: ["Content-Type": "text/event-stream"])
        interaction.response?.stream = RecordedStream(head: 0.01, chunks: events.enumerated().map {
            RecordedStream.Chunk(at: 0.1 * Double($0.offset + 1), size: $0.element.utf8.count)
        }, end: end)
        try Fixture.write([interaction], name: name, in: directory)
    }

    private static let request = URLRequest(url: URL(string: "http://api.test/stream")!)

    @Test("a stream is written as its header time, its pieces as \"<seconds>s <bytes>B\" and how it ended, and read back")
    func fileForm() throws {
        let stream = RecordedStream(head: 0.003, chunks: [.init(at: 0.1, size: 12), .init(at: 1.25, size: 3)], end: .failed(code: -1005))
        let data = try JSONEncoder().encode(stream)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""0.1s 12B""#) && text.contains(#""1.25s 3B""#) && text.contains(#""URLError -1005""#))
        #expect(try JSONDecoder().decode(RecordedStream.self, from: data) == stream)
        let complete = try JSONEncoder().encode(RecordedStream(head: 0, chunks: [.init(at: 0, size: 1)]))
        #expect(!String(decoding: complete, as: UTF8.self).contains("end"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RecordedStream.self, from: Data(#"{"head":0,"chunks":["0.1 12"]}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RecordedStream.self, from: Data(#"{"head":0,"chunks":[],"end":"done"}"#.utf8)) }
        // A hand-edited file cannot make replay overflow or wait for ages: sizes, times and the head have bounds.
        for bad in [#"{"head":0,"chunks":["0.1s 9223372036854775807B"]}"#, #"{"head":0,"chunks":["1e300s 5B"]}"#,
                    #"{"head":-1e300,"chunks":[]}"#, #"{"head":0,"chunks":["nans 1B"]}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(RecordedStream.self, from: Data(bad.utf8)) }
        }
    }

    @Test("a body is a stream when it came in pieces and streams by its headers or its pace; a quick body with a length is not")
    func whatStreams() {
        let quick = [RecordedStream.Chunk(at: 0.01, size: 10), .init(at: 0.011, size: 10)]
        let paced = [RecordedStream.Chunk(at: 0.01, size: 10), .init(at: 0.2, size: 10)]
        #expect(RecordedStream.isStream(contentType: "text/event-stream; charset=utf-8", contentLength: "20", chunks: quick, end: .complete))
        #expect(RecordedStream.isStream(contentType: "application/json", contentLength: nil, chunks: quick, end: .complete))
        #expect(RecordedStream.isStream(contentType: "application/octet-stream", contentLength: "20", chunks: paced, end: .complete))
        #expect(!RecordedStream.isStream(contentType: "application/json", contentLength: "20", chunks: quick, end: .complete))
        #expect(!RecordedStream.isStream(contentType: "text/event-stream", contentLength: nil, chunks: [quick[0]], end: .complete))
        #expect(RecordedStream.isStream(contentType: "text/event-stream", contentLength: nil, chunks: [quick[0]], end: .cancelled))
    }

    @Test("a body whose length redaction changed keeps its pieces' number and times, their boundaries moved in proportion")
    func fitting() {
        let stream = RecordedStream(head: 0, chunks: [.init(at: 0.1, size: 10), .init(at: 0.2, size: 10), .init(at: 0.3, size: 20)])
        #expect(stream.fitted(toLength: 40) == stream)
        let longer = stream.fitted(toLength: 80)
        #expect(longer.chunks.map(\.size) == [20, 20, 40] && longer.chunks.map(\.at) == [0.1, 0.2, 0.3])
        #expect(stream.fitted(toLength: 3).chunks.map(\.size).reduce(0, +) == 3)
    }

    @Test("the drift check compares an event stream's event types and each type's JSON shape, never values")
    func driftInEvents() {
        let recorded = Fixture.interaction("http://api.test/stream",
                                           body: "event: delta\ndata: {\"text\":\"a\",\"n\":1}\n\ndata: [DONE]\n\n", headers: ["Content-Type": "text/event-stream"])
        let same = Data("event: delta\ndata: {\"text\":\"other words\",\"n\":2}\n\ndata: [DONE]\n\n".utf8)
        #expect(DriftComparison.differences(recorded: recorded, status: 200, headers: ["Content-Type": "text/event-stream"], body: same).isEmpty)
        let changed = Data("event: delta\ndata: {\"text\":1}\n\nevent: usage\ndata: {}\n\n".utf8)
        #expect(DriftComparison.differences(recorded: recorded, status: 200, headers: ["Content-Type": "text/event-stream"], body: changed)
            == ["event types: recorded [\"delta\", \"message\"], live [\"delta\", \"usage\"]",
                "$event(delta).n: recorded number, missing live", "$event(delta).text: recorded string, live number"])
    }

    #if canImport(FoundationNetworking)
    @Test("on corelibs a task of a session that calls its delegate hears pieces; a completion-handler task does not")
    func whoHearsPieces() {
        let delegated = URLSession(configuration: .ephemeral, delegate: PieceLog(), delegateQueue: nil)
        defer { delegated.invalidateAndCancel() }
        // A task is registered on its work queue, where startLoading() runs and where the registry is read.
        func hears(_ task: URLSessionTask) -> Bool {
            ClientQueues.workQueue(of: task)?.sync { CorelibsReflection.hearsPieces(task, session: CorelibsReflection.session(of: task)) } ?? false
        }
        #expect(hears(delegated.dataTask(with: Self.request)), "corelibs keeps a task's behaviour in URLSession.taskRegistry.behaviours")
        #expect(!hears(delegated.dataTask(with: Self.request) { _, _, _ in }))
    }
    #endif

    @Test("replay hands a delegate each piece in order, at once by default and at the recorded times with .recorded")
    func piecesInOrder() async throws {
        try await withTemporaryDirectory { directory in
            try Self.streamCassette("stream", in: directory)
            var lasts: [TimeInterval] = []
            for latency in [ReplayLatency.immediate, .recorded] {
                let events = try await Cassette.useConfiguration("stream", record: .never, options: .init(directory: .at(directory), latency: latency)) {
                    await PieceLog().run(Self.request, on: $0)
                }
                #expect(events.map(\.kind) == [.response(200)] + Self.events.map { .data(Data($0.utf8)) } + [.end(nil)], "\(events)")
                if latency == .recorded {
                    // No piece comes before its time. (How close after is compared with live in LiveStreamTests, run
                    // alone: beside this whole suite on two cores, a timer may fire half a second late.)
                    for (index, event) in events.dropFirst().prefix(3).enumerated() {
                        #expect(event.at >= 0.1 * Double(index + 1) - 0.005, "\(events)")
                    }
                }
                lasts.append(events.last?.at ?? 0)
            }
            #expect(lasts[0] < lasts[1], "at once is sooner than at the recorded pace: \(lasts)")
        }
    }

    @Test("a stream that came through a redirect asks the task's delegate about it, then arrives piece by piece")
    func redirectedStream() async throws {
        try await withTemporaryDirectory { directory in
            var interaction = Fixture.interaction("http://api.test/start", body: Self.events.joined(), headers: ["Content-Type": "text/event-stream"])
            interaction.response?.url = "http://api.test/stream"
            interaction.response?.redirects = [RecordedRedirect(status: 302, url: "http://api.test/start", headers: ["Location": "/stream"])]
            interaction.response?.stream = RecordedStream(head: 0, chunks: Self.events.map { .init(at: 0, size: $0.utf8.count) })
            try Fixture.write([interaction], name: "redirected", in: directory)
            let events = try await Cassette.useConfiguration("redirected", record: .never, options: .init(directory: .at(directory))) {
                await PieceLog().run(URLRequest(url: URL(string: "http://api.test/start")!), on: $0)
            }
            #expect(events.map(\.kind) == [.response(200)] + Self.events.map { .data(Data($0.utf8)) } + [.end(nil)], "\(events)")
            // A delegate that now stops at the redirect asks for what was never recorded.
            let error = await #expect(throws: CassetteError.self) {
                try await Cassette.useConfiguration("redirected", record: .never, options: .init(directory: .at(directory))) { configuration in
                    let session = URLSession(configuration: configuration, delegate: DecidingDelegate(redirects: .stop), delegateQueue: nil)
                    defer { session.finishTasksAndInvalidate() }
                    _ = try? await session.data(from: URL(string: "http://api.test/start")!)
                }
            }
            #expect(error?.code == .delegateDecidedOtherwise)
        }
    }

    @Test("a task that takes its body whole gets the whole stream, as live")
    func wholeForCompletionHandlers() async throws {
        try await withTemporaryDirectory { directory in
            try Self.streamCassette("stream", in: directory)
            let (data, response) = try await Cassette.use("stream", record: .never, options: .init(directory: .at(directory))) { session in
                try await Fixture.send(Self.request, on: session)
            }
            #expect(response.statusCode == 200 && data == Data(Self.events.joined().utf8))
        }
    }

    @Test("a cut fault ends a stream after N pieces with networkConnectionLost; a stall fault sends nothing more until the timeout")
    func faults() async throws {
        try await withTemporaryDirectory { directory in
            try Self.streamCassette("stream", in: directory)
            let cut = try await Cassette.useConfiguration("stream", record: .never, options: .init(directory: .at(directory), faults: [.cut(afterPieces: 2, when: .request(1))])) {
                await PieceLog().run(Self.request, on: $0)
            }
            #expect(cut.map(\.kind) == [.response(200), .data(Data(Self.events[0].utf8)), .data(Data(Self.events[1].utf8)),
                                       .end(URLError.networkConnectionLost.rawValue)], "\(cut)")
            var request = Self.request
            request.timeoutInterval = 0.3
            let stalled = try await Cassette.useConfiguration("stream", record: .never, options: .init(directory: .at(directory), faults: [.stall(afterPieces: 1, when: .request(1))])) {
                await PieceLog().run(request, on: $0)
            }
            #expect(stalled.map(\.kind) == [.response(200), .data(Data(Self.events[0].utf8)), .end(URLError.timedOut.rawValue)], "\(stalled)")
            #expect(stalled.last!.at >= 0.3)
        }
    }

    @Test("which streams a seeded cut fault breaks is the same every run, and another seed breaks others")
    func seededCuts() async throws {
        try await withTemporaryDirectory { directory in
            let urls = (1...12).map { "http://api.test/stream/\($0)" }
            try Fixture.write(urls.map { url in
                var interaction = Fixture.interaction(url, body: Self.events.joined(), headers: ["Content-Type": "text/event-stream"])
                interaction.response?.stream = RecordedStream(head: 0, chunks: Self.events.map { .init(at: 0, size: $0.utf8.count) })
                return interaction
            }, name: "streams", in: directory)
            func broken(seed: UInt64) async throws -> [String] {
                try await Cassette.useConfiguration("streams", record: .never, options: .init(directory: .at(directory), faults: [.cut(afterPieces: 1, when: .fraction(0.5, seed: seed))])) { configuration in
                    var broken: [String] = []
                    for url in urls.shuffled() {
                        let events = await PieceLog().run(URLRequest(url: URL(string: url)!), on: configuration)
                        if events.last?.kind == .end(URLError.networkConnectionLost.rawValue) { broken.append(url) }
                    }
                    return broken.sorted()
                }
            }
            let first = try await broken(seed: 11)
            #expect(try await broken(seed: 11) == first)
            #expect(!first.isEmpty && first.count < urls.count)
            #expect(try await broken(seed: 12) != first)
        }
    }

    @Test("a stream recorded as cut ends with its URLError after its pieces; one the app cancelled holds until the timeout")
    func endings() async throws {
        try await withTemporaryDirectory { directory in
            try Self.streamCassette("cut", end: .failed(code: URLError.networkConnectionLost.rawValue), in: directory)
            let cut = try await Cassette.useConfiguration("cut", record: .never, options: .init(directory: .at(directory))) {
                await PieceLog().run(Self.request, on: $0)
            }
            #expect(cut.map(\.kind).suffix(2) == [.data(Data(Self.events[2].utf8)), .end(URLError.networkConnectionLost.rawValue)])

            try Self.streamCassette("cancelled", end: .cancelled, in: directory)
            var request = Self.request
            request.timeoutInterval = 0.3
            let held = try await Cassette.useConfiguration("cancelled", record: .never, options: .init(directory: .at(directory))) {
                await PieceLog().run(request, on: $0)
            }
            #expect(held.count == 5 && held.last?.kind == .end(URLError.timedOut.rawValue), "\(held)")
            #expect(held.last!.at >= 0.3, "\(held)")
            let cancelled = try await Cassette.useConfiguration("cancelled", record: .never, options: .init(directory: .at(directory))) {
                await PieceLog(cancelAfter: 3).run(Self.request, on: $0)
            }
            #expect(cancelled.last?.kind == .end(URLError.cancelled.rawValue) && cancelled.last!.at < 30, "\(cancelled)")
        }
    }
}
