import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

/// Issue 26, item 4: a body is read by its declared type first, one that looks like JSON but does not parse is still
/// read for the rules' keys, and a form answer is learned from like a JSON one.
@Suite("Redaction fails closed")
struct FailClosedRedactionTests {
    @Test("a form body whose first field starts like JSON is read as the form it says it is")
    func formStartingLikeJSON() {
        for text in ["[x]=1&token=form-token-0123456", "{a}=1&token=form-token-0123456"] {
            let request = RecordedRequest(method: "POST", url: "https://api.test/submit",
                                          headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Body(Data(text.utf8)))
            let (stored, secrets) = Redaction.default.redact(request)
            let written = bodyText(stored.body)
            #expect(!written.contains("form-token-0123456"), "\(written)")
            #expect(secrets.restorer.apply(to: written) == text)
        }
    }

    @Test("a JSON body cut short still has the values under the rules' names replaced")
    func truncatedJSON() {
        let text = #"{"user": "u", "password": "cut-short-secret-99", "profile": {"name": "#
        let (stored, _) = Redaction.default.redact(RecordedRequest(method: "POST", url: "https://api.test/login",
                                                                   headers: ["Content-Type": "application/json"], body: Body(Data(text.utf8))))
        #expect(!bodyText(stored.body).contains("cut-short-secret-99"))
        #expect(bodyText(stored.body).contains(#""user": "u""#))
    }

    @Test("a token endpoint's form answer is learned, declared a form or as text/plain, and replaced in later requests",
          arguments: ["application/x-www-form-urlencoded", "text/plain; charset=utf-8"])
    func formAnswer(_ contentType: String) {
        let answer = "access_token=server-form-token-0123456789&scope=repo&token_type=bearer\n"
        let request = RecordedRequest(method: "POST", url: "https://auth.test/token", headers: [:], body: nil)
        let response = RecordedResponse(status: 200, headers: ["Content-Type": contentType], body: Body(Data(answer.utf8)),
                                        url: request.url)
        let exchange = recorded(request, response)
        #expect(bodyText(exchange.response.body) == "access_token=REDACTED_access_token_1&scope=repo&token_type=bearer\n")
        let later = Redaction.default.redact(RecordedRequest(method: "GET", url: "https://api.test/user",
                                                             headers: ["X-Token": "server-form-token-0123456789"]),
                                             learned: exchange.secrets.learned)
        #expect(later.stored.headers["X-Token"] == "REDACTED_access_token_1")
    }

    @Test("prose with an equals sign is no form")
    func proseIsNoForm() {
        let text = "The access_token=value pair is described in section 4.\n"
        let response = RecordedResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Body(Data(text.utf8)), url: "https://docs.test/")
        #expect(bodyText(recorded(RecordedRequest(method: "GET", url: "https://docs.test/", headers: [:]), response).response.body) == text)
    }
}

/// Issue 26, item 4: the links of a page (or any text that is neither JSON nor a form) are read for the query items
/// the rules name.
@Suite("Redaction reads the links of a page")
struct LinkParameterRedactionTests {
    static let page = #"<p>Signed in. <a href="/callback?state=s1&amp;token=page-token-0123456789">go on</a> "# +
        "or https://api.test/next?access_token=prose-token-0123456789 (valid for an hour).</p>"

    @Test("a page's links in an answer: their tokens are learned, and replaced in a later request")
    func answer() {
        let request = RecordedRequest(method: "GET", url: "https://auth.test/done")
        let response = RecordedResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
                                        body: Body(Data(Self.page.utf8)), url: request.url)
        let exchange = recorded(request, response)
        let stored = bodyText(exchange.response.body)
        #expect(!stored.contains("page-token-0123456789") && !stored.contains("prose-token-0123456789"), "\(stored)")
        #expect(stored.contains("state=s1"))
        let later = Redaction.default.redact(RecordedRequest(method: "GET", url: "https://api.test/user?token=page-token-0123456789"),
                                             learned: exchange.secrets.learned)
        #expect(!later.stored.url.contains("page-token-0123456789"))
    }

    @Test("a page sent in a request: the tokens of its links are replaced, and restored on replay")
    func request() {
        let request = RecordedRequest(method: "POST", url: "https://api.test/render", headers: ["Content-Type": "text/html"],
                                      body: Body(Data(Self.page.utf8)))
        let (stored, secrets) = Redaction.default.redact(request)
        let written = bodyText(stored.body)
        #expect(!written.contains("page-token-0123456789") && !written.contains("prose-token-0123456789"), "\(written)")
        #expect(secrets.restorer.apply(to: written) == Self.page)
    }

    @Test("a name a rule does not know, or one that only ends like one, is left alone")
    func othersStay() {
        let text = "see /x?page=2&nexttoken=abcdefghij0123 and /y?mytoken=abcdefghij0123"
        let (stored, _) = Redaction.default.redact(RecordedRequest(method: "POST", url: "https://api.test/p",
                                                                   headers: ["Content-Type": "text/plain"], body: Body(Data(text.utf8))))
        #expect(bodyText(stored.body) == text)
    }
}
