import Caching
import Foundation

/// Reads a HAR document's entries as interactions (see ``HTTPArchive/interactions(in:file:)``).
struct HARImport {
    let document: HARDocument
    let file: URL
    private let dates = HARDates()

    init(document: HARDocument, file: URL) {
        self.document = document
        self.file = file
    }

    /// Whether the file is one this package wrote: its redirect hops are marked, nothing is guessed.
    private var isOwn: Bool { document.log.creator.name == HTTPArchive.creatorName }

    func contents() throws(CassetteError) -> HTTPArchive.Contents {
        let entries = document.log.entries
        var consumed = Set<Int>()
        var result = HTTPArchive.Contents(interactions: [], skipped: [])
        // Each request URL's entries, in order: a redirect finds the entry that follows it with one lookup.
        let positions = entries.indices.reduce(into: [String: [Int]]()) { $0[entries[$1].request.url, default: []].append($1) }
        for index in entries.indices where !consumed.contains(index) {
            consumed.insert(index)
            var chain = [index]
            while let next = try following(chain[chain.count - 1], in: entries, positions: positions, consumed: consumed) {
                consumed.insert(next)
                chain.append(next)
            }
            switch try interaction(of: chain, in: entries) {
            case .interaction(let interaction): result.interactions.append(interaction)
            case .skipped(let reason): result.skipped.append("entry \(index + 1): \(reason)")
            }
        }
        return result
    }

    /// The entry that follows the redirect answered in entry `index`, if it is one: the first later entry, not yet
    /// part of a chain, that requests where the redirect leads (`positions` holds each URL's entries, in order).
    private func following(_ index: Int, in entries: [HARDocument.Entry], positions: [String: [Int]],
                           consumed: Set<Int>) throws(CassetteError) -> Int? {
        let entry = entries[index]
        if isOwn {
            guard entry.cassette?.redirect == true else { return nil }
            let next = index + 1
            guard next < entries.count else {
                throw error(at: index, "is marked as a redirect (_cassette.redirect) but no entry follows it")
            }
            return next
        }
        guard let response = entry.response, (300..<400).contains(response.status), response.status != 304,
              let target = redirectTarget(of: entry) else { return nil }
        guard let candidates = positions[target] else { return nil }
        // The first candidate after `index`, by bisection; then past those already in a chain.
        var low = 0
        var high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if candidates[middle] > index { high = middle } else { low = middle + 1 }
        }
        return candidates[low...].first { !consumed.contains($0) }
    }

    /// Where a redirect leads, as an absolute URL: `redirectURL`, else the `Location` header.
    private func redirectTarget(of entry: HARDocument.Entry) -> String? {
        let location = [entry.response?.redirectURL ?? ""].first { !$0.isEmpty }
            ?? entry.response?.headers?.first { $0.name.equalsIgnoringASCIICase("Location") }?.value
        guard let location, let base = URL(string: entry.request.url) else { return nil }
        return URL(string: location, relativeTo: base)?.absoluteURL.absoluteString
    }

    private enum Outcome {
        case interaction(Interaction)
        case skipped(String)
    }

    /// The interaction of a chain of entries: the first one's request, each but the last one's response as a
    /// redirect, the last one's response as the answer.
    private func interaction(of chain: [Int], in entries: [HARDocument.Entry]) throws(CassetteError) -> Outcome {
        let first = entries[chain[0]]
        let last = entries[chain[chain.count - 1]]
        guard let recordedAt = dates.date(from: first.startedDateTime) else {
            throw error(at: chain[0], "has a startedDateTime that is not an ISO 8601 date", field: "startedDateTime")
        }
        var interaction = Interaction(request: try request(of: first, at: chain[0]), recordedAt: recordedAt,
                                      duration: duration(of: chain.map { entries[$0] }))
        if let expires = last.cassette?.expires ?? first.cassette?.expires {
            guard let date = dates.date(from: expires) else {
                throw error(at: chain[chain.count - 1], "has a _cassette.expires that is not an ISO 8601 date", field: "_cassette.expires")
            }
            interaction.expiresAt = date
        }
        if let failure = last.cassette?.failure {
            interaction.failure = failure
            return .interaction(interaction)
        }
        guard let response = last.response, response.status > 0 else {
            guard let reason = last.error ?? last.response?.error ?? last.response?.failureText else {
                return .skipped("no response and no error")
            }
            guard let code = Self.urlErrorCode(forChromeError: reason) else { return .skipped("cancelled (\(reason))") }
            interaction.failure = RecordedFailure(code: code, description: reason)
            return .interaction(interaction)
        }
        var recorded = RecordedResponse(status: response.status, headers: headers(response.headers),
                                        body: try body(of: response.content, at: chain[chain.count - 1]),
                                        url: last.cassette?.url ?? last.request.url,
                                        httpVersion: (response.httpVersion ?? "").isEmpty ? "HTTP/1.1" : response.httpVersion ?? "",
                                        stream: last.cassette?.stream)
        recorded.redirects = chain.dropLast().map { index in
            let hop = entries[index]
            return RecordedRedirect(status: hop.response?.status ?? 0, url: hop.request.url, headers: headers(hop.response?.headers))
        }
        interaction.response = recorded
        return .interaction(interaction)
    }

    private func request(of entry: HARDocument.Entry, at index: Int) throws(CassetteError) -> RecordedRequest {
        RecordedRequest(method: entry.request.method, url: entry.request.url, headers: headers(entry.request.headers),
                        body: try body(of: entry.request.postData, at: index))
    }

    /// The whole exchange's duration in seconds, to the millisecond: the entries' `time`, else their timings;
    /// `nil` when no entry says.
    private func duration(of chain: [HARDocument.Entry]) -> TimeInterval? {
        if chain.contains(where: { $0.cassette?.untimed == true }) { return nil }
        var total = 0.0
        var known = false
        for entry in chain {
            if let time = entry.time, time >= 0 {
                total += time
                known = true
            } else if let timings = entry.timings {
                let parts = [timings.send, timings.wait, timings.receive].compactMap { $0 }.filter { $0 >= 0 }
                total += parts.reduce(0, +)
                known = known || !parts.isEmpty
            }
        }
        return known ? total.rounded() / 1000 : nil
    }

    /// Header fields as a cassette keeps them: HTTP/2 pseudo-headers dropped, repeated names joined with `, `
    /// under the first spelling.
    private func headers(_ fields: [HARDocument.Field]?) -> [String: String] {
        var result: [String: String] = [:]
        // Each name's first spelling, by its lowercased form: one lookup a field, however many there are.
        var spellings: [String: String] = [:]
        for field in fields ?? [] where !field.name.hasPrefix(":") {
            let lowercased = field.name.asciiLowercased
            if let existing = spellings[lowercased] {
                result[existing, default: ""] += ", " + field.value
            } else {
                spellings[lowercased] = field.name
                result[field.name] = field.value
            }
        }
        return result
    }

    private func body(of content: HARDocument.Content?, at index: Int) throws(CassetteError) -> Body? {
        guard let text = content?.text, !text.isEmpty else { return nil }
        return try bytes(text, encoding: content?.encoding, mimeType: content?.mimeType, at: index, field: "response.content.text")
    }

    private func body(of postData: HARDocument.PostData?, at index: Int) throws(CassetteError) -> Body? {
        guard let postData else { return nil }
        if let text = postData.text {
            return text.isEmpty ? nil
                : try bytes(text, encoding: postData.encoding ?? postData.underscoredEncoding, mimeType: postData.mimeType,
                            at: index, field: "request.postData.text")
        }
        // Exporters that list form fields instead of the text: the urlencoded body they stand for.
        guard let params = postData.params, !params.isEmpty, ContentType(postData.mimeType)?.isForm == true else { return nil }
        let form = params.map { Self.formEncoded($0.name) + "=" + Self.formEncoded($0.value ?? "") }.joined(separator: "&")
        return Body(Data(form.utf8))
    }

    private func bytes(_ text: String, encoding: String?, mimeType: String?, at index: Int, field: String) throws(CassetteError) -> Body {
        guard let encoding, !encoding.isEmpty else {
            if let latin1 = mitmproxyLatin1(text, mimeType: mimeType) { return Body(latin1) }
            return Body(Data(text.utf8))
        }
        guard encoding.lowercased() == "base64" else {
            throw error(at: index, "has an encoding \"\(encoding)\"; only base64 is defined", field: field)
        }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw error(at: index, "is not valid base64", field: field)
        }
        return Body(data)
    }

    /// The bytes of a body mitmproxy wrote as Latin-1 text: it decodes a body without a UTF-8 charset (and that is
    /// not JSON) one character per byte, and marks only mostly-binary ones as base64. `nil` for other files.
    private func mitmproxyLatin1(_ text: String, mimeType: String?) -> Data? {
        guard document.log.creator.name == "mitmproxy" else { return nil }
        let type = (mimeType ?? "").lowercased()
        guard !type.contains("charset=utf-8"), !type.contains("json"),
              text.unicodeScalars.contains(where: { $0.value >= 0x80 }),
              text.unicodeScalars.allSatisfy({ $0.value <= 0xFF }) else { return nil }
        return Data(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
    }

    /// A form field's name or value, as `application/x-www-form-urlencoded` writes it.
    private static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed.intersection(.urlQueryAllowed)) ?? text
        return encoded.replacingOccurrences(of: "%20", with: "+")
    }

    /// The `URLError` code for a network error a HAR names (Chrome's `net::ERR_…`, else `unknown`), or `nil` for
    /// a request the browser or client itself cancelled.
    static func urlErrorCode(forChromeError error: String) -> Int? {
        let codes: [String: URLError.Code] = [
            "net::ERR_CONNECTION_REFUSED": .cannotConnectToHost, "net::ERR_NAME_NOT_RESOLVED": .cannotFindHost,
            "net::ERR_TIMED_OUT": .timedOut, "net::ERR_CONNECTION_TIMED_OUT": .timedOut,
            "net::ERR_INTERNET_DISCONNECTED": .notConnectedToInternet, "net::ERR_CONNECTION_RESET": .networkConnectionLost,
            "net::ERR_CONNECTION_CLOSED": .networkConnectionLost, "net::ERR_EMPTY_RESPONSE": .badServerResponse,
            "net::ERR_CERT_AUTHORITY_INVALID": .serverCertificateUntrusted, "net::ERR_TOO_MANY_REDIRECTS": .httpTooManyRedirects,
        ]
        // What the browser or the client cancelled: nothing a server answered, nothing to replay.
        if ["net::ERR_ABORTED", "net::ERR_BLOCKED_BY_CLIENT", "Client disconnected."].contains(error) { return nil }
        return (codes[error] ?? .unknown).rawValue
    }

    private func error(at index: Int, _ problem: String, field: String? = nil) -> CassetteError {
        let path = "log.entries[\(index)]" + (field.map { "." + $0 } ?? "")
        return CassetteError(.invalidHAR, "At \(path): entry \(index + 1) \(problem).", cassette: file)
    }

    /// A decoding error as a sentence with its coding path.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "At \(CodingPathText.of(context.codingPath + [key])): HAR requires this field; it is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "At \(CodingPathText.of(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "The file is not JSON: \(context.debugDescription)"
                : "At \(CodingPathText.of(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "The file is not a HAR file: \(error)."
        }
    }
}
