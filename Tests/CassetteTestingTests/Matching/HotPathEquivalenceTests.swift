import Foundation
import Testing
@testable import CassetteCore

/// The replay hot path reads URLs, queries and bodies as bytes. Each byte-level reader is checked here against the
/// string-level definition it replaces, on generated inputs shaped like real traffic and on the edge cases.
@Suite("Hot path equivalence")
struct HotPathEquivalenceTests {
    /// Xorshift64: a deterministic stream, so every run draws the same URLs.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    private static let pieces = ["a", "b", "tag", "page", "Per_Page", "q", "%20", "%2B", "+", "=", "&", "&&", "?", "#",
                                 "é", "e\u{301}", "%C3%A9", "%zz", "%", "%FF", "token", "x-y", "Z", "", "1", "%3F", "/"]

    private func url(_ generator: inout Generator) -> String {
        let schemes = ["http", "HTTPS", "http"]
        let hosts = ["api.example.test", "API.Example.Test:8080", "user:pw@host.test", "h", "Bücher.test"]
        var url = schemes.randomElement(using: &generator)! + "://" + hosts.randomElement(using: &generator)!
        url += ["/v2/items/1", "/", "", "/A/b%2Fc"].randomElement(using: &generator)!
        if Bool.random(using: &generator) {
            url += "?"
            for _ in 0..<Int.random(in: 0...7, using: &generator) {
                url += (0..<Int.random(in: 1...3, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            }
        }
        if Int.random(in: 0..<5, using: &generator) == 0 { url += "#frag" }
        return url
    }

    /// How many URLs each generated-input test draws: 20,000 under `CASSETTE_STRESS=1`.
    private static let draws = Stress.count(2_000, stress: 20_000)

    @Test("the byte-level URL key is the string-level key, on 2,000 generated URLs (20,000 under stress)")
    func urlKeyMatchesTheStringDefinition() {
        var generator = Generator(state: 42)
        for _ in 0..<Self.draws {
            let url = url(&generator)
            #expect(URLMatchKey.of(url) == URLParts(url).slowMatchKey, "\(url)")
        }
    }

    @Test("a query the byte scan passes over holds no field a rule names and no nested query, on 2,000 generated URLs (20,000 under stress)")
    func queryScanMissesNothing() {
        let names = Redaction.default.matching.parameterNames
        var generator = Generator(state: 7)
        var scanned = 0
        for _ in 0..<Self.draws {
            let url = url(&generator) + ["", "&token=x", "&%74oken=x", "&next=%2Fa%3Ftoken%3Dx", "&Access-Token=y"].randomElement(using: &generator)!
            guard !FormFields.queryMayHoldFields(named: names, in: url) else { continue }
            scanned += 1
            let fields = URLParts(url).query.map { FormFields($0, plusIsSpace: false).fields } ?? []
            #expect(!fields.contains { names.names.contains(SecretName.normalized($0.name)) || $0.value.contains("?") }, "\(url)")
        }
        #expect(scanned > Self.draws / 20)
    }

    @Test("URL key edge cases", arguments: [
        ("http://h/p", "http://h/p"),
        ("HTTP://User:Secret@H.Test:80/P?b=2&a=1#f", "http://h.test:80/P?a=1&b=2"),
        ("http://h/p?", "http://h/p"),
        ("http://h/p?&&b&a=", "http://h/p?a=&b"),
        ("http://h/p?a=2&a=1&A=0", "http://h/p?A=0&a=2&a=1"),
        ("no-scheme/path?z&y", "://no-scheme/path?y&z"),
    ])
    func urlKeyEdgeCases(url: String, key: String) {
        #expect(URLMatchKey.of(url) == key)
    }

    @Test("form fields decode as removingPercentEncoding does, on every piece and pair of pieces")
    func percentDecodingMatchesFoundation() {
        let texts = Self.pieces + Self.pieces.flatMap { first in Self.pieces.map { first + $0 } }
        for text in texts {
            for plusIsSpace in [false, true] {
                let spaced = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : text
                let expected = spaced.contains("%") ? spaced.removingPercentEncoding ?? spaced : spaced
                #expect(FormFields.decode(text[...], plusIsSpace: plusIsSpace) == expected, "\(text) \(plusIsSpace)")
            }
        }
    }

    @Test("form fields split at & as written, dropping empty items")
    func formFieldsSplit() {
        let text = "a=1&&b&=x&c=%3Fd%3De&e=a+b"
        let fields = FormFields(text[...], plusIsSpace: true)
        #expect(fields.fields.map(\.name) == ["a", "b", "", "c", "e"])
        #expect(fields.fields.map { String($0.encodedValue) } == ["1", "", "x", "%3Fd%3De", "a+b"])
        #expect(fields.fields.map(\.value) == ["1", "", "x", "?d=e", "a b"])
        #expect(fields.fields.map(\.valueMayHoldQuery) == [false, false, false, true, false])
    }

    @Test("a name set answers from bytes as the normalized names do")
    func secretNameSetMatchesNormalizedNames() {
        let names: Set<String> = Set(["access_token", "X-Api-Key", "passwd", "tökén", ""].map(SecretName.normalized))
        let set = SecretNameSet(names)
        let candidates = ["Access-Token", "accessToken", "ACCESS__TOKEN", "access_tokens", "access", "x_api_key", "XAPIKEY",
                          "Passwd", "pass-wd", "TÖKÉN", "tökén", "token", "-", "_-_", "", "a\u{212A}", "xapikey-"]
        for candidate in candidates {
            #expect(set.contains(candidate) == names.contains(SecretName.normalized(candidate)), "\(candidate)")
            #expect(set.contains(candidate[...]) == names.contains(SecretName.normalized(candidate)), "\(candidate)")
        }
    }

    @Test("a JSON key spelled with escapes, or with a KELVIN SIGN, is not missed by the byte scan")
    func keyScanSeesThroughEscapes() {
        let redaction = Redaction.default.redactingJSONKeys("apikey")
        for body in [#"{"\u0074oken":"abcdef123"}"#, #"{"apiKey":"abcdef123"}"#, "{\"api\u{212A}ey\":\"abcdef123\"}",
                     #"{"Access-Token":"abcdef123"}"#] {
            let request = RecordedRequest(method: "POST", url: "http://h/p", body: Body(Data(body.utf8)))
            let stored = redaction.redact(request).stored
            let text = String(decoding: stored.body?.data ?? Data(), as: UTF8.self)
            #expect(!text.contains("abcdef123"), "\(body) → \(text)")
        }
        let plain = RecordedRequest(method: "POST", url: "http://h/p", body: Body(Data(#"{"name":"abcdef123"}"#.utf8)))
        #expect(redaction.redact(plain).stored.body == plain.body)
    }

    @Test("the key built from head keys worked out first is the key, and the head key is the head matchers' keys")
    func keyFromHeadKeys() {
        let lists: [[RequestMatcher]] = [RequestMatcher.defaults, [.method, .url], [.body], [.headers("X-A"), .path, .body, .query],
                                         [.custom("c") { $0.method + "!" }, .host, .conditions]]
        let request = RecordedRequest(method: "post", url: "HTTP://Example.com:8080/a%20b?z=1&a=2&a=1#f",
                                      headers: ["X-A": "1", "If-None-Match": "\"e\"", "Content-Type": "application/json"],
                                      body: Body(Data(#"{"b":1,"a":[2,3]}"#.utf8)))
        for matchers in lists {
            let heads = matchers.headKeys(for: request)
            #expect(matchers.key(for: request, headKeys: heads) == matchers.key(for: request))
            #expect(heads == matchers.filter { $0.reads == .head }.map { $0.key(request) })
            #expect(matchers.headKey(for: request) == heads.joined(separator: "\u{1F}"))
        }
    }

    @Test("a recorded body's key is used only under the same Content-Type")
    func knownBodyKeyNeedsTheSameType() throws {
        let data = Data("a=1&b=2".utf8)
        let recorded = [Interaction(request: RecordedRequest(method: "POST", url: "http://h/p",
                                                             headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Body(data)),
                                    response: RecordedResponse(status: 200, headers: [:], body: nil, url: "http://h/p"),
                                    recordedAt: Date(timeIntervalSince1970: 0))]
        var index = ReplayIndex(recorded, matchers: RequestMatcher.defaults)
        #expect(index.recordedBody(like: Body(data)) == nil, "keyed only once a request with its method and URL comes")
        #expect(index.resolve(head: RequestMatcher.defaults.headKey(for: recorded[0].request)) == nil)
        let known = try #require(index.recordedBody(like: Body(data)))
        let asForm = RecordedRequest(method: "POST", url: "http://h/p", headers: ["content-type": "application/x-www-form-urlencoded"], body: known)
        let asBytes = RecordedRequest(method: "POST", url: "http://h/p", headers: ["Content-Type": "application/octet-stream"], body: known)
        #expect(RequestMatcher.body.key(asForm) == BodyKey.key(for: RecordedRequest(method: "POST", url: "http://h/p",
                                                                                    headers: asForm.headers, body: Body(data)), ignoringJSONKeyPaths: []))
        #expect(RequestMatcher.body.key(asBytes) == "bytes:" + data.base64EncodedString())
        #expect(index.recordedBody(like: Body(Data("a=1&b=3".utf8))) == nil)
    }

    @Test("the key-name scan's table of first bytes misses no name, in any case, at any place, on 2,000 generated bodies (20,000 under stress)")
    func keyNameScanMatchesTheByteDefinition() {
        let names = ["token", "secret", "passw", "key", "x-y"].map { Array($0.utf8) }
        let scan = KeyNameScan(names)
        let pieces = ["T", "t", "O", "ken", "KEN", "Se", "cr", "ET", "pass", "W", "_", "-", "k", "K", "ey", "Y", "x", "X", "y",
                      "\\", "u", "\u{212A}", "\"", ":", " ", "é", "0"]
        var generator = Generator(state: 11)
        for _ in 0..<Self.draws {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            // The definition: a name's letters from some byte on, ignoring ASCII case, `-` and `_` after its first; or
            // a `\u` escape; or a KELVIN SIGN.
            let named = names.contains { name in
                bytes.indices.contains { start in
                    var matched = 0, position = start
                    while matched < name.count, position < bytes.count {
                        let byte = bytes[position]
                        if matched > 0, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                            position += 1
                        } else if byte.asciiLowercased == name[matched] {
                            matched += 1
                            position += 1
                        } else {
                            break
                        }
                    }
                    return matched == name.count
                }
            }
            let expected = named || text.contains("\\u") || text.unicodeScalars.contains("\u{212A}")
            #expect(bytes.withUnsafeBytes { scan.mayOccur(in: $0) } == expected, "\(text)")
        }
    }

    @Test("match keys are equal when their bytes are, whatever their storage, and not when only their meaning is")
    func matchKeysCompareBytes() {
        let long = String(repeating: "k", count: 1_500)
        let built = String(decoding: Array(long.utf8), as: UTF8.self)
        #expect(MatchKey(long) == MatchKey(built))
        #expect(MatchKey(String(long.dropLast()) + "j") != MatchKey(long))
        #expect(MatchKey("") == MatchKey(String()))
        #expect(MatchKey("small") == MatchKey(String("a small".dropFirst(2))))
        #expect(MatchKey("caf\u{E9}") != MatchKey("cafe\u{301}"), "canonically equivalent, other bytes")
        #expect(MatchKey("ab") != MatchKey("abc"))
        var keys: Set<MatchKey> = [MatchKey(long), MatchKey("caf\u{E9}")]
        #expect(!keys.insert(MatchKey(built)).inserted)
        #expect(keys.insert(MatchKey("cafe\u{301}")).inserted)
    }
}
