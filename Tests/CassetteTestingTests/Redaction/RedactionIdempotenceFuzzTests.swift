import Foundation
import Testing
@testable import CassetteCore

/// What recording stores, redacted again, stays as it is, whatever the values: `cassette verify` reports every
/// change redacting again makes, so a file recording wrote must never change (else verify rejects fresh recordings).
/// Values and names come from pools of the shapes redaction looks into and of the traps around them, placed by a
/// seeded generator in every part of an exchange.
@Suite("Redaction: recorded exchanges do not change when redacted again")
struct RedactionIdempotenceFuzzTests {
    static let names = [
        "token", "Access-Token", "ACCESS_TOKEN", "client-secret", "password", "api_key", "signature", "headers", "Headers",
        "url", "next", "data", "weird key", "ключ", "to\u{212A}en", "\u{1F511}", "page", "x",
    ]

    static let values = [
        "Bearer live-token-0123456789", "Basic dXNlcjpwYXNzd29yZA==", "Bearer", "Bearer <REDACTED:token>",
        #"session="quoted-cookie-123456"; Path=/; HttpOnly, second=value-abcdefgh; Max-Age=3600"#,
        "https://user:p%40ss-word-1234@api.example.com/x?token=tok-%E2%82-xyz&next=https%3A%2F%2Fe.example%2F%3Fsignature%3Dsig%2B12345678#frag",
        "a=1&password=pa+ss%20word%zz&Access-Token=abcdefghij&=&&x", "ftp://:only-password-9@host/", "mailto:x@y?token=mail-token-123",
        "--B\r\nContent-Disposition: form-data; name=\"api_key\"\r\n\r\nmp-key-0123456789\r\n--B--\r\n",
        #"{"id_token": "idt-0123456789", "nested": [{"secret": "s\#u{e9}cre\#u{301}t-long-value"}]}"#,
        #"{"headers": {"Cookie": "a=b1234567; c=\"dddddddddd\"", "X-CSRF-Token": "csrf-0123456789"}}"#,
        "REDACTED_token_3", "REDACTED__1", "<REDACTED:token>", "<a<b>", "<>", "short", "", "1234567", "12345678",
        "Σύνθημα-value-ΑΣ", "http://127.0.0.1:8765/get?Token=%", "  padded-secret-value  ", "multi\nline\tsecret\u{7}",
        "?a=1?b=2?c=3?d=4?token=depth-four-123", "tok/en+1\"x", "a+b\"c<d-0123456789",
    ]

    /// SplitMix64, for reproducible cases.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        mutating func name() -> String { names[next(names.count)] }
        mutating func value() -> String { values[next(values.count)] }
        /// A value for a header: one line, and not a JSON document. A header holding JSON of more headers, or the
        /// lines of a multipart body, makes the secrets found in it overlap the one the header is; one pass replaces
        /// the first of two overlapping secrets only.
        mutating func headerValue() -> String {
            let value = value()
            let fits = !value.hasPrefix("{") && !value.hasPrefix("[") && !value.contains(where: \.isNewline)
            return fits ? value : "Bearer header-\(value.count)"
        }
        mutating func query() -> String {
            (0..<(1 + next(3))).map { _ in
                let name = name().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                return name + "=" + (value().addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? "")
            }.joined(separator: "&")
        }
        mutating func json(depth: Int = 0) -> [String: Any] {
            var object: [String: Any] = [:]
            for _ in 0..<(1 + next(3)) {
                object[name()] = depth < 2 && next(3) == 0 ? json(depth: depth + 1) : value()
            }
            return object
        }
    }

    static func exchange(seed: UInt64) throws -> Interaction {
        var random = Generator(state: seed)
        let url = "https://api.test/p?\(random.query())"
        let requestBody = try JSONSerialization.data(withJSONObject: random.json(), options: [.sortedKeys])
        let request = RecordedRequest(method: "POST", url: url,
                                      headers: ["Authorization": random.headerValue(), "Cookie": "sid=\(random.headerValue())",
                                                "Content-Type": "application/json", "X-Api-Key": random.headerValue()],
                                      body: Body(random.next(2) == 0 ? requestBody : Data(random.value().utf8)))
        let echo = try JSONSerialization.data(withJSONObject: ["url": url, "headers": request.headers, "json": random.json(),
                                                               "data": String(decoding: requestBody, as: UTF8.self)],
                                              options: [.sortedKeys])
        let response = RecordedResponse(status: 200, headers: ["Set-Cookie": "server=\(random.headerValue()); Path=/",
                                                               "Location": "https://api.test/cb?\(random.query())"],
                                        body: Body(echo), url: url,
                                        redirects: [RecordedRedirect(status: 302, url: "https://api.test/r?\(random.query())")])
        return Interaction(request: request, response: response, recordedAt: Fixture.recordedAt)
    }

    @Test("redacting what redaction stored changes nothing (600 batches under CASSETTE_STRESS=1)",
          arguments: 0..<Stress.count(12, stress: 600))
    func storedIsFixed(_ batch: Int) throws {
        let live = try (0..<5).map { try Self.exchange(seed: UInt64(batch * 5 + $0 + 1)) }
        let stored = Redaction.default.redacting(live)
        let again = Redaction.default.redacting(stored)
        for (position, pair) in zip(stored, again).enumerated() where pair.0 != pair.1 {
            Issue.record("batch \(batch) #\(position + 1): \(Self.difference(pair.0, pair.1))")
        }
    }

    /// The first part of two interactions that differs, both ways.
    static func difference(_ a: Interaction, _ b: Interaction) -> String {
        let parts: [(String, String, String)] = [
            ("request.url", a.request.url, b.request.url),
            ("request.headers", "\(a.request.headers.sorted { $0.key < $1.key })", "\(b.request.headers.sorted { $0.key < $1.key })"),
            ("request.body", bodyText(a.request.body), bodyText(b.request.body)),
            ("response.url", a.response?.url ?? "", b.response?.url ?? ""),
            ("response.headers", "\(a.response?.headers.sorted { $0.key < $1.key } ?? [])", "\(b.response?.headers.sorted { $0.key < $1.key } ?? [])"),
            ("response.body", bodyText(a.response?.body), bodyText(b.response?.body)),
            ("redirects", "\(a.response?.redirects ?? [])", "\(b.response?.redirects ?? [])"),
        ]
        guard let (name, before, after) = parts.first(where: { $0.1 != $0.2 }) else { return "no visible difference" }
        let prefix = zip(before, after).prefix { $0 == $1 }.count
        return "\(name): …\(before.dropFirst(max(0, prefix - 40)).prefix(160))…\n  becomes …\(after.dropFirst(max(0, prefix - 40)).prefix(160))…"
    }
}
