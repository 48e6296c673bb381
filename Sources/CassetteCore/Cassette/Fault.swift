import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failure replay injects in place of a recorded answer, to test a client's retries and error handling against
/// real recordings.
///
/// ```swift
/// try await Cassette.use("users/list", options: .init(faults: [
///     .fail(.notConnectedToInternet, when: .request(1)),                       // the first request
///     .respond(status: 503, body: Data("busy".utf8), when: .matching { $0.path == "/users" }),
///     .truncate(toBytes: 10, when: .fraction(0.2, seed: 7)),                   // about one in five, every run the same
///     .cut(afterPieces: 3, when: .matching { $0.path == "/chat" }),           // a stream that breaks after 3 events
/// ])) { session in ... }
/// ```
///
/// Faults apply only to requests that found a recording (a request with none fails as always), the first fault
/// that selects a request wins, and a replayed interaction counts as replayed whether a fault answered it or not.
public struct Fault: Sendable {
    /// Which requests a fault answers.
    public struct Selection: Sendable {
        fileprivate enum Kind: Sendable {
            case requests(Set<Int>)
            case matching(@Sendable (RecordedRequest) -> Bool)
            case fraction(Double, seed: UInt64)
        }

        fileprivate let kind: Kind

        /// The requests at these positions among those the cassette answers, in the order they reach it, from 1.
        public static func request(_ positions: Int...) -> Selection {
            Selection(kind: .requests(Set(positions)))
        }

        /// The requests (as the cassette stores them: redacted) for which `predicate` is true.
        public static func matching(_ predicate: @escaping @Sendable (RecordedRequest) -> Bool) -> Selection {
            Selection(kind: .matching(predicate))
        }

        /// About `fraction` of the requests (0 to 1), chosen by `seed`: the same seed picks the same requests every
        /// run, whatever order they are sent in (the choice depends on each request's match key and how many
        /// requests with that key came before it, not on timing).
        public static func fraction(_ fraction: Double, seed: UInt64) -> Selection {
            Selection(kind: .fraction(min(max(fraction, 0), 1), seed: seed))
        }

        /// Whether the selection picks the request `stored`, the `position`-th the cassette answered, which is the
        /// `occurrence`-th (from 1) with its match key `key`.
        func selects(_ stored: RecordedRequest, position: Int, key: String, occurrence: Int) -> Bool {
            switch kind {
            case .requests(let positions): positions.contains(position)
            case .matching(let predicate): predicate(stored)
            case .fraction(let fraction, let seed): Self.unitValue(key: key, occurrence: occurrence, seed: seed) < fraction
            }
        }

        /// A number in [0, 1) that `key`, `occurrence` and `seed` fix: FNV-1a over the key's bytes, mixed with the
        /// rest by SplitMix64 (Swift's `Hasher` is seeded per process, so it cannot serve).
        private static func unitValue(key: String, occurrence: Int, seed: UInt64) -> Double {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in key.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            var mixed = hash ^ seed ^ (UInt64(truncatingIfNeeded: occurrence) &* 0x9E37_79B9_7F4A_7C15)
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            return Double(mixed >> 11) / Double(UInt64(1) << 53)
        }
    }

    /// What a fault answers instead of the recording.
    enum Effect: Sendable {
        case fail(URLError.Code)
        case respond(status: Int, headers: [String: String], body: Data)
        case truncate(bytes: Int)
        /// Keeps the first `pieces` pieces of the body, then fails (`cut`) or sends nothing more (stalls).
        case stream(pieces: Int, cut: Bool)
    }

    let effect: Effect
    let selection: Selection

    /// What the client gets instead of `recorded`, the recorded outcome for a request to `url`.
    func outcome(replacing recorded: Outcome, url: URL) -> Outcome {
        switch effect {
        case .fail(let code):
            return .failure(Self.error(code, url))
        case .respond(let status, let headers, let body):
            var fields = headers
            if !fields.keys.contains(where: { $0.equalsIgnoringASCIICase("Content-Length") }) { fields["Content-Length"] = String(body.count) }
            guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields) else {
                return .failure(Self.error(.cannotParseResponse, url))
            }
            return .response(response, body, cookies: [])
        case .truncate(let bytes):
            switch recorded {
            case .response(let response, let data, let cookies), .stream(let response, let data, let cookies, _):
                return .truncated(response, data.prefix(bytes), cookies: cookies, then: Self.error(.networkConnectionLost, url))
            default:
                return recorded
            }
        case .stream(let pieces, let cut):
            let end: RecordedStream.End = cut ? .failed(code: URLError.networkConnectionLost.rawValue) : .cancelled
            switch recorded {
            case .stream(let response, let data, let cookies, let stream):
                let kept = Array(stream.chunks.prefix(pieces))
                return .stream(response, data.prefix(kept.reduce(0) { $0 + $1.size }), cookies: cookies,
                               RecordedStream(head: stream.head, chunks: kept, end: end))
            case .response(let response, let data, let cookies):
                // A body kept whole is one piece.
                let kept = pieces > 0 ? [RecordedStream.Chunk(at: 0, size: data.count)] : []
                return .stream(response, pieces > 0 ? data : Data(), cookies: cookies, RecordedStream(head: 0, chunks: kept, end: end))
            default:
                return recorded
            }
        }
    }

    /// The error a failing request to `url` gets, with the failing-URL keys URLSession sets.
    private static func error(_ code: URLError.Code, _ url: URL) -> URLError {
        URLError(code: code.rawValue, failingURL: url)
    }

    /// Fails the selected requests with `URLError(code)`, as the network would.
    public static func fail(_ code: URLError.Code, when selection: Selection) -> Fault {
        Fault(effect: .fail(code), selection: selection)
    }

    /// Answers the selected requests with `status`, `headers` and `body` in place of what was recorded.
    public static func respond(status: Int, headers: [String: String] = [:], body: Data = Data(),
                               when selection: Selection) -> Fault {
        Fault(effect: .respond(status: status, headers: headers, body: body), selection: selection)
    }

    /// Delivers the recorded response with only the first `bytes` bytes of its body, then fails with
    /// `URLError(.networkConnectionLost)`, as a connection dropped mid-body does.
    public static func truncate(toBytes bytes: Int, when selection: Selection) -> Fault {
        Fault(effect: .truncate(bytes: max(0, bytes)), selection: selection)
    }

    /// Delivers the first `pieces` pieces of a recorded stream (see ``RecordedStream``; a server-sent event each,
    /// usually) at their times, then fails with `URLError(.networkConnectionLost)`, as a stream the network breaks
    /// does: how an app's reconnect (`Last-Event-ID`, `retry:`) and partial answers are tested. A body kept whole is
    /// one piece.
    public static func cut(afterPieces pieces: Int, when selection: Selection) -> Fault {
        Fault(effect: .stream(pieces: max(0, pieces), cut: true), selection: selection)
    }

    /// Delivers the first `pieces` pieces of a recorded stream at their times, then nothing more: the stream stays
    /// open until the app cancels it or its timeout passes (`URLError(.timedOut)`), as a server that stalls does.
    /// A body kept whole is one piece.
    public static func stall(afterPieces pieces: Int, when selection: Selection) -> Fault {
        Fault(effect: .stream(pieces: max(0, pieces), cut: false), selection: selection)
    }
}
