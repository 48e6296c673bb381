import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLParameterEncoder")
struct URLParameterEncoderTests {
    private func encoded(_ base: String, _ parameters: Parameters) throws -> String? {
        var request = URLRequest(url: try url(base))
        try URLParameterEncoder.encode(urlRequest: &request, with: parameters)
        return request.url?.absoluteString
    }

    @Test("only RFC 3986 unreserved ASCII passes as it is")
    func everyASCIICharacter() {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        for byte in UInt8(0)...UInt8(127) {
            let character = Character(Unicode.Scalar(byte))
            let expected = unreserved.contains(character) ? String(character) : String(format: "%%%02X", byte)
            #expect(URLParameterEncoder.percentEncode(String(character)) == expected, "byte \(byte)")
        }
    }

    @Test func reservedAndNonASCIICharacters() throws {
        let query = try encoded("https://h.test/s", ["q": "a&b=c?d/e+f g#h%", "city": "Zürich", "emoji": "😀", "é": "é"])
        #expect(query == "https://h.test/s?city=Z%C3%BCrich&emoji=%F0%9F%98%80&q=a%26b%3Dc%3Fd%2Fe%2Bf%20g%23h%25&%C3%A9=%C3%A9")
    }

    @Test("arrays repeat key[], nested values use key[sub], keys sorted at every level")
    func arraysNestedValuesBooleansAndNull() {
        let query = URLParameterEncoder.query(for: [
            "tags": ["a", "b"], "filter": ["year": 2024, "new": true, "range": [1, 2]], "none": nil, "ratio": 1.5,
            "off": false, "empty": [],
        ])
        #expect(query == "filter%5Bnew%5D=true&filter%5Brange%5D%5B%5D=1&filter%5Brange%5D%5B%5D=2&filter%5Byear%5D=2024"
            + "&none=&off=false&ratio=1.5&tags%5B%5D=a&tags%5B%5D=b")
    }

    @Test func existingQueryItemsAreKeptAndNewOnesAppended() throws {
        #expect(try encoded("https://h.test/s?keep=1&b=%20", ["a": "2"]) == "https://h.test/s?keep=1&b=%20&a=2")
        #expect(try encoded("https://h.test/s?keep=1", [:]) == "https://h.test/s?keep=1")
        #expect(try encoded("https://h.test/s", ["empty": []]) == "https://h.test/s")
        #expect(try encoded("https://h.test/s#top", ["a": 1]) == "https://h.test/s?a=1#top")
    }

    @Test func theSameParametersAlwaysGiveTheSameQuery() {
        let parameters: Parameters = Dictionary(uniqueKeysWithValues: (0..<50).map { ("k\($0)", .int($0)) })
        let first = URLParameterEncoder.query(for: parameters)
        #expect((0..<20).allSatisfy { _ in URLParameterEncoder.query(for: parameters) == first })
        #expect(first.hasPrefix("k0=0&k1=1&k10=10&"))
    }
}
