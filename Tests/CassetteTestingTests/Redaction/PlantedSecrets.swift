import Foundation
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Distinct secrets, one planted in each place a request can carry a value the default ``Redaction`` names, and
/// the requests that carry them; `host` says where the requests go.
struct PlantedSecrets {
    let bearer = "bearer-\(UUID().uuidString)"
    let basicPassword = "basic-pw-\(UUID().uuidString)"
    let cookie = "cookie-\(UUID().uuidString)"
    let apiKeyHeader = "x-api-key-\(UUID().uuidString)"
    let queryToken = "query-token-\(UUID().uuidString)"
    let queryAPIKey = "query-api-key-\(UUID().uuidString)"
    let queryAccessToken = "query-access-\(UUID().uuidString)"
    let jsonPassword = "json-pw-\(UUID().uuidString)"
    let clientSecret = "client-secret-\(UUID().uuidString)"
    let formRefreshToken = "form-refresh-\(UUID().uuidString)"
    let multipartPassword = "multipart-pw-\(UUID().uuidString)"
    let userInfoPassword = "userinfo-pw-\(UUID().uuidString)"
    let nestedURLToken = "nested-token-\(UUID().uuidString)"
    let bodyURLPassword = "body-url-pw-\(UUID().uuidString)"

    /// The scheme, host and port the requests go to, e.g. `http://api.test`.
    let host: String

    /// Every planted value, with where it was planted.
    var all: [(place: String, value: String)] {
        [("Authorization: Bearer", bearer), ("Authorization: Basic password", basicPassword), ("Cookie", cookie),
         ("X-Api-Key", apiKeyHeader), ("?token=", queryToken), ("?api_key=", queryAPIKey),
         ("?access_token=", queryAccessToken), ("JSON password", jsonPassword), ("JSON nested client_secret", clientSecret),
         ("form refresh_token", formRefreshToken), ("multipart password", multipartPassword),
         ("URL user information password", userInfoPassword), ("token of a URL in a query value", nestedURLToken),
         ("password of a URL in a JSON body", bodyURLPassword)]
    }

    /// The texts that give a planted value away: the value in every form it is written on the wire, and the Basic
    /// credential it hides in.
    var giveaways: [(place: String, text: String)] {
        var texts = all.flatMap { secret in
            WireForm.allCases.map { (secret.place, $0.write(secret.value, encoded: secret.value)) }
        }
        texts.append(("Authorization: Basic credential", basicCredential))
        return texts
    }

    private var basicCredential: String { Data("demo:\(basicPassword)".utf8).base64EncodedString() }

    private func url(_ pathAndQuery: String) -> URL {
        // Every value here is ASCII made of UUIDs and dashes: the URL always parses.
        URL(string: host + pathAndQuery) ?? URL(fileURLWithPath: "/")
    }

    private func request(_ pathAndQuery: String, method: String = "GET", headers: [String: String] = [:],
                         body: String? = nil) -> URLRequest {
        var request = URLRequest(url: url(pathAndQuery))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        return request
    }

    /// One request per place; each carries its secret and nothing else secret, so a leak names its source.
    var requests: [URLRequest] {
        let boundary = "planted-boundary-0123456789"
        let multipart = "--\(boundary)\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\ndemo\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n\(multipartPassword)\r\n--\(boundary)--\r\n"
        let nested = "\(host)/callback?access_token=\(nestedURLToken)"
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        var userInfo = URLComponents(url: url("/basic-auth/demo"), resolvingAgainstBaseURL: false)
        userInfo?.user = "demo"
        userInfo?.password = userInfoPassword
        return [
            request("/bearer", headers: ["Authorization": "Bearer \(bearer)"]),
            request("/basic-auth/demo/\(basicPassword)", headers: ["Authorization": "Basic \(basicCredential)"]),
            request("/cookies", headers: ["Cookie": "sid=\(cookie)"]),
            request("/headers", headers: ["X-Api-Key": apiKeyHeader]),
            request("/anything?token=\(queryToken)&page=2"),
            request("/anything?api_key=\(queryAPIKey)&page=2"),
            request("/anything?page=2&access_token=\(queryAccessToken)"),
            request("/login", method: "POST", headers: ["Content-Type": "application/json"],
                    body: #"{"user":"demo","password":"\#(jsonPassword)"}"#),
            request("/oauth", method: "POST", headers: ["Content-Type": "application/json"],
                    body: #"{"auth":{"nested":{"client_id":"app","client_secret":"\#(clientSecret)"}}}"#),
            request("/token", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: "grant_type=refresh_token&refresh_token=\(formRefreshToken)"),
            request("/upload", method: "POST", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"],
                    body: multipart),
            URLRequest(url: userInfo?.url ?? url("/")),
            request("/redirect-to?url=\(nested)&page=2"),
            request("/settings", method: "POST", headers: ["Content-Type": "application/json"],
                    body: #"{"database_url":"postgres://app:\#(bodyURLPassword)@db.test/main"}"#),
        ]
    }

    /// The places in `texts` that give a planted secret away, each once, as `place: …text around it…`; empty when
    /// none does.
    func leaks(in texts: [String]) -> [String] {
        var found: [String] = []
        for giveaway in giveaways where !found.contains(where: { $0.hasPrefix(giveaway.place + ":") }) {
            guard let text = texts.first(where: { $0.contains(giveaway.text) }),
                  let range = text.range(of: giveaway.text) else { continue }
            let before = text[..<range.lowerBound].suffix(100), after = text[range.upperBound...].prefix(40)
            found.append("\(giveaway.place): …\(before)\(giveaway.text)\(after)…")
        }
        return found
    }
}
