import CassetteCore
import Foundation

/// What an input is read as. `FUZZ_TARGET` picks one; `cassette` is the default.
///
/// - `cassette`: a cassette file, decoded as replay decodes one (no crash, a typed error or the interactions), and
///   one interaction at a time as the `cassette` tool reads one, which must give the same.
/// - `har`: a HAR file, imported and redacted as `cassette import-har` does; the ``LeakOracle`` judges what it stores.
/// - `body`: a body of the content type the first byte picks, sent in a request and echoed by its response (or in
///   one of them, by the second byte), redacted as recording redacts; judged by the ``LeakOracle``.
/// - `scan`: text placed where the redaction scanner reads (a URL's query and fragment, header values, a cookie, a
///   redirect's `Location`, a plain-text body); judged by the ``LeakOracle``.
enum FuzzTarget: String, CaseIterable, Sendable {
    case cassette, har, body, scan

    /// The target `FUZZ_TARGET` names, or `nil` with a message for a name it does not know.
    static func fromEnvironment() -> Result<FuzzTarget, FuzzFailure> {
        let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "cassette"
        guard let target = FuzzTarget(rawValue: name) else {
            return .failure(FuzzFailure(description: "FUZZ_TARGET=\(name) is none of "
                + allCases.map(\.rawValue).joined(separator: ", ")))
        }
        return .success(target)
    }

    /// What reading `data` gave: `nil` when all is well (a typed error is well), else what went wrong.
    func run(_ data: Data) -> FuzzFailure? {
        switch self {
        case .cassette:
            return FuzzInput.inTurnDifference(data, whole: FuzzInput.decode(data)).map { FuzzFailure(description: "cassette: \($0)") }
        case .har:
            guard let contents = try? HTTPArchive.interactions(in: data, file: FuzzInput.file) else { return nil }
            return judge(contents.interactions)
        case .body:
            return judge([Self.bodyExchange(data)])
        case .scan:
            return judge([Self.scanExchange(String(decoding: data, as: UTF8.self))])
        }
    }

    /// The interactions an input gives, before redaction (none for `cassette`, or a HAR file that does not read).
    func interactions(_ data: Data) -> [Interaction] {
        switch self {
        case .cassette: []
        case .har: (try? HTTPArchive.interactions(in: data, file: FuzzInput.file).interactions) ?? []
        case .body: [Self.bodyExchange(data)]
        case .scan: [Self.scanExchange(String(decoding: data, as: UTF8.self))]
        }
    }

    private func judge(_ interactions: [Interaction]) -> FuzzFailure? {
        LeakOracle.problem(in: Redaction.default.redacting(interactions)).map { FuzzFailure(description: "\(rawValue): \($0)") }
    }

    /// The content types the first byte of a `body` input picks from (modulo their count).
    static let contentTypes: [String?] = [
        "application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=B", "text/plain",
        "text/event-stream", "text/html; charset=utf-8", "application/octet-stream", nil, "application/vnd.api+json",
        "application/x-www-form-urlencoded; charset=utf-8", "application/xml",
    ]

    /// A `body` input's exchange: byte 0 the content type, byte 1 where the body goes (0 both, 1 the request, 2 the
    /// response), the rest the body.
    static func bodyExchange(_ data: Data) -> Interaction {
        let bytes = [UInt8](data)
        let type = bytes.first.map { contentTypes[Int($0) % contentTypes.count] } ?? nil
        let place = bytes.count > 1 ? bytes[1] % 3 : 0
        let body = Body(Data(bytes.dropFirst(2)))
        var headers: [String: String] = [:]
        if let type { headers["Content-Type"] = type }
        let request = RecordedRequest(method: "POST", url: "https://api.test/post", headers: headers,
                                      body: place == 2 ? nil : body)
        let response = RecordedResponse(status: 200, headers: headers, body: place == 1 ? nil : body,
                                        url: "https://api.test/post")
        return Interaction(request: request, response: response, recordedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// A `scan` input's exchange: the text's first line in a URL's query and fragment, in header values (a custom
    /// one, a cookie, `Location`, a redirect's URL); the whole text as a plain-text body.
    static func scanExchange(_ text: String) -> Interaction {
        let line = String(text.prefix { $0 != "\n" && $0 != "\r" })
        let url = "https://api.test/get?" + line + "#" + line
        let request = RecordedRequest(method: "GET", url: url,
                                      headers: ["X-Custom": line, "Cookie": line, "Content-Type": "text/plain"],
                                      body: Body(Data(text.utf8)))
        let response = RecordedResponse(status: 200, headers: ["Location": url, "Set-Cookie": line, "Content-Type": "text/plain"],
                                        body: Body(Data(text.utf8)), url: url,
                                        redirects: [RecordedRedirect(status: 302, url: "https://api.test/r?" + line,
                                                                     headers: ["Location": url])])
        return Interaction(request: request, response: response, recordedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }
}

/// What a target found wrong with an input.
struct FuzzFailure: Error, Equatable, CustomStringConvertible {
    let description: String
}
