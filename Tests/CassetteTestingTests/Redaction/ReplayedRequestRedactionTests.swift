import Foundation
import Testing
@testable import CassetteCore

/// Replay redacts every live request before matching it, and its byte-level shortcuts (a table of the bytes worth a
/// closer look, `memchr` for `%`, `?`, `#` and `@`, the names checked in the cheaper order) must skip only what
/// holds nothing to find. A request shaped like an app's API call is redacted with a secret in each place the rules
/// look, one at a time, and with none.
@Suite("Redacting a replayed request: a secret in any place is rewritten, a request with none is stored as it is")
struct ReplayedRequestRedactionTests {
    private static let literal = "literal-secret-value-42"
    private static let learnedValue = "learned-value-0987654321"
    private static let redaction = Redaction.default.redactingSecret(literal, as: "<LITERAL>")
    private static let learned = [InteractionSecret(learnedValue: learnedValue, origin: .jsonKey("access_token"),
                                                    prefix: "REDACTED_access_token_", number: 3, suffix: "")]
    private static let url = "http://api.test/v2/items/7/search?q=swift%20cassette&page=2&tag=a%2Bb&tag=c"
    private static let headers = ["Accept": "application/json", "Accept-Language": "de-CH, en;q=0.8",
                                  "User-Agent": "App/4.2 (iPhone; iOS 18.1)", "Content-Type": "application/json",
                                  "X-Request-ID": "8D4F1E0A-3C2B-4A59-9E7D-1F6B2C3D4E5F"]
    private static let body = #"{"event":"viewed","item":7,"properties":{"screen":"search"},"note":"plain text"}"#
    private static let clean = RecordedRequest(method: "POST", url: url, headers: headers, body: Body(Data(body.utf8)))

    private static let github = "ghp_" + String(repeating: "a1B2", count: 9)
    private static let aws = "AKIAIOSFODNN7EXAMPLE"

    /// `clean` with one secret planted, and the secret.
    private static let planted: [(place: String, request: RecordedRequest, secret: String)] = {
        func with(url: String = url, headers extra: [String: String] = [:], body: String = body,
                  contentType: String = "application/json") -> RecordedRequest {
            var all = headers.merging(extra) { _, new in new }
            all["Content-Type"] = contentType
            return RecordedRequest(method: "POST", url: url, headers: all, body: Body(Data(body.utf8)))
        }
        let bodyWith = { (note: String) in body.replacingOccurrences(of: "plain text", with: note) }
        return [
            ("a header a rule names", with(headers: ["X-Api-Key": "header-secret-123456"]), "header-secret-123456"),
            ("a bearer credential", with(headers: ["Authorization": "Bearer bearer-secret-123456"]), "bearer-secret-123456"),
            ("a cookie", with(headers: ["Cookie": "theme=dark; session=cookie-secret-123456"]), "cookie-secret-123456"),
            ("a query item", with(url: url + "&access_token=query-secret-123456"), "query-secret-123456"),
            ("a fragment item", with(url: url + "#access_token=fragment-secret-123456"), "fragment-secret-123456"),
            ("a URL's password", with(url: "http://user:url-password-123456@api.test/v2/items/7"), "url-password-123456"),
            ("a JSON key", with(body: #"{"user":"a","password":"json-secret-123456"}"#), "json-secret-123456"),
            ("a form field", with(body: "user=a&client_secret=form-secret-123456", contentType: "application/x-www-form-urlencoded"),
             "form-secret-123456"),
            ("a GitHub token in a JSON string", with(body: bodyWith(github)), github),
            ("a GitHub token percent-encoded in the query", with(url: url + "&note=%67hp_" + github.dropFirst(4)),
             "%67hp_" + github.dropFirst(4)),
            ("an AWS key id in a header no rule names", with(headers: ["X-Note": aws]), aws),
            ("an AWS key id in the path", with(url: "http://api.test/v2/keys/\(aws)/items"), aws),
            ("a literal secret in the path", with(url: "http://api.test/v2/items/\(literal)"), literal),
            ("a literal secret in a header no rule names", with(headers: ["X-Trace": "run \(literal)"]), literal),
            ("a learned secret sent back in the body", with(body: bodyWith(learnedValue)), learnedValue),
            ("a learned secret sent back in a header no rule names", with(headers: ["X-Refresh": learnedValue]), learnedValue),
        ]
    }()

    /// Everything of a stored request a cassette or an error message can show.
    private func shown(_ request: RecordedRequest) -> String {
        ([request.method, request.url] + request.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            + [String(decoding: request.body?.data ?? Data(), as: UTF8.self)]).joined(separator: "\n")
    }

    @Test("a request with nothing a rule, shape or known secret finds is stored byte for byte, and keys as it did")
    func cleanRequestIsStoredAsItIs() {
        let stored = Self.redaction.redact(Self.clean, learned: Self.learned).stored
        #expect(stored == Self.clean)
        #expect(shown(stored) == shown(Self.clean))
        #expect(RequestMatcher.defaults.key(for: stored) == RequestMatcher.defaults.key(for: Self.clean))
    }

    @Test("a secret planted in any one place the rules look is rewritten", arguments: 0..<planted.count)
    func plantedSecretIsRewritten(index: Int) {
        let (place, request, secret) = Self.planted[index]
        #expect(shown(request).contains(secret), "the fixture plants it: \(place)")
        let stored = Self.redaction.redact(request, learned: Self.learned).stored
        #expect(stored != request, "\(place)")
        #expect(!shown(stored).contains(secret), "\(place): \(shown(stored))")
    }
}
