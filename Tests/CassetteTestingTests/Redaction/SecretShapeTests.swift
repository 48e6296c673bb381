import Foundation
import Testing
@testable import CassetteCore

/// Credentials found by what they look like (``SecretShape``): each family is found exactly, under names no rule
/// knows, in every place a request carries text, and replay gives back the exact bytes; ordinary values are left
/// alone.
@Suite("Secrets by their shape")
struct SecretShapeTests {
    private let tokens = TokenFamilies()

    @Test("each family is found exactly, in text around it, and named after its shape")
    func eachFamilyIsFoundExactly() {
        let scan = ShapeScan(SecretShape.builtIn)
        for (family, value) in tokens.all {
            let planted = TokenFamilies.planted(family, value)
            for text in ["\(planted)", "x \(planted) y", "{\"note\":\"\(planted)\"}", "a=\(planted)&b=1", "\"\(planted)\","] {
                let found = scan.values(in: text)
                #expect(found.map(\.value) == [value], "\(family) in \(text.prefix(40))")
                #expect(found.map(\.shape.name) == [family])
            }
        }
    }

    @Test("a token inside a longer word, cut short, or run on is no token")
    func wordBoundaries() {
        let scan = ShapeScan(SecretShape.builtIn)
        let runOn: [String] = ["x" + tokens.githubClassic, String(tokens.google.dropLast(3)), tokens.awsAccessKeyID + "abc"]
        let lookalikes: [String] = [
            "desk-lamp-and-a-task-sk-whatever-else-in-plain-words", "sk-" + String(repeating: "a", count: 40),
            "mask_live_" + TokenFamilies.random(.alphanumeric, 30), "Signature=abc123",
            "-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----",
            "paste the key (-----BEGIN PRIVATE KEY-----) into the field", "<p>start with -----BEGIN RSA PRIVATE KEY----- and end</p>",
        ]
        let texts = runOn + lookalikes
        for text in texts { #expect(scan.values(in: text).isEmpty, "\(text.prefix(40))") }
    }

    @Test("a token in a header's name, alone or after a word and a dash (X-AKIA…), is found while recording")
    func tokensInHeaderNames() {
        for token in [tokens.awsAccessKeyID, tokens.githubClassic] {
            for name in [token, "X-\(token)", "X-\(token)-Id"] {
                let request = RecordedRequest(method: "GET", url: "http://h/a", headers: [name: "1"])
                let response = RecordedResponse(status: 200, headers: [name: "1"], body: nil, url: "http://h/a")
                let stored = Redaction.default.redacting([Interaction(request: request, response: response, recordedAt: Date())])[0]
                let names = Array(stored.request.headers.keys) + Array(stored.response?.headers.keys ?? [:].keys)
                #expect(names.count == 2 && !names.contains { $0.contains(token) }, "\(name): \(names)")
            }
        }
    }

    @Test("a token that ends a sentence, or that other text follows after a dot, is still found; an encrypted one too")
    func tokensInProse() {
        let scan = ShapeScan(SecretShape.builtIn)
        for text in ["The token \(tokens.jwt).", "\(tokens.jwt).Then", "(\(tokens.jwt))", "\(tokens.jwt).\n"] {
            #expect(scan.values(in: text).map(\.value) == [tokens.jwt], "\(text.suffix(8))")
        }
        let header = TokenFamilies.base64URL(Data(#"{"alg":"dir","enc":"A256GCM"}"#.utf8))
        let encrypted = header + ".." + TokenFamilies.random(.base64URL, 16) + "." + TokenFamilies.random(.base64URL, 40) + "."
            + TokenFamilies.random(.base64URL, 22)
        #expect(scan.values(in: "t=\(encrypted)&x=1").map(\.value) == [encrypted])
    }

    @Test("percent-encoded where a form or URL puts it: a PEM block in a form, a token in a Location; the echo restores",
          arguments: ["", "+", "/"])
    func percentEncodedPlaces(firstCharacter: String) throws {
        // The base64 may start with a character a form encodes (`%2B`, `%2F`).
        let pem = tokens.privateKey.replacingOccurrences(of: "-----\n", with: "-----\n" + firstCharacter, options: [], range: nil)
            .replacingOccurrences(of: "\n" + firstCharacter + "-----END", with: "\n-----END")
        // As a form encoder writes it: a space as `+`, a `+` as `%2B`, a line break as `%0A`.
        let form = "comment=" + pem.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-")))!
            .replacingOccurrences(of: "%20", with: "+")
        let request = RecordedRequest(method: "POST", url: "http://h/post", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                      body: Body(Data(form.utf8)))
        let echo = String(decoding: try JSONEncoder().encode(["form": ["comment": pem]]), as: UTF8.self)
        let response = RecordedResponse(status: 302, headers: ["Location": "http://h/cb?x=" + tokens.githubClassic.replacingOccurrences(of: "_", with: "%5F")],
                                        body: Body(Data(echo.utf8)), url: "http://h/post")
        let stored = recorded(request, response)
        let file = bodyText(stored.request.body) + bodyText(stored.response.body) + stored.response.headers.description
        for line in pem.split(separator: "\n") where !line.hasPrefix("-----") { #expect(!file.contains(String(line.prefix(30)))) }
        #expect(!file.contains(String(tokens.githubClassic.dropFirst(4))))
        let (_, secrets) = Redaction.default.redact(request)
        #expect(bodyText(secrets.restoringSecrets(in: stored.response).body) == bodyText(response.body), "the echo replays as live")
    }

    @Test("a token a JSON writer spelled with \\u escapes is found in the decoded string")
    func unicodeEscapedToken() {
        let token = tokens.githubClassic
        let escaped = token.replacingOccurrences(of: "_", with: "\\u005f").replacingOccurrences(of: "ghp", with: "\\u0067hp")
        let request = RecordedRequest(method: "POST", url: "http://h/p", headers: ["Content-Type": "application/json"],
                                      body: Body(Data(#"{"note":"\#(escaped)","n":1}"#.utf8)))
        let (stored, _) = Redaction.default.redact(request)
        #expect(!bodyText(stored.body).contains(String(token.dropFirst(4))), "\(bodyText(stored.body))")
        #expect(bodyText(stored.body).contains("REDACTED:github-token"))
    }

    @Test("a PEM block is found whatever its base64 starts with, as each writer spells it", arguments: ["M", "+", "/"])
    func privateKeyFirstCharacter(first: String) throws {
        let lines = [first + TokenFamilies.random(.alphanumeric, 63), TokenFamilies.random(.alphanumeric, 40) + "=="]
        let pem = "-----BEGIN PRIVATE KEY-----\n" + lines.joined(separator: "\n") + "\n-----END PRIVATE KEY-----"
        let json = String(decoding: try JSONEncoder().encode(["note": pem]), as: UTF8.self)  // `\/`, `\n`
        let form = "note=" + pem.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!  // `%2B`, `%2F`, `%0A`
        for text in [pem, json, form] {
            let (stored, secrets) = Redaction.default.redact(RecordedRequest(method: "POST", url: "http://h/p", body: Body(Data(text.utf8))))
            // The second line is letters and digits: the same in every spelling.
            #expect(!bodyText(stored.body).contains(lines[1]), "\(text.prefix(50))")
            #expect(secrets.secrets.contains { $0.origin == .shape("private-key") && $0.value == pem })
        }
    }

    @Test("many values under one name, and many private key openings without an end, in one body: found, none missed")
    func manyValuesInOneBody() {
        let values = (0..<300).map { _ in "ghp_" + TokenFamilies.random(.alphanumeric, 36) }
        let (stored, _) = Redaction.default.redact(RecordedRequest(method: "POST", url: "http://h/p",
                                                                  body: Body(Data(values.joined(separator: " ").utf8))))
        #expect(values.allSatisfy { !bodyText(stored.body).contains($0) })
        #expect(bodyText(stored.body).contains("<REDACTED:github-token-300>"))
        let openings = String(repeating: "-----BEGIN RSA PRIVATE KEY-----\"x", count: 2_000)
        #expect(ShapeScan(SecretShape.builtIn).hits(in: openings).isEmpty, "no key follows any opening")
    }

    @Test("under names no rule knows, in a header, query, JSON, form and a cookie: replaced, and restored exactly",
          arguments: ["jwt", "github-token", "slack-token", "stripe-key", "openai-key", "anthropic-key", "google-api-key",
                      "aws-access-key-id", "aws-signature", "private-key"])
    func plantedUnderUnknownNames(family: String) throws {
        let value = try #require(tokens.all.first { $0.family == family }).value
        let planted = TokenFamilies.planted(family, value)
        let query = try #require(planted.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let json = String(decoding: try JSONEncoder().encode(["note": planted]), as: UTF8.self)
        let requests = [
            RecordedRequest(method: "GET", url: "http://h/headers", headers: ["X-Custom": planted.replacingOccurrences(of: "\n", with: " ")]),
            RecordedRequest(method: "GET", url: "http://h/anything?q=\(query)"),
            RecordedRequest(method: "POST", url: "http://h/post", headers: ["Content-Type": "application/json"], body: Body(Data(json.utf8))),
            RecordedRequest(method: "POST", url: "http://h/post", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                            body: Body(Data("comment=\(query)".utf8))),
            RecordedRequest(method: "GET", url: "http://h/cookies", headers: ["Cookie": "prefs=\(planted.replacingOccurrences(of: "\n", with: ""))"]),
        ]
        for request in requests {
            // httpbin-style: the request echoed in the answer's body and a header.
            let echo = String(decoding: try JSONEncoder().encode(["url": request.url, "data": bodyText(request.body),
                                                                  "headers": request.headers.values.joined(separator: ";")]),
                              as: UTF8.self)
            let response = RecordedResponse(status: 200, headers: ["X-Echo": request.url], body: Body(Data(echo.utf8)), url: request.url)
            let stored = recorded(request, response)
            let file = [stored.request.url, stored.request.headers.description, bodyText(stored.request.body),
                        stored.response.url, stored.response.headers.description, bodyText(stored.response.body)].joined()
            for form in [value, query] where !form.isEmpty && form.count >= 16 {
                #expect(!file.contains(form.split(separator: "\n").first.map(String.init) ?? form), "\(family) leaked from \(request.url)")
            }
            // A cookie's value is redacted by the `Cookie` rule, whatever it looks like.
            let named = request.headers["Cookie"] != nil ? "REDACTED:cookie-prefs" : "REDACTED:\(family)"
            #expect(file.contains(named), "\(family): \(file.prefix(300))")
            // Replay: the live request redacted again matches, and its secrets give back the bytes seen live.
            let (live, secrets) = Redaction.default.redact(request)
            #expect(live == stored.request)
            #expect(secrets.restoringSecrets(in: stored.response) == response)
        }
    }

    @Test("a family only the server sent is learned: a stable placeholder in this answer and in later requests")
    func learnedFromTheServer() {
        let request = RecordedRequest(method: "POST", url: "http://h/login")
        let answer = #"{"result":{"note":"\#(tokens.githubClassic)"},"id_jwt":"\#(tokens.jwt)"}"#
        let response = RecordedResponse(status: 200, headers: ["X-Issued": tokens.slack], body: Body(Data(answer.utf8)), url: "http://h/login")
        let stored = recorded(request, response)
        let file = bodyText(stored.response.body) + stored.response.headers.description
        #expect(!file.contains(tokens.githubClassic) && !file.contains(tokens.jwt) && !file.contains(tokens.slack))
        #expect(file.contains("REDACTED_github-token_1") && file.contains("REDACTED_jwt_1") && file.contains("REDACTED_slack-token_1"))
        // A later request sending the token back carries the same placeholder, so replay matches.
        let later = Redaction.default.redact(RecordedRequest(method: "GET", url: "http://h/me",
                                                             headers: ["X-Token": tokens.githubClassic]),
                                             learned: stored.secrets.learned)
        #expect(later.stored.headers["X-Token"] == "REDACTED_github-token_1")
    }

    @Test("long varied values under credential-like names are secrets; short, plain, UUID and public ones are not")
    func highEntropyUnderCredentialNames() throws {
        let random = TokenFamilies.random(.alphanumeric, 40)  // no `_`: under `auth` an `abc_…` value would read as an object id
        let request = RecordedRequest(
            method: "POST", url: "http://h/p?my_auth=\(random)&page=2",
            headers: ["X-Custom-Auth": "Token \(random)", "X-Request-Id": TokenFamilies.random(.alphanumeric, 32),
                      "X-Session-Ref": UUID().uuidString, "Content-Type": "application/json"],
            body: Body(Data(#"{"signingKey":"\#(random)","public_key":"\#(TokenFamilies.random(.base64URL, 40))","sessionName":"a-plain-readable-session-name","kind":"\#(TokenFamilies.random(.base64URL, 40))"}"#.utf8)))
        let (stored, _) = Redaction.default.redact(request)
        let file = stored.url + stored.headers.description + bodyText(stored.body)
        #expect(!file.contains(random))
        #expect(stored.headers["X-Custom-Auth"] == "Token <REDACTED:x-custom-auth>")
        #expect(stored.headers["X-Request-Id"] == request.headers["X-Request-Id"], "no credential-like name")
        #expect(stored.headers["X-Session-Ref"] == request.headers["X-Session-Ref"], "a UUID")
        #expect(bodyText(stored.body).contains("a-plain-readable-session-name"))
        #expect(bodyText(stored.body).contains(#""public_key":"\#(try #require(JSONValue(parsing: request.body!.data)?.member("public_key")))"#))
        #expect(bodyText(stored.body).contains(#""kind":""#) && !bodyText(stored.body).contains(#""kind":"<REDACTED"#))
    }

    @Test("a shape can be turned off, and one of the user's own added")
    func detectorsCanBeChosen() {
        let own = "acme_live_" + TokenFamilies.random(.alphanumeric, 24)
        let request = RecordedRequest(method: "GET", url: "http://h/p", headers: ["X-One": tokens.jwt, "X-Two": own])
        let rules = Redaction.default.notDetecting(.jwt).detecting(.prefixed("acme-key", prefixes: "acme_live_"))
        let (stored, _) = rules.redact(request)
        #expect(stored.headers["X-One"] == tokens.jwt)
        #expect(stored.headers["X-Two"] == "<REDACTED:acme-key>")
        #expect(!rules.shapes.contains(.jwt) && rules.shapes.contains { $0.name == "acme-key" })
        #expect(Redaction.default.redact(request).stored.headers["X-Two"] == own, "not a shape by default")
        #expect(Redaction.disabled.redact(request).stored == request, "disabled finds nothing")
    }

    @Test("ordinary values are no secrets: ids, hashes, ETags, base64 images, dotted names, prose")
    func ordinaryValuesAreLeftAlone() throws {
        let image = Data((0..<3_000).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let ordinary: [String: String] = [
            "id": UUID().uuidString, "sha": TokenFamilies.random(.hex, 40), "sha256": TokenFamilies.random(.hex, 64),
            "etag": "W/\"\(TokenFamilies.random(.hex, 32))\"", "request_id": "req_" + TokenFamilies.random(.alphanumeric, 24),
            "image": "data:image/png;base64," + image, "node_id": "MDQ6VXNlcjU4MzIzMQ==",
            "package": "com.example.eyJapp.module.name", "text": "Ask the desk-sk-team about AKIA policy; Signature=pending.",
            "version": "v1.2.3-beta.4+build.5", "public_key": "ssh-ed25519 " + TokenFamilies.random(.base64URL, 68),
            "idempotency_key": UUID().uuidString, "key": "photos/2024/IMG_0001.jpg", "pk": "pk_live_" + TokenFamilies.random(.alphanumeric, 24),
            "unsigned": TokenFamilies.base64URL(Data(#"{"typ":"none"}"#.utf8)) + ".e30.",
            // Found by the corpus measurement (see Secrets.md), each once a false positive:
            "nextToken": TokenFamilies.random(.base64URL, 56), "next_page_token": TokenFamilies.random(.base64URL, 40),
            "ClientRequestToken": TokenFamilies.random(.alphanumeric, 36),
            "credentials": "/2010-04-01/Accounts/AC\(TokenFamilies.random(.hex, 32))/Credentials.json",
            "verification_session": "vs_1" + TokenFamilies.random(.alphanumeric, 23),
            "authorization": "iauth_1" + TokenFamilies.random(.alphanumeric, 23),
            "authenticatorData": TokenFamilies.random(.base64URL, 37), "author_id": TokenFamilies.random(.hex, 40),
            "SecretId": "MyTestDatabaseSecret" + TokenFamilies.random(.alphanumeric, 12),
            "SubjectFromWebIdentityToken": "amzn1.account." + TokenFamilies.random(.upper, 28),
            "OutputKey": "UserClicksServiceAPIEndpoint1DA4E100",
            // Found in review, each once a false positive:
            "publishableKey": "pk_live_" + TokenFamilies.random(.alphanumeric, 24),
            "cacheKey": "v1-linux-x64-" + TokenFamilies.random(.hex, 40), "objectKey": "uploads/2024/05/\(TokenFamilies.random(.hex, 32)).png",
            "partitionKey": "tenant-" + TokenFamilies.random(.hex, 32), "routingKey": "orders." + TokenFamilies.random(.hex, 32),
            "dedup_key": TokenFamilies.random(.hex, 32), "imageKey": "img_" + TokenFamilies.random(.alphanumeric, 24),
            "fileKey": "file-" + TokenFamilies.random(.alphanumeric, 24), "secret_hash": TokenFamilies.random(.hex, 64),
            "tokenHash": TokenFamilies.random(.hex, 64), "checkout_session": "cs_test_a1" + TokenFamilies.random(.alphanumeric, 56),
            "s3Key": "avatars/" + TokenFamilies.random(.hex, 32), "pagination_token": TokenFamilies.random(.base64URL, 40),
            "resumeToken": TokenFamilies.random(.base64URL, 40), "lookup_key": "price_" + TokenFamilies.random(.alphanumeric, 24),
        ]
        let body = try JSONEncoder().encode(ordinary)
        let request = RecordedRequest(method: "POST", url: "http://h/p?etag=\(TokenFamilies.random(.hex, 40))&key=photos/2024/IMG_0001.jpg",
                                      headers: ["ETag": "\"\(TokenFamilies.random(.hex, 40))\"", "Content-Type": "application/json",
                                                "X-Request-ID": UUID().uuidString, "X-Trace": TokenFamilies.random(.hex, 32)],
                                      body: Body(body))
        let response = RecordedResponse(status: 200, headers: request.headers, body: Body(body), url: request.url)
        let stored = recorded(request, response)
        #expect(bodyText(stored.request.body) == bodyText(request.body))
        #expect(stored.request == request)
        #expect(stored.response == response)
    }
}

extension JSONValue {
    /// The string at `key` of an object, for tests.
    fileprivate func member(_ key: String) -> String? {
        guard case .object(let members) = self, case .string(let value)? = members[key] else { return nil }
        return value
    }
}
