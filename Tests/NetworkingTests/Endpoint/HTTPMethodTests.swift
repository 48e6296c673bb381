import Foundation
import Testing
@testable import Networking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTPMethod")
struct HTTPMethodTests {
    @Test func rawValuesAreTheWireNames() {
        let methods: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head]
        #expect(methods.map(\.rawValue) == ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"])
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod.patch.description == "PATCH")
    }

    @Test("the method reaches the server", arguments: [HTTPMethod.post, .put, .patch, .delete, .head, HTTPMethod(rawValue: "OPTIONS")])
    func sentOnTheWire(_ method: HTTPMethod) async throws {
        let server = StubServer(status: 204)
        _ = try await Router<TestAPI>(session: server.session).request(TestAPI(baseURL: server.baseURL, httpMethod: method))
        #expect(server.received.map(\.httpMethod) == [method.rawValue])
    }
}
