import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

/// Issue 26, item 5: a fragment's `name=value` items (OAuth 2's implicit flow puts the token there) are redacted by
/// the query item rules, in the request URL, the response URL and `Location`, and restored on replay.
@Suite("Fragments are URL parts")
struct FragmentRedactionTests {
    private static let token = "implicit-token-4f1c2a9e"

    @Test("a request URL's fragment: the token is a secret the replay restores; other items and a plain fragment stay")
    func requestFragment() {
        let url = "https://app.test/callback?code=kept#access_token=\(Self.token)&state=xyz&token_type=bearer"
        let (stored, secrets) = Redaction.default.redact(RecordedRequest(method: "GET", url: url, headers: [:]))
        #expect(!stored.url.contains(Self.token))
        #expect(stored.url == "https://app.test/callback?code=kept#access_token=%3CREDACTED:access_token%3E&state=xyz&token_type=bearer")
        #expect(secrets.restorer.apply(to: stored.url) == url)
        let plain = "https://app.test/docs#section-2"
        #expect(Redaction.default.redact(RecordedRequest(method: "GET", url: plain, headers: [:])).stored.url == plain)
    }

    @Test("a response's URL, its redirects and each Location: a token only the server sent is learned, and replaced in a later request")
    func responseFragment() {
        let location = "https://app.test/callback#access_token=\(Self.token)&expires_in=3600"
        let request = RecordedRequest(method: "GET", url: "https://auth.test/authorize?client_id=app&response_type=token", headers: [:])
        let response = RecordedResponse(status: 200, headers: [:], body: nil, url: location,
                                        redirects: [RecordedRedirect(status: 302, url: request.url, headers: ["Location": location])])
        let exchange = recorded(request, response)
        let stored = [exchange.response.url, exchange.response.redirects[0].headers["Location"] ?? ""]
        #expect(!stored.contains { $0.contains(Self.token) })
        #expect(stored.allSatisfy { $0.hasPrefix("https://app.test/callback#access_token=REDACTED_access_token_1&expires_in=3600") }, "\(stored)")
        // The app sends the token back later: the learned placeholder replaces it there too.
        let later = Redaction.default.redact(RecordedRequest(method: "GET", url: "https://api.test/me#access_token=\(Self.token)", headers: [:]),
                                             learned: exchange.secrets.learned)
        #expect(!later.stored.url.contains(Self.token))
    }

    @Test("a URL held in a query value keeps no token in its fragment either, encoded or not")
    func nestedFragment() {
        for held in ["https%3A%2F%2Fapp.test%2Fcb%23access_token%3D\(Self.token)%26state%3Dx", "/cb#access_token=\(Self.token)"] {
            let url = "https://auth.test/authorize?redirect_uri=\(held)&client_id=app"
            let (stored, secrets) = Redaction.default.redact(RecordedRequest(method: "GET", url: url, headers: [:]))
            #expect(!stored.url.contains(Self.token), "\(stored.url)")
            #expect(secrets.restorer.apply(to: stored.url) == url)
        }
    }
}
