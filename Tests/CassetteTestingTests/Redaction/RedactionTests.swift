import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

@Suite("Redaction: secrets never reach the disk, and replay restores what the request carried")
struct RedactionTests {
    private func text(_ body: Body?) -> String {
        body.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
    }

    /// Redacts a whole interaction the way recording does: the request, then its response.
    private func record(_ request: RecordedRequest, _ response: RecordedResponse, rules: Redaction = .default,
                        learned: [InteractionSecret] = [], number: Int = 1)
        -> (request: RecordedRequest, response: RecordedResponse, secrets: SecretSet) {
        var (storedRequest, secrets) = rules.redact(request, learned: learned)
        let storedResponse = rules.redact(response, secrets: &secrets, number: number)
        return (storedRequest, storedResponse, secrets)
    }

    @Test func defaultHeadersKeepTheirSchemeAndCookieNames() {
        let request = RecordedRequest(
            method: "GET", url: "http://h/p?token=abcdef&keep=1&API_KEY=k%20y%2Bz",
            headers: ["Authorization": "Bearer tok-123456", "cookie": "s=session-value; theme=dark",
                      "X-Auth-Token": "xat-98765", "Accept": "x"])
        let (stored, secrets) = Redaction.default.redact(request)
        #expect(stored.headers["Authorization"] == "Bearer <REDACTED:authorization>")
        #expect(stored.headers["cookie"] == "s=<REDACTED:cookie-s>; theme=<REDACTED:cookie-theme>")
        #expect(stored.headers["X-Auth-Token"] == "<REDACTED:x-auth-token>")
        #expect(stored.headers["Accept"] == "x")
        // A value that was percent-encoded gets the placeholder of that form (`:pct`), to restore it as it was.
        #expect(stored.url == "http://h/p?token=%3CREDACTED:token%3E&keep=1&API_KEY=%3CREDACTED:API_KEY:pct%3E")
        #expect(secrets.secret(for: "k y+z")?.encoded == "k%20y%2Bz", "a query value is kept as it was encoded")
    }

    @Test("names compare ignoring case, - and _")
    func namesAreNormalized() {
        let request = RecordedRequest(method: "POST", url: "http://h/p?Access-Token=aaaa1111",
                                      headers: ["x_api_key": "key-1234"],
                                      body: Body(Data(#"{"user":{"accessToken":"bbbb2222","refreshToken":"cccc3333"}}"#.utf8)))
        let (stored, _) = Redaction.default.redact(request)
        #expect(stored.url == "http://h/p?Access-Token=%3CREDACTED:Access-Token%3E")
        #expect(stored.headers["x_api_key"] == "<REDACTED:x_api_key>")
        #expect(text(stored.body) == #"{"user":{"accessToken":"<REDACTED:accessToken>","refreshToken":"<REDACTED:refreshToken>"}}"#)
    }

    @Test("a Basic credential's password is a secret too, wherever it appears")
    func basicPassword() {
        let credential = Data("demo:pa55-word".utf8).base64EncodedString()
        let request = RecordedRequest(method: "GET", url: "http://h/basic-auth/demo/pa55-word",
                                      headers: ["Authorization": "Basic \(credential)"])
        let response = RecordedResponse(status: 200, body: Body(Data(#"{"password":"pa55-word","user":"demo"}"#.utf8)),
                                        url: "http://h/basic-auth/demo/pa55-word")
        let stored = record(request, response)
        #expect(stored.request.headers["Authorization"] == "Basic <REDACTED:authorization>")
        #expect(stored.request.url == "http://h/basic-auth/demo/%3CREDACTED:authorization-password%3E")
        #expect(text(stored.response.body) == #"{"password":"<REDACTED:authorization-password>","user":"demo"}"#)
        #expect(stored.secrets.restoringSecrets(in: stored.response) == response)
    }

    @Test("echoes of a request's secrets are replaced in every form, and replay restores the exact bytes")
    func echoesRestoreExactly() throws {
        let token = "tok/en+1\"x"
        let encoded = try #require(token.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let request = RecordedRequest(method: "GET", url: "http://h/anything?token=\(encoded)",
                                      headers: ["Authorization": "Bearer \(token)"])
        // httpbin-style echo: the decoded value in JSON (escaped), the URL as sent, and a header.
        let echo = #"{"args":{"token":"tok/en+1\"x"},"url":"http://h/anything?token=\#(encoded)","escaped":"tok\/en+1\"x"}"#
        let response = RecordedResponse(status: 200, headers: ["X-Echo": token], body: Body(Data(echo.utf8)),
                                        url: "http://h/anything?token=\(encoded)")
        let stored = record(request, response)
        let file = text(stored.response.body) + stored.response.url + stored.response.headers.description
            + stored.request.url + stored.request.headers.description
        #expect(!file.contains(token) && !file.contains(encoded) && !file.contains(#"tok/en+1\"x"#) && !file.contains("tok\\/en"))
        #expect(stored.request.headers["Authorization"] == "Bearer <REDACTED:authorization>")
        #expect(stored.secrets.restoringSecrets(in: stored.response) == response)
    }

    @Test("values the server sends are learned: a stable placeholder, also in later requests")
    func learnedSecrets() throws {
        let login = RecordedRequest(method: "POST", url: "http://h/login", body: Body(Data(#"{"user":"u"}"#.utf8)))
        let answer = RecordedResponse(
            status: 200, headers: ["Set-Cookie": "session=srv-cookie-1; Path=/; HttpOnly, lang=en; Expires=Wed, 21 Oct 2026 07:28:00 GMT"],
            body: Body(Data(#"{"access_token":"fresh-token-123","expires_in":3600}"#.utf8)), url: "http://h/login")
        let first = record(login, answer, number: 3)
        // `lang=en` is too short to be anyone's secret: it stays, and replays as live.
        #expect(first.response.headers["Set-Cookie"] == "session=REDACTED_cookie-session_3; Path=/; HttpOnly, lang=en; Expires=Wed, 21 Oct 2026 07:28:00 GMT")
        #expect(text(first.response.body) == #"{"access_token":"REDACTED_access_token_3","expires_in":3600}"#)
        #expect(first.secrets.restoringSecrets(in: first.response) == first.response, "learned values are not restored")

        // A later request carries the fresh token in a header a rule does not name, and in its path.
        let learned = first.secrets.learned
        let next = RecordedRequest(method: "GET", url: "http://h/sessions/fresh-token-123",
                                   headers: ["X-Session": "fresh-token-123"])
        let (stored, _) = Redaction.default.redact(next, learned: learned)
        #expect(stored.url == "http://h/sessions/REDACTED_access_token_3")
        #expect(stored.headers["X-Session"] == "REDACTED_access_token_3")
        // On replay the code sends the placeholder it was served: the stored request is the same.
        let replayed = RecordedRequest(method: "GET", url: "http://h/sessions/REDACTED_access_token_3",
                                       headers: ["X-Session": "REDACTED_access_token_3"])
        #expect(Redaction.default.redact(replayed).stored == stored)
    }

    @Test("a short value is replaced where a rule found it, and not searched for elsewhere")
    func shortValuesStayWhereFound() {
        let request = RecordedRequest(method: "GET", url: "http://h/p?token=abc", headers: ["Accept": "text/abc"])
        let (stored, _) = Redaction.default.redact(request)
        #expect(stored.url == "http://h/p?token=%3CREDACTED:token%3E")
        #expect(stored.headers["Accept"] == "text/abc")
    }

    @Test("secrets under one JSON name are numbered in the order of their keys, whatever the process's hash seed")
    func jsonPlaceholdersAreNumberedInKeyOrder() {
        // JSON objects are Swift dictionaries, whose order changes from process to process: a recording and its
        // replay run in different processes, and a request's placeholders must come out the same in both.
        let keys = ["a", "b", "c", "d", "e", "f", "g", "h"]
        let body = "{" + keys.map { #""\#($0)": {"token": "value-\#($0)-0123", "nested": {"secret": ["s-\#($0)-1", "s-\#($0)-2"]}}"# }
            .joined(separator: ", ") + "}"
        let request = RecordedRequest(method: "POST", url: "http://h/p", headers: ["Content-Type": "application/json"],
                                      body: Body(Data(body.utf8)))
        let stored = text(Redaction.default.redact(request).stored.body)
        for (position, key) in keys.enumerated() {
            let secrets = ["<REDACTED:secret\(position == 0 ? "" : "-\(2 * position + 1)")>", "<REDACTED:secret-\(2 * position + 2)>"]
            let token = "<REDACTED:token\(position == 0 ? "" : "-\(position + 1)")>"
            #expect(stored.contains(#""\#(key)": {"token": "\#(token)", "nested": {"secret": ["\#(secrets[0])", "\#(secrets[1])"]}}"#), "\(stored)")
        }
    }

    @Test("values of one shape in several headers are numbered in the order of the headers' names")
    func shapePlaceholdersAreNumberedInHeaderOrder() {
        let names = ["X-A", "X-B", "X-C", "X-D", "X-E", "X-F", "X-G", "X-H"]
        let tokens = names.indices.map { "ghp_\($0)Zq7Xw9Lm2Np4Rt6Vy8Bc1Df3Gh5Jk0Mn2Pqs" }
        let request = RecordedRequest(method: "GET", url: "http://h/p", headers: Dictionary(uniqueKeysWithValues: zip(names, tokens)))
        let stored = Redaction.default.redact(request).stored
        for (position, name) in names.enumerated() {
            #expect(stored.headers[name] == "<REDACTED:github-token\(position == 0 ? "" : "-\(position + 1)")>", "\(stored.headers)")
        }
    }

    @Test func formAndMultipartFields() {
        let form = RecordedRequest(method: "POST", url: "http://h/login",
                                   headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                   body: Body(Data("user=u&password=p%40ss+word&client_secret=cs-777".utf8)))
        let (storedForm, formSecrets) = Redaction.default.redact(form)
        #expect(text(storedForm.body) == "user=u&password=%3CREDACTED:password:pct%3E&client_secret=%3CREDACTED:client_secret%3E")
        #expect(formSecrets.secret(for: "p@ss word")?.encoded == "p%40ss+word")

        let boundary = "Boundary-\(UUID().uuidString)"
        let multipart = "--\(boundary)\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nu\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nmultipart-pw\r\n--\(boundary)--\r\n"
        let upload = RecordedRequest(method: "POST", url: "http://h/form",
                                     headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"],
                                     body: Body(Data(multipart.utf8)))
        let (storedUpload, _) = Redaction.default.redact(upload)
        // The boundary changes with every request: it is restored on replay like a secret.
        #expect(text(storedUpload.body) == multipart.replacingOccurrences(of: "multipart-pw", with: "<REDACTED:password>")
            .replacingOccurrences(of: boundary, with: "<BOUNDARY>"))
        #expect(storedUpload.headers["Content-Type"] == "multipart/form-data; boundary=<BOUNDARY>")
    }

    @Test func jsonKeyPathsWithWildcards() {
        let rules = Redaction.disabled.redactingJSONKeyPaths("user.pin", "items.*.code", "**.ssn")
        let body = #"{"items":[{"a":{"code":"c-1"}},{"b":{"code":"c-2"}}],"deep":{"x":[{"ssn":"123-45"}]},"user":{"pin":"9876","name":"n"},"pin":"top"}"#
        let (stored, _) = rules.redact(RecordedRequest(method: "POST", url: "http://h", body: Body(Data(body.utf8))))
        #expect(text(stored.body) == #"{"items":[{"a":{"code":"<REDACTED:code>"}},{"b":{"code":"<REDACTED:code-2>"}}],"deep":{"x":[{"ssn":"<REDACTED:ssn>"}]},"user":{"pin":"<REDACTED:pin>","name":"n"},"pin":"top"}"#)
    }

    @Test func literalSecretsEverywhereAndRestoredOnReplay() {
        let rules = Redaction.default.redactingSecret("s3cr3t", as: "<TOKEN>")
        let request = RecordedRequest(method: "POST", url: "http://h/p/s3cr3t", headers: ["X-Other": "v=s3cr3t"],
                                      body: Body(Data(#"{"t":"s3cr3t"}"#.utf8)))
        let response = RecordedResponse(status: 200, headers: ["X-Echo": "s3cr3t"],
                                        body: Body(Data(#"{"token": "s3cr3t"}"#.utf8)), url: "http://h")
        let stored = record(request, response, rules: rules)
        #expect(stored.request.url == "http://h/p/%3CTOKEN%3E", "a placeholder in a URL is percent-encoded")
        #expect(stored.request.headers["X-Other"] == "v=<TOKEN>")
        #expect(text(stored.request.body) == #"{"t":"<TOKEN>"}"#)
        #expect(!text(stored.response.body).contains("s3cr3t"))
        #expect(stored.secrets.restoringSecrets(in: stored.response) == response)
        #expect(stored.secrets.redact(text: "failed with s3cr3t") == "failed with <TOKEN>")
    }

    @Test("servers escape echoes their own way: \\u escapes, \\/, a raw body inside a JSON string; each restores exactly")
    func everyEscapingRestores() throws {
        for password in ["pässwordValue12", "pass/wordValue12", "pass\"wordValue1", "emoji😀Value12", "back\\slash99"] {
            let json = try JSONSerialization.data(withJSONObject: ["password": password])
            let request = RecordedRequest(method: "POST", url: "http://h/anything", headers: ["Content-Type": "application/json"],
                                          body: Body(json))
            // As Python's json.dumps(ensure_ascii) echoes it: the value escaped, and the raw body escaped again.
            let escapedOnce = try #require(String(data: try JSONSerialization.data(withJSONObject: [password]), encoding: .utf8))
            let raw = String(decoding: json, as: UTF8.self)
            let echo = "{\"data\": \(Self.pythonDumps(raw)), \"json\": {\"password\": \(Self.pythonDumps(password))}, \"plain\": \(escapedOnce)}"
            if password.hasPrefix("pä") { #expect(echo.contains(#"p\u00e4ss"#)) }
            let response = RecordedResponse(status: 200, body: Body(Data(echo.utf8)), url: "http://h/anything")
            let stored = record(request, response)
            let file = text(stored.response.body) + text(stored.request.body)
            for form in WireForm.allCases {
                let written = form.write(password, encoded: password)
                #expect(!file.contains(written), "\(password) leaked as \(form): \(file)")
            }
            #expect(stored.secrets.restoringSecrets(in: stored.response) == response, "\(password)")
        }
    }

    /// What Python's `json.dumps` writes for a string: ASCII only, `\u` escapes in lowercase hex.
    private static func pythonDumps(_ string: String) -> String {
        var result = "\""
        for unit in string.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x20..<0x7F: result += String(UnicodeScalar(UInt8(unit)))
            default: result += String(format: "\\u%04x", unit)
            }
        }
        return result + "\""
    }

    @Test("a token inside a URL held in a query value is a secret too (redirect-to, return URLs)")
    func nestedURLQueryItems() {
        let token = "qt-QUERYTOKEN-123456"
        let target = "/anything?access_token=\(token)&x=1".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let request = RecordedRequest(method: "GET", url: "http://h/redirect-to?url=\(target)")
        let hop = RecordedRedirect(status: 302, url: "http://h/redirect-to?url=\(target)",
                                   headers: ["Location": "/anything?access_token=\(token)&x=1"])
        let response = RecordedResponse(status: 200, body: Body(Data(#"{"args":{"access_token":"\#(token)"}}"#.utf8)),
                                        url: "http://h/anything?access_token=\(token)&x=1", redirects: [hop])
        let stored = record(request, response)
        let file = "\(stored.request) \(stored.response)"
        #expect(!file.contains(token) && !file.contains("QUERYTOKEN"))
        #expect(stored.secrets.restoringSecrets(in: stored.response) == response)
    }

    @Test func aPasswordInTheURLsUserInformation() {
        let request = RecordedRequest(method: "GET", url: "http://demo:ui-USERINFOPW-1618@h/basic-auth/demo/ui-USERINFOPW-1618")
        let (stored, secrets) = Redaction.default.redact(request)
        #expect(stored.url == "http://demo:%3CREDACTED:url-password%3E@h/basic-auth/demo/%3CREDACTED:url-password%3E")
        #expect(secrets.secret(for: "ui-USERINFOPW-1618") != nil)
    }

    @Test("a + in a query value is a space to most servers: both readings are secrets")
    func plusInAQueryValue() {
        let request = RecordedRequest(method: "GET", url: "http://h/anything?token=pl+us%20TOKEN+space&n=1")
        let response = RecordedResponse(status: 200, body: Body(Data(#"{"args":{"token":"pl us TOKEN space"}}"#.utf8)),
                                        url: "http://h/anything?token=pl+us%20TOKEN+space&n=1")
        let stored = record(request, response)
        #expect(!text(stored.response.body).contains("TOKEN"))
        #expect(stored.secrets.learned.isEmpty, "an echo of what the client sent is not a value only the server sent")
        #expect(stored.secrets.restoringSecrets(in: stored.response) == response)
    }

    @Test("a secret in angle brackets is a secret; only a value written as placeholders are is taken for one")
    func angleBracketedSecrets() throws {
        let secret = "<S3cretAngle9Qx>"
        let request = RecordedRequest(
            method: "POST", url: "http://h/anything?api_key=\(secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
            headers: ["Authorization": "Bearer \(secret)", "X-Api-Key": secret, "Content-Type": "application/json"],
            body: Body(Data(#"{"password":"\#(secret)","token":"<API_TOKEN>","secret":"<REDACTED:secret>"}"#.utf8)))
        let (stored, secrets) = Redaction.default.redact(request)
        // One secret, one placeholder, named after the header found first.
        let placeholder = try #require(secrets.secret(for: secret)?.placeholder)
        #expect(stored.headers["Authorization"] == "Bearer \(placeholder)")
        #expect(stored.headers["X-Api-Key"] == placeholder)
        #expect(!stored.url.contains("S3cret"))
        let body = text(stored.body)
        #expect(!body.contains("S3cret"))
        // A literal's placeholder from other rules, and a rule's placeholder, are left as they are.
        #expect(body.contains(#""token":"<API_TOKEN>""#) && body.contains(#""secret":"<REDACTED:secret>""#))
        #expect(SecretSet.isWrittenAsPlaceholder("<API_TOKEN>") && SecretSet.isWrittenAsPlaceholder("<REDACTED:password:json-u>"))
        #expect(!SecretSet.isWrittenAsPlaceholder("<s3cret>") && !SecretSet.isWrittenAsPlaceholder("<:x>") && !SecretSet.isWrittenAsPlaceholder("<A<B>"))
    }

    @Test("an integer, an object or an array under a secret's name is secret in a request; a response stays JSON")
    func nonStringValuesUnderSecretNames() throws {
        let request = RecordedRequest(
            method: "POST", url: "http://h/anything", headers: ["Content-Type": "application/json"],
            body: Body(Data(#"{"password":84739215842,"token":{"kind":"otp","value":"tok-in-object-55"},"pin":[7391, "s-9921"],"remember":true}"#.utf8)))
        let response = RecordedResponse(status: 200, headers: ["Content-Type": "application/json"],
                                        body: Body(Data(#"{"json":{"password":84739215842,"token":{"kind":"otp","value":"tok-in-object-55"}},"access_token":{"value":"server-only-77aa","expires":360000000}}"#.utf8)),
                                        url: "http://h/anything")
        let stored = record(request, response, rules: .default.redactingJSONKeys("pin"))
        let sent = text(stored.request.body), answered = text(stored.response.body)
        for secret in ["84739215842", "tok-in-object-55", "7391", "s-9921", "server-only-77aa"] {
            #expect(!sent.contains(secret) && !answered.contains(secret), "\(secret) stayed")
        }
        #expect(sent.contains(#""remember":true"#), "a boolean is no one's secret")
        // The number the server sent under a secret's name stays a number; the echo of the request's replays as live,
        // and a string only the server sent is learned: the app decodes the answer on replay.
        #expect(answered.contains(#""expires":360000000"#))
        let restored = text(stored.secrets.restoringSecrets(in: stored.response).body)
        #expect(restored == text(response.body).replacingOccurrences(of: "server-only-77aa", with: "REDACTED_access_token_1"))
    }

    @Test("a URL's password is a secret wherever the URL stands: held in a query value, a Location, a hop's URL")
    func userInformationPasswordsInHeldURLs() {
        let password = "UIpw-m4loc-9Qx"
        let target = "http://jay:\(password)@h/anything/loc".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let request = RecordedRequest(method: "GET", url: "http://h/redirect-to?url=\(target)")
        let hop = RecordedRedirect(status: 302, url: "http://h/redirect-to?url=\(target)",
                                   headers: ["Location": "http://jay:\(password)@h/anything/loc"])
        let response = RecordedResponse(status: 200, body: Body(Data(#"{"url":"http://h/anything/loc"}"#.utf8)),
                                        url: "http://jay:\(password)@h/anything/loc", redirects: [hop])
        let stored = record(request, response)
        let file = "\(stored.request) \(stored.response)"
        #expect(!file.contains("UIpw"), "\(file)")
        #expect(stored.secrets.restoringSecrets(in: stored.response) == response)

        // Only the server sent it (a HAR's answer, say): learned.
        let serverOnly = "SRVpw-harloc-77"
        let answer = RecordedResponse(status: 302, headers: ["location": "https://u:\(serverOnly)@cb.example.com/cb?state=1"],
                                      url: "http://h/login")
        let learned = record(RecordedRequest(method: "GET", url: "http://h/login"), answer, number: 4)
        #expect(learned.response.headers["location"] == "https://u:REDACTED_url-password_4@cb.example.com/cb?state=1")
    }

    @Test("a URL's password in a body, an unnamed header or a cookie's name: a connection string, a webhook, prose")
    func userInformationPasswordsInBodiesAndHeaders() {
        let request = RecordedRequest(
            method: "POST", url: "http://h/hooks",
            headers: ["Content-Type": "application/json", "X-Callback": "https://hook:HDRpw-5kq2@cb.example.com/in",
                      "Cookie": "https://u:CKpw-8zt1@h/p=session-value-77x; theme=dark"],
            body: Body(Data(#"{"target": "https://hook:BODYpw-3vn8@cb.example.com/in", "note": "see ftp://a:TXTpw-1mw4@files.test/x"}"#.utf8)))
        let response = RecordedResponse(status: 200, headers: ["Content-Type": "application/json"],
                                        body: Body(Data(#"{"DATABASE_URL": "postgres://app:DBpw-7hq9@db.internal:5432/main"}"#.utf8)),
                                        url: "http://h/hooks")
        let stored = record(request, response)
        let file = "\(stored.request) \(stored.response) \(stored.secrets.secrets.map(\.placeholder)) \(stored.secrets.secrets.map(\.origin.description))"
        for password in ["HDRpw", "CKpw", "BODYpw", "TXTpw", "DBpw"] { #expect(!file.contains(password), "\(password): \(file)") }
    }

    @Test("a JSON file in a multipart body holds secrets by the JSON rules, in the request and in its echo")
    func jsonFilePartsOfMultipartBodies() {
        let credentials = #"{"client_id":"app-1","client_secret":"cs-FILEPART-4242","password":"pw-FILEPART-77"}"#
        let body = "--b0undary-42\r\nContent-Disposition: form-data; name=\"config\"; filename=\"credentials.json\"\r\n"
            + "Content-Type: application/json\r\n\r\n\(credentials)\r\n--b0undary-42--\r\n"
        let request = RecordedRequest(method: "POST", url: "http://h/post", headers: ["Content-Type": "multipart/form-data; boundary=b0undary-42"],
                                      body: Body(Data(body.utf8)))
        let echo = try? JSONSerialization.data(withJSONObject: ["files": ["config": credentials]])
        let response = RecordedResponse(status: 200, headers: ["Content-Type": "application/json"], body: echo.map { Body($0) }, url: "http://h/post")
        let stored = record(request, response)
        let file = text(stored.request.body) + text(stored.response.body)
        #expect(!file.contains("FILEPART"), "\(file)")
        #expect(file.contains("app-1"), "the file's other values are the app's own")
        #expect(stored.secrets.restoringSecrets(in: stored.response) == response)
    }

    @Test("names that say password, and bracketed names (user[password], auth[token], token[]), are the rules' names")
    func passwordLikeAndBracketedNames() {
        let form = "user%5Bname%5D=ada&user%5Bpassword%5D=form-pw-9911&auth[token]=form-tok-4411&token%5B%5D=list-tok-7711&passwordHint=first-pet"
        let json = #"{"newPassword":"json-new-5521","current_password":"json-cur-6621","password_confirmation":"json-conf-7721","passwordHint":"my-dog"}"#
        let request = RecordedRequest(method: "POST", url: "http://h/users?oldPassword=query-old-8821&page=2",
                                      headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Body(Data(form.utf8)))
        let (stored, _) = Redaction.default.redact(request)
        let jsonRequest = RecordedRequest(method: "PUT", url: "http://h/me", headers: ["Content-Type": "application/json"], body: Body(Data(json.utf8)))
        let (storedJSON, _) = Redaction.default.redact(jsonRequest)
        let all = stored.url + text(stored.body) + text(storedJSON.body)
        for secret in ["form-pw-9911", "form-tok-4411", "list-tok-7711", "json-new-5521", "json-cur-6621", "json-conf-7721", "query-old-8821"] {
            #expect(!all.contains(secret), "\(secret) stayed: \(all)")
        }
        for kept in ["ada", "first-pet", "my-dog", "page=2"] { #expect(all.contains(kept), "\(kept) is no secret") }
        // Only rules that name `password` read names that say it.
        let custom = Redaction.disabled.redactingQueryItems("token")
        let (customStored, _) = custom.redact(RecordedRequest(method: "GET", url: "http://h/a?newPassword=kept-1234&auth%5Btoken%5D=gone-1234"))
        #expect(customStored.url.contains("kept-1234") && !customStored.url.contains("gone-1234"), "\(customStored.url)")
    }

    @Test("OAuth 2's authorization code: a random-looking code= is a secret in a callback URL and a token request; a short one is data")
    func authorizationCodes() {
        let code = "4/0AeaYSHBq8fK2xLmN7pQrT9vWz3Yc5Ud"
        let callback = RecordedRequest(method: "GET", url: "http://h/callback?code=\(code.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&state=xyz&country_code=US")
        let token = RecordedRequest(method: "POST", url: "http://h/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                    body: Body(Data("grant_type=authorization_code&code=\(code.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&redirect_uri=app%3A%2F%2Fcb".utf8)))
        let stored = [callback, token].map { Redaction.default.redact($0).stored }
        let all = stored.map { $0.url + text($0.body) }.joined()
        #expect(!all.contains("0AeaYSHBq8fK2xLmN7pQrT9vWz3Yc5Ud"), "\(all)")
        #expect(all.contains("state=xyz") && all.contains("country_code=US"))
        let (short, _) = Redaction.default.redact(RecordedRequest(method: "GET", url: "http://h/lookup?code=US-CA"))
        #expect(short.url == "http://h/lookup?code=US-CA")

        // In a URL a query value holds, and in a redirect's Location only the server sent.
        let nested = "http://app/cb?code=\(code)&state=z".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let held = record(RecordedRequest(method: "GET", url: "http://h/redirect-to?url=\(nested)"),
                          RecordedResponse(status: 302, headers: ["Location": "http://app/cb?code=\(code)&state=z"], url: "http://h/redirect-to?url=\(nested)"))
        #expect(!"\(held.request) \(held.response)".contains("0AeaYSHBq8fK2xLmN7pQrT9vWz3Yc5Ud"))
        let serverOnly = record(RecordedRequest(method: "GET", url: "http://h/login"),
                                RecordedResponse(status: 302, headers: ["Location": "http://app/cb?code=SrvZm4Lp7Vw2Rb8Kd6Tq9x&state=z"], url: "http://h/login"))
        #expect(serverOnly.response.headers["Location"]?.contains("SrvZm4Lp7Vw2Rb8Kd6Tq9x") == false)
    }

    @Test("real APIs' spellings: a SAS sig=, a device_code, secret-named X- headers, URLs in form fields, JSON strings and headers")
    func realAPISpellings() {
        let sig = "Z/RHIX5Xcg0Lp7Vw2Rb8Kd6Tq9xYz4Ab3Cd5Ef7Gh1=="
        let sas = RecordedRequest(method: "PUT", url: "http://h/blob?sv=2024-05-04&sr=b&sig=\(sig.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        let form = RecordedRequest(method: "POST", url: "http://h/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                   body: Body(Data("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=dev-code-S3C-1111&redirect=https%3A%2F%2Fapp%2Fcb%3Ftoken%3Dform-url-S3C-2222".utf8)))
        let headers = RecordedRequest(method: "GET", url: "http://h/a",
                                      headers: ["X-Client-Secret": "Hunter2-hdr-S3C-3333!", "x-api-secret": "Hunter2-hdr-S3C-4444!",
                                                "X-Callback": "https://app/cb?access_token=hdr-url-S3C-5555", "X-Request-Id": "plain-id-6666"])
        let json = RecordedRequest(method: "POST", url: "http://h/hooks", headers: ["Content-Type": "application/json"],
                                   body: Body(Data(#"{"webhook":"https://app/cb?token=json-url-S3C-7777","name":"hook","appSecret":"json-app-S3C-8888"}"#.utf8)))
        let all = [sas, form, headers, json].map { request -> String in
            let stored = Redaction.default.redact(request).stored
            return stored.url + stored.headers.description + text(stored.body)
        }.joined()
        for secret in ["Z/RHIX5Xcg0", "Z%2FRHIX5Xcg0", "S3C-1111", "S3C-2222", "S3C-3333", "S3C-4444", "S3C-5555", "S3C-7777", "S3C-8888"] {
            #expect(!all.contains(secret), "\(secret) stayed: \(all)")
        }
        for kept in ["sv=2024-05-04", "plain-id-6666", #""name":"hook""#] { #expect(all.contains(kept), "\(kept) is no secret") }
    }

    @Test func emptySecretIsIgnored() {
        #expect(Redaction.default.redactingSecret("", as: "<X>").secrets.isEmpty)
    }
}

/// Cases a code review and a hands-on trial found, each pinned.
@Suite("Redaction: the hard cases")
struct RedactionHardCaseTests {
    @Test("escapes no form models (\\u002B, \\u0022, \\u003c) are caught by decoding the JSON strings")
    func anyJSONEscaping() {
        let secret = "a+b\"c<d-0123456789"
        let request = RecordedRequest(method: "GET", url: "http://h/me", headers: ["Authorization": "Bearer \(secret)"])
        // .NET's encoder: + and " as uppercase \u escapes; Go's: < as \u003c.
        let dotnet = #"{"token":"a\u002Bb\u0022c\u003Cd-0123456789"}"#
        let go = #"{"token":"a+b\"c\u003cd-0123456789"}"#
        for echo in [dotnet, go] {
            let response = RecordedResponse(status: 200, body: Body(Data(echo.utf8)), url: "http://h/me")
            let stored = recorded(request, response)
            #expect(!bodyText(stored.response.body).contains("0123456789"), "\(bodyText(stored.response.body))")
            // Replay writes the value back: the same JSON string, in Go's case the very bytes.
            let restored = stored.secrets.restoringSecrets(in: stored.response)
            let decoded = try? JSONDecoder().decode([String: String].self, from: restored.body?.data ?? Data())
            #expect(decoded == ["token": secret])
            if echo == go { #expect(restored == response) }
        }
    }

    @Test("a form body without a Content-Type, or not in UTF-8, is still read as form fields")
    func formsWithoutTheirType() {
        let plain = RecordedRequest(method: "POST", url: "http://h/login", body: Body(Data("user=u&password=hunter22".utf8)))
        #expect(bodyText(Redaction.default.redact(plain).stored.body) == "user=u&password=%3CREDACTED:password%3E")
        var latin1 = Data("user=\u{FC}ber&password=hunter22".data(using: .isoLatin1) ?? Data())
        latin1.append(contentsOf: [0xFC])
        let stored = Redaction.default.redact(RecordedRequest(method: "POST", url: "http://h/login", body: Body(latin1))).stored
        #expect(stored.body?.data.firstOffset(of: Data("hunter22".utf8)) == nil)
        #expect(stored.body?.data.first(where: { $0 == 0xFC }) != nil, "the other bytes are kept as they were")
    }

    @Test("query items in the final URL, a redirect's URL and its Location are redacted by name")
    func responseURLs() {
        let request = RecordedRequest(method: "GET", url: "http://h/login?token=abc")
        let hop = RecordedRedirect(status: 302, url: "http://h/login?token=abc",
                                   headers: ["Location": "http://h/cb?access_token=SERVER-SECRET-123456"])
        let response = RecordedResponse(status: 200, url: "http://h/cb?access_token=SERVER-SECRET-123456", redirects: [hop])
        let stored = recorded(request, response)
        #expect(!"\(stored.response)".contains("SERVER-SECRET"))
        #expect(stored.response.url == "http://h/cb?access_token=REDACTED_access_token_1")
        // A short request value is replaced in an identical response URL too, so the URLs still agree.
        let plain = recorded(request, RecordedResponse(status: 200, url: "http://h/login?token=abc"))
        #expect(plain.response.url == plain.request.url)
    }

    @Test("restoring never confuses a placeholder with a longer one, whatever the stem")
    func placeholdersWithoutBrackets() {
        let rules = Redaction(placeholder: "REDACTED", queryItemNames: ["token"], jsonKeyPaths: ["**.token"])
        let request = RecordedRequest(method: "POST", url: "http://h/p?token=aaaa1111", body: Body(Data(#"{"token":"bbbb2222"}"#.utf8)))
        let response = RecordedResponse(status: 200, body: Body(Data("aaaa1111 bbbb2222".utf8)), url: "http://h/p?token=aaaa1111")
        let stored = recorded(request, response, rules: rules)
        #expect(stored.secrets.restoringSecrets(in: stored.response) == response)
    }

    @Test("each percent-encoding of a value restores as itself")
    func percentEncodingsRestoreExactly() {
        let request = RecordedRequest(method: "GET", url: "http://h/p", headers: ["X-Api-Key": "ab+cd/ef=="])
        let response = RecordedResponse(status: 200, body: Body(Data("?k=ab%2Bcd%2Fef%3D%3D and ab+cd/ef==".utf8)), url: "http://h/p")
        let stored = recorded(request, response)
        #expect(!bodyText(stored.response.body).contains("ab"))
        #expect(stored.secrets.restoringSecrets(in: stored.response) == response)
    }

    @Test("a secret that is part of a placeholder's text is still replaced where it stands")
    func secretsInsidePlaceholderText() {
        let credential = Data("user:pass".utf8).base64EncodedString()
        let request = RecordedRequest(method: "GET", url: "http://h/basic-auth/user/pass?password=pass",
                                      headers: ["Authorization": "Basic \(credential)"])
        let (stored, secrets) = Redaction.default.redact(request)
        // Short secrets replace what they match, even inside a name: ugly, but nothing leaks.
        let outsidePlaceholders = Replacer([], keeping: []).apply(to: stored.url)
            .replacingOccurrences(of: "%3CREDACTED:authorization-password%3E", with: "")
        #expect(!outsidePlaceholders.contains("pass"), "\(stored.url)")
        #expect(stored.url.hasPrefix("http://h/basic-auth/user/%3CREDACTED:authorization-password%3E?"))
        #expect(secrets.secret(for: "pass") != nil)
    }

    @Test("**.name reaches strings in nested arrays")
    func nestedArrays() {
        let request = RecordedRequest(method: "POST", url: "http://h", body: Body(Data(#"{"password":[["nested-secret-1"],"top-secret-2"]}"#.utf8)))
        let body = bodyText(Redaction.default.redact(request).stored.body)
        #expect(!body.contains("nested-secret-1") && !body.contains("top-secret-2"))
    }

    @Test("a list of two thousand secrets is redacted in one pass")
    func manySecrets() {
        let items = (0..<2_000).map { #"{"id":\#($0),"signature":"sig-\#($0)-\#(String(repeating: "x", count: 12))"}"# }
        let body = "[" + items.joined(separator: ",") + "]"
        let response = RecordedResponse(status: 200, body: Body(Data(body.utf8)), url: "http://h/list")
        let stored = recorded(RecordedRequest(method: "GET", url: "http://h/list"), response)
        #expect(!bodyText(stored.response.body).contains("sig-1999-"))
        #expect(stored.secrets.learned.count == 2_000)
        #expect(bodyText(stored.response.body).contains("REDACTED_signature_1_2000"))
    }
}
