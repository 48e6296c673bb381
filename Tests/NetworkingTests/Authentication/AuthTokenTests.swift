import Foundation
import Testing
@testable import Networking

@Suite("AuthToken")
struct AuthTokenTests {
    @Test func tokensNeverAppearInDescriptions() {
        let token = AuthToken(accessToken: "secret-access", expiresAt: .distantFuture, refreshToken: "secret-refresh")
        #expect(!token.description.contains("secret"))
        #expect(!String(reflecting: token).contains("secret"))
        #expect(token.description.contains("Bearer"))
    }

    @Test func authorizationHeaderValue() {
        #expect(AuthToken(accessToken: "abc", expiresAt: .distantFuture).authorization == "Bearer abc")
        #expect(AuthToken.basic(user: "Aladdin", password: "open sesame").authorization == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(AuthToken.basic(user: "u", password: "p").expiresAt == .distantFuture)
    }
}
