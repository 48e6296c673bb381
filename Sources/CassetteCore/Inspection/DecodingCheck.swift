import Caching
import Foundation

/// What decoding recorded response bodies into a model found: how many were decoded, and each that failed.
///
/// A model change is checked against every real response ever recorded:
///
/// ```swift
/// let check = try LoadedCassette.all(under: "httpbin").decoding(EchoedRequest.self) { $0.request.path == "/get" }
/// #expect(check.checked > 0)
/// #expect(check.failures.isEmpty, "\(check)")
/// ```
public struct DecodingCheck: Sendable, CustomStringConvertible {
    /// How many response bodies were decoded.
    public let checked: Int
    /// The bodies that did not decode, in the order of their cassettes and interactions.
    public let failures: [DecodingFailure]

    /// One line per failure, after a count.
    public var description: String {
        let summary = "\(checked) recorded response(s) decoded, \(failures.count) failed"
        return ([summary] + failures.map(\.description)).joined(separator: "\n")
    }
}

/// A recorded response body that did not decode: where it is, and where in the body decoding stopped.
public struct DecodingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cassette file.
    public let cassette: URL
    /// The interaction's position in the cassette, from 1.
    public let interaction: Int
    /// The request, as the cassette stores it (redacted): `GET http://…/users/7`.
    public let request: String
    /// Where in the body decoding stopped, as `items[2].price` (empty for the body itself); in an event stream,
    /// after the event, as `event 3: choices[0].delta`.
    public let codingPath: String
    /// Why, in the decoder's words.
    public let reason: String

    /// `file: interaction N (request): at path: reason`.
    public var description: String {
        let place = codingPath.isEmpty ? "" : "at \(codingPath): "
        return "\(cassette.path): interaction \(interaction) (\(request)): \(place)\(reason)"
    }
}

extension LoadedCassette {
    /// Decodes the body of every recorded response that `selects` picks (by default, those with a 2xx status) into
    /// `type` with `decoder`; a `text/event-stream` body event by event (data that is not JSON, such as `[DONE]`,
    /// skipped), a failure naming its event (`event 3: choices[0].delta`).
    public func decoding<T: Decodable>(_ type: T.Type, with decoder: JSONDecoder = JSONDecoder(),
                                       where selects: (Interaction) -> Bool = LoadedCassette.succeeded) -> DecodingCheck {
        var checked = 0
        var failures: [DecodingFailure] = []
        for (offset, interaction) in interactions.enumerated() {
            guard let response = interaction.response, selects(interaction) else { continue }
            let body = response.body?.data ?? Data()
            // A server-sent-events body is decoded event by event: the JSON data of each is one model.
            let documents: [(place: String, data: Data)]
            if ContentType(response.headers.value(caseInsensitiveKey: "Content-Type"))?.mediaType == "text/event-stream" {
                documents = EventStream.eventData(in: body).enumerated().compactMap { index, data in
                    JSONValue(parsing: data) != nil ? ("event \(index + 1)", data) : nil
                }
            } else {
                documents = [("", body)]
            }
            for document in documents {
                checked += 1
                do {
                    _ = try decoder.decode(T.self, from: document.data)
                } catch {
                    let (path, reason) = Self.explain(error)
                    let place = [document.place, path].filter { !$0.isEmpty }.joined(separator: ": ")
                    failures.append(DecodingFailure(cassette: file, interaction: offset + 1,
                                                    request: "\(interaction.request.method) \(interaction.request.url)",
                                                    codingPath: place, reason: reason))
                }
            }
        }
        return DecodingCheck(checked: checked, failures: failures)
    }

    /// Whether the interaction has a response with a 2xx status: what ``decoding(_:with:where:)`` picks by default.
    public static func succeeded(_ interaction: Interaction) -> Bool {
        (200..<300).contains(interaction.response?.status ?? 0)
    }

    /// The coding path and reason of a decoding error.
    private static func explain(_ error: any Error) -> (path: String, reason: String) {
        guard let error = error as? DecodingError else { return ("", "\(error)") }
        switch error {
        case .keyNotFound(let key, let context):
            return (CodingPathText.of(context.codingPath + [key]), "No value for the key \"\(key.stringValue)\".")
        case .valueNotFound(let type, let context):
            return (CodingPathText.of(context.codingPath), "Expected \(type), found null.")
        case .typeMismatch(let type, let context):
            return (CodingPathText.of(context.codingPath), "Expected \(type): \(context.debugDescription)")
        case .dataCorrupted(let context):
            let reason = context.codingPath.isEmpty ? "The body is not valid JSON: \(context.debugDescription)" : context.debugDescription
            return (CodingPathText.of(context.codingPath), reason)
        @unknown default:
            return ("", "\(error)")
        }
    }
}

extension Sequence where Element == LoadedCassette {
    /// ``LoadedCassette/decoding(_:with:where:)`` over every cassette, in order.
    public func decoding<T: Decodable>(_ type: T.Type, with decoder: JSONDecoder = JSONDecoder(),
                                       where selects: (Interaction) -> Bool = LoadedCassette.succeeded) -> DecodingCheck {
        let checks = map { $0.decoding(type, with: decoder, where: selects) }
        return DecodingCheck(checked: checks.reduce(0) { $0 + $1.checked }, failures: checks.flatMap(\.failures))
    }
}
