import Foundation

/// One interaction as HAR entries: one per redirect hop, then the final exchange.
enum HARExport {
    static func entries(of interaction: Interaction, dates: HARDates) -> [HARDocument.Entry] {
        let request = interaction.request
        let started = dates.string(from: interaction.recordedAt)
        guard let response = interaction.response else {
            // A transport failure: HAR's convention (status 0), with the failure itself kept for the way back.
            var entry = entry(started: started, interaction: interaction, request: harRequest(request),
                              response: HARDocument.Response(status: 0, content: content(nil, headers: [:])), dates: dates)
            entry.error = interaction.failure?.description
            entry.cassette?.failure = interaction.failure
            return [entry.withoutEmptyCassetteFields]
        }
        var entries: [HARDocument.Entry] = []
        var method = request.method
        for (index, hop) in response.redirects.enumerated() {
            // The first hop is the request as sent; later ones are the requests URLSession made to follow.
            let hopRequest = harRequest(RecordedRequest(method: method, url: hop.url, headers: request.headers,
                                                        body: index == 0 ? request.body : nil))
            let hopResponse = harResponse(status: hop.status, headers: hop.headers, body: nil,
                                          httpVersion: response.httpVersion)
            var hopEntry = HARDocument.Entry(startedDateTime: started, time: 0, request: hopRequest, response: hopResponse,
                                             timings: .init(send: 0, wait: 0, receive: 0))
            hopEntry.cassette = .init(redirect: true)
            entries.append(hopEntry)
            method = followingMethod(method, status: hop.status)
        }
        let finalURL = response.redirects.isEmpty ? request.url : response.url
        let finalRequest = response.redirects.isEmpty
            ? request : RecordedRequest(method: method, url: finalURL, headers: request.headers, body: nil)
        var final = entry(started: started, interaction: interaction, request: harRequest(finalRequest),
                          response: harResponse(status: response.status, headers: response.headers, body: response.body,
                                                httpVersion: response.httpVersion), dates: dates)
        if response.url != finalURL { final.cassette?.url = response.url }
        final.cassette?.stream = response.stream
        entries.append(final.withoutEmptyCassetteFields)
        return entries
    }

    /// The method of the request that follows a redirect with `status`, as URLSession (and browsers) follow it.
    static func followingMethod(_ method: String, status: Int) -> String {
        switch status {
        case 303 where method != "HEAD": "GET"
        case 301 where method == "POST", 302 where method == "POST": "GET"
        default: method
        }
    }

    private static func entry(started: String, interaction: Interaction, request: HARDocument.Request,
                              response: HARDocument.Response, dates: HARDates) -> HARDocument.Entry {
        let milliseconds = interaction.duration.map { ($0 * 1000).rounded() } ?? 0
        var entry = HARDocument.Entry(startedDateTime: started, time: milliseconds, request: request, response: response,
                                      timings: .init(send: 0, wait: milliseconds, receive: 0))
        var fields = HARDocument.CassetteFields()
        fields.expires = interaction.expiresAt.map { dates.string(from: $0) }
        if interaction.duration == nil { fields.untimed = true }
        entry.cassette = fields
        return entry
    }

    private static func harRequest(_ request: RecordedRequest) -> HARDocument.Request {
        var har = HARDocument.Request(method: request.method, url: request.url, headers: fields(request.headers),
                                      queryString: queryItems(of: request.url))
        if let body = request.body {
            let (text, encoding) = text(of: body.data)
            har.postData = .init(mimeType: request.headers.value(caseInsensitiveKey: "Content-Type") ?? "",
                                 text: text, encoding: encoding)
            har.bodySize = body.data.count
        } else {
            har.bodySize = 0
        }
        return har
    }

    private static func harResponse(status: Int, headers: [String: String], body: Body?,
                                    httpVersion: String) -> HARDocument.Response {
        HARDocument.Response(status: status, httpVersion: httpVersion, headers: fields(headers),
                             content: content(body, headers: headers),
                             redirectURL: headers.value(caseInsensitiveKey: "Location") ?? "")
    }

    private static func content(_ body: Body?, headers: [String: String]) -> HARDocument.Content {
        var content = HARDocument.Content(size: body?.data.count ?? 0,
                                          mimeType: headers.value(caseInsensitiveKey: "Content-Type") ?? "")
        if let body {
            (content.text, content.encoding) = text(of: body.data)
        }
        return content
    }

    /// Headers as HAR lists them, by name.
    private static func fields(_ headers: [String: String]) -> [HARDocument.Field] {
        headers.sorted { $0.key < $1.key }.map { HARDocument.Field(name: $0.key, value: $0.value) }
    }

    /// The query items HAR lists beside the URL (percent-decoded); the URL itself is what reading uses.
    private static func queryItems(of url: String) -> [HARDocument.Field] {
        (URLComponents(string: url)?.queryItems ?? []).map { HARDocument.Field(name: $0.name, value: $0.value ?? "") }
    }

    /// The body as HAR text: the text itself when the bytes are UTF-8, else base64 with `encoding` `base64`.
    private static func text(of data: Data) -> (text: String, encoding: String?) {
        if let text = String(data: data, encoding: .utf8), Data(text.utf8) == data { return (text, nil) }
        return (data.base64EncodedString(), "base64")
    }
}

extension HARDocument.Entry {
    /// The entry without an empty `_cassette` object.
    var withoutEmptyCassetteFields: Self {
        var entry = self
        if entry.cassette?.isEmpty ?? true { entry.cassette = nil }
        return entry
    }
}

/// HAR's dates: ISO 8601 with milliseconds. One reader or writer serves a whole file: making a formatter costs more
/// than the rest of an entry (ICU builds its symbols each time).
final class HARDates {
    private let withFraction = ISO8601DateFormatter()
    private let plain = ISO8601DateFormatter()

    init() {
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        plain.formatOptions = [.withInternetDateTime]
    }

    func string(from date: Date) -> String {
        withFraction.string(from: date)
    }

    /// Reads an ISO 8601 date with or without fractional seconds, in any offset.
    func date(from text: String) -> Date? {
        withFraction.date(from: text) ?? plain.date(from: text)
    }
}
