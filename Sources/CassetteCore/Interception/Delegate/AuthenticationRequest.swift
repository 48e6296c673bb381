import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which responses are authentication challenges, and the protection space each asks credentials for, as
/// swift-corelibs-foundation reads them: a `401` whose `WWW-Authenticate` holds a Basic challenge with a `realm`
/// (looked for at the start of the value and after each comma), on an `http` or `https` URL.
///
/// Any other `401` (a Bearer challenge, Basic without a realm), and every `407`, is delivered to the app as it is
/// there, with no delegate asked.
enum AuthenticationRequest {
    /// The protection space `response` asks credentials for, or `nil` when it is no challenge.
    static func protectionSpace(of response: HTTPURLResponse) -> URLProtectionSpace? {
        guard response.statusCode == 401, let url = response.url, let host = url.host,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let header = response.headerFields.value(caseInsensitiveKey: "WWW-Authenticate"),
              let realm = basicRealm(in: header) else {
            return nil
        }
        return URLProtectionSpace(host: host, port: url.port ?? (scheme == "http" ? 80 : 443), protocol: scheme,
                                  realm: realm, authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
    }

    /// Whether `response` is a challenge a delegate answers.
    static func isChallenge(_ response: HTTPURLResponse) -> Bool {
        protectionSpace(of: response) != nil
    }

    /// The realm of the first Basic challenge with one in a `WWW-Authenticate` value such as
    /// `Bearer, Basic realm="Fake Realm", charset="UTF-8"`: unquoted, with `\` escapes undone.
    static func basicRealm(in header: String) -> String? {
        var rest = Substring(header)
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let scheme = rest.prefix { $0 != " " && $0 != "\t" && $0 != "," }
            if scheme.lowercased() == "basic", let realm = parameter("realm", in: rest.dropFirst(scheme.count)) {
                return realm
            }
            guard let comma = rest.firstIndex(of: ",") else { return nil }
            rest = rest[rest.index(after: comma)...]
        }
        return nil
    }

    /// The value of the auth-parameter `name` among the `name=token` or `name="quoted"` parameters at the start of
    /// `parameters`, separated by commas.
    private static func parameter(_ name: String, in parameters: Substring) -> String? {
        var rest = parameters
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let key = rest.prefix { $0 != "=" && $0 != "," && $0 != " " && $0 != "\t" }
            rest = rest.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            guard !key.isEmpty, rest.first == "=" else { return nil }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                var closed = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        value.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        value.append(character)
                    }
                }
                guard closed else { return nil }
            } else {
                let token = rest.prefix { $0 != "," && $0 != " " && $0 != "\t" }
                value = String(token)
                rest = rest.dropFirst(token.count)
            }
            if key.lowercased() == name { return value }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "," else { return nil }
            rest = rest.dropFirst()
        }
    }
}
