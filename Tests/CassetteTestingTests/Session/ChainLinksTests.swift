import Foundation
import Testing
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a reported redirect's request carries its link (see ``ChainLinks``), on each platform.
@Suite("The token a followed redirect carries")
struct ChainLinkTokenTests {
    @Test("the token a reported redirect's request carries: a protocol property on Apple's platforms; corelibs drops those")
    func tokenCarrier() throws {
        let carrying = ChainLinks.request(URLRequest(url: URL(string: "http://api.test/next")!), carrying: "token-1")
        #expect(ChainLinks.token(of: carrying) == "token-1")
        var changed = carrying
        changed.setValue("yes", forHTTPHeaderField: "X-Changed")
        #expect(ChainLinks.token(of: changed) == "token-1", "a delegate's changed copy keeps the token")
        #if canImport(FoundationNetworking)
        // The platform fact that makes it a header here: a property set on an NSMutableURLRequest is gone from the
        // URLRequest it becomes.
        let mutable = try #require((URLRequest(url: URL(string: "http://api.test/x")!) as NSURLRequest).mutableCopy() as? NSMutableURLRequest)
        URLProtocol.setProperty("value", forKey: "key", in: mutable)
        #expect(URLProtocol.property(forKey: "key", in: mutable as URLRequest) == nil)
        #expect(ChainLinks.withoutToken(carrying).value(forHTTPHeaderField: ChainLinks.propertyKey) == nil)
        #endif
    }
}
