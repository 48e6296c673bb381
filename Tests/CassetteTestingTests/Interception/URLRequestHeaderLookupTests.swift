import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import CassetteCore

@Suite("A request's header looked up without the platform's comparison when it certainly has none")
struct URLRequestHeaderLookupTests {
    /// Header sets a request may carry: none, other names, the name in other cases, names that only start or end
    /// like it, and names that are not ASCII (a KELVIN SIGN lowercases to `k`).
    private static let headerSets: [[String: String]] = [
        [:], ["Accept": "*/*"], ["Cookie": "a=1"], ["cookie": "a=1", "Accept": "*/*"], ["COOKIE": "a=1"], ["Cookies": "a=1"],
        ["Cooki": "a=1"], ["X-Cookie": "a=1"], ["Coo\u{212A}ie": "a=1"], ["Cöokie": "a=1"], ["Accept": "*/*", "Ä": "1"],
        [ChainLinks.propertyKey: "token"], [ChainLinks.propertyKey.uppercased(): "token"], ["cassettecore.chainlink": "token", "B": "2"],
    ]

    @Test("headerValue answers what value(forHTTPHeaderField:) answers", arguments: 0..<headerSets.count)
    func headerValueAgreesWithThePlatform(index: Int) throws {
        var request = URLRequest(url: try #require(URL(string: "http://h.test/p")))
        for (name, value) in Self.headerSets[index] { request.setValue(value, forHTTPHeaderField: name) }
        for name in ["Cookie", "cookie", ChainLinks.propertyKey, "Accept", "Missing"] {
            #expect(request.headerValue(name) == request.value(forHTTPHeaderField: name), "\(name) in \(Self.headerSets[index])")
        }
    }

    @Test("a request with a name that is not ASCII is never said to lack a header")
    func nonASCIINamesAreLeftToThePlatform() throws {
        var request = URLRequest(url: try #require(URL(string: "http://h.test/p")))
        request.setValue("1", forHTTPHeaderField: "Accept")
        #expect(request.certainlyLacksHeader("Cookie"))
        request.setValue("a=1", forHTTPHeaderField: "Coo\u{212A}ie")
        #expect(!request.certainlyLacksHeader("Cookie"))
    }
}
