import Foundation
import Testing
@testable import CassetteCore

/// Redacting stored interactions again tells what it replaced: by rule, name and length (`cassette verify`).
@Suite("Redaction: what redacting a stored interaction again replaced")
struct ReplacedSecretsTests {
    private let stored = Interaction(
        request: RecordedRequest(method: "GET", url: "http://h/me", headers: ["Authorization": "Bearer tok-123456"]),
        response: RecordedResponse(status: 200, headers: ["Set-Cookie": "sid=server-sent-0123; Path=/"], url: "http://h/me"),
        recordedAt: Date(timeIntervalSince1970: 1_800_000_000))

    @Test("each secret a changed text gained a placeholder for: the rule, the length, who sent it, the placeholder")
    func namesWhatWasReplaced() throws {
        let result = try #require(Redaction.default.redactingWithSecrets([stored]) { (interaction: $2, secrets: $3) }.first)
        #expect(result.interaction.request.headers["Authorization"] == "Bearer <REDACTED:authorization>")
        #expect(result.secrets.replaced(in: "Bearer tok-123456", by: "Bearer <REDACTED:authorization>") == [
            ReplacedSecret(origin: .header("authorization"), isFromServer: false, length: 10, placeholder: "<REDACTED:authorization>"),
        ])
        #expect(result.secrets.replaced(in: "sid=server-sent-0123; Path=/", by: "sid=REDACTED_cookie-sid_1; Path=/") == [
            ReplacedSecret(origin: .cookie("sid"), isFromServer: true, length: 16, placeholder: "REDACTED_cookie-sid_1"),
        ])
        // A placeholder the text held already does not count; one more of it does.
        #expect(result.secrets.replaced(in: "<REDACTED:authorization>", by: "<REDACTED:authorization>").isEmpty)
        #expect(result.secrets.replaced(in: "<REDACTED:authorization> tok-123456",
                                        by: "<REDACTED:authorization> <REDACTED:authorization>").count == 1)
        #expect(result.secrets.replaced(in: "?token=a", by: "?token=b").isEmpty, "a text that gained no placeholder")
    }

    @Test("the descriptions name the rule and the name, never the value")
    func originDescriptions() {
        #expect("\(SecretOrigin.header("authorization"))" == #"the value of header "authorization""#)
        #expect("\(SecretOrigin.credentialPassword(in: "authorization"))" == #"the password in header "authorization""#)
        #expect("\(SecretOrigin.urlPassword)" == "the URL's user-information password")
        #expect("\(SecretOrigin.literal("<API_TOKEN>"))" == "the literal secret <API_TOKEN>")
        #expect(!SecretOrigin.boundary.isSecret && SecretOrigin.formField("password").isSecret)
    }

    @Test("a stored JSON body that changes keeps the layout the file gave it")
    func keepsTheFilesLayout() throws {
        let body = try JSONDecoder().decode(Body.self, from: Data(#"{"json": {"token": "raw-token-0123"}, "layout": "compact"}"#.utf8))
        var interaction = stored
        interaction.request.body = body
        let redacted = try #require(Redaction.default.redacting([interaction]).first?.request.body)
        #expect(bodyText(redacted) == #"{"token":"<REDACTED:token>"}"#)
        let written = String(decoding: try JSONEncoder().encode(redacted), as: UTF8.self)
        #expect(written.contains(#""layout":"compact""#), "not the ascii layout a fresh guess would give: \(written)")
    }
}
