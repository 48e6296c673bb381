import Foundation
import Testing
@testable import CassetteCore

/// The errors the code under test throws carry the cassette's error, or a request's `URLError`, however wrapped: the
/// harness finds them so that a failure is reported once, and a request past the cassette is named.
@Suite("What a thrown error carries")
struct CarriedErrorsTests {
    enum Layer: Error { case transport(any Error), other(String) }
    struct Wrapper: Error { let code = 3; let cause: any Error }

    private let cassette = CassetteError(.noMatch, "no match")

    private func given(_ cassette: CassetteError) -> URLError {
        URLError(.resourceUnavailable, userInfo: [NSUnderlyingErrorKey: cassette])
    }

    @Test("the cassette's error, under the task's URLError, in a layer's enum case or a struct, or under an NSError")
    func findsTheCassettesError() {
        #expect(Cassette.Ending.carriesCassetteError(cassette))
        #expect(Cassette.Ending.carriesCassetteError(given(cassette)))
        #expect(Cassette.Ending.carriesCassetteError(Layer.transport(given(cassette))))
        #expect(Cassette.Ending.carriesCassetteError(Wrapper(cause: Layer.transport(given(cassette)))))
        #expect(Cassette.Ending.carriesCassetteError(NSError(domain: "App", code: 1, userInfo: [NSUnderlyingErrorKey: given(cassette)])))
        #expect(!Cassette.Ending.carriesCassetteError(Layer.other("no match")))
        #expect(!Cassette.Ending.carriesCassetteError(URLError(.cannotConnectToHost)))
    }

    @Test("a search stops a few levels down")
    func boundedDepth() {
        var error: any Error = given(cassette)
        for _ in 1...5 { error = Layer.transport(error) }
        #expect(!Cassette.Ending.carriesCassetteError(error))
    }

    @Test("a URL error, direct or wrapped, and nothing that only looks like one")
    func findsURLErrors() {
        let refused = URLError(.cannotConnectToHost)
        #expect(CarriedErrors.first(in: refused, CarriedErrors.urlError)?.code == URLError.cannotConnectToHost.rawValue)
        #expect(CarriedErrors.first(in: Layer.transport(refused), CarriedErrors.urlError)?.code == URLError.cannotConnectToHost.rawValue)
        #expect(CarriedErrors.first(in: NSError(domain: NSURLErrorDomain, code: -1009), CarriedErrors.urlError)?.code == -1009)
        #expect(CarriedErrors.first(in: NSError(domain: "App", code: -1004), CarriedErrors.urlError) == nil)
        #expect(CarriedErrors.first(in: Wrapper(cause: Layer.other("x")), CarriedErrors.urlError) == nil)
    }
}
